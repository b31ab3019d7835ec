import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import cors from 'cors';
import { specifiedRules } from 'graphql';
import { persistedQueryCache } from '../store/persisted-queries.js';
import { PersistedOperations } from './persisted-operations.js';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { presentsBearerToken } from '../identity/caller.js';
import { refuseOverEstimate } from '../datasources/call-budget.js';
import { webSocketEndpoint } from './websocket.js';
import { subscriptionCallbackPlugins } from './subscription-callback.js';
import { formatGraphQLError } from '../errors.js';
import type { Config } from '../config.js';
import { createContext, type Context } from '../context.js';
import { graphqlHttpHandler, isGraphqlPath } from './graphql-http.js';
import { queryCostPlugin } from './query-cost.js';
import { shareKeyOf } from './fair-share.js';
import { enforceBodyDeadline, releaseUnreadBody, requestIdOf, sendJson } from './request.js';
import { createLogger, type Logger } from '../observability/logger.js';
import { fieldErrorsPlugin } from '../resolvers/field-errors.js';
import { observabilityPlugin } from '../observability/plugin.js';
import { storeGuardPlugin } from '../store/store-guard.js';
import { graphqlBodyLimit, mediaRouter } from './media-route.js';
import { graphiqlRouter, landingPageWithGraphiqlFallback } from './graphiql.js';
import { listenOn } from './listen.js';
import { webhookReceiver, type WebhookReceiver } from './webhook-route.js';
import { buildSchema } from '../schema.js';
import { createServices, type Services } from '../services.js';
import { gatewayWebhook } from '../events/credentials.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';

export interface GatewayOptions {
  logger?: Logger;
  /** An already running simulator to use instead of starting one (tests). */
  simulator?: Simulator;
}

export interface Gateway {
  app: Express;
  httpServer: Server;
  apollo: ApolloServer<Context>;
  services: Services;
  /** The embedded simulator when no upstream URLs are configured. */
  simulator: Simulator | null;
  /** `POST /webhooks/:channelId`; `drain()` waits for accepted notifications to be published. */
  webhooks: WebhookReceiver;
  /** Listening URL of /graphql once started. */
  url: string;
  start(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Simulator mode: without upstream URLs the embedded simulator starts on a loopback port and
 * the gateway uses its first partner's credentials unless PARTNER_ID/PARTNER_TOKEN say otherwise,
 * so `npm start` serves a working graph at once.
 */
async function resolveUpstream(config: Config, options: GatewayOptions) {
  if (config.upstream) return { config, urls: config.upstream, simulator: null };
  const simulator =
    options.simulator ??
    (await startSimulator({
      port: config.simulator.port,
      latencyMs: config.simulator.latencyMs,
      webhooks: { liveEventsMs: config.simulator.liveEventsMs },
      wabaWebhookDelayMs: config.simulator.wabaWebhookDelayMs,
      // A fresh machine's first subscription works on every channel, cloud and on-premise alike: the embedded
      // simulator starts with each channel's webhook pointing at this gateway's receiver.
      initialWebhook: (channelId) => gatewayWebhook(config, channelId),
    }));
  const { credentials } = simulator;
  const simulatorConfig: Config = {
    ...config,
    partnerId: config.partnerId ?? credentials.partnerId,
    partnerToken: config.partnerToken ?? credentials.partnerToken,
    channelApiKeys: { ...credentials.channelApiKeys, ...config.channelApiKeys },
  };
  return { config: simulatorConfig, urls: simulator.urls, simulator: options.simulator ? null : simulator };
}

function requestIdMiddleware(request: Request, response: Response, next: NextFunction) {
  const requestId = requestIdOf(request);
  response.locals.requestId = requestId;
  response.setHeader('x-request-id', requestId);
  next();
}

/**
 * Depth, alias and directive limits (graphql-armor's validation rules): a query over a limit is
 * refused with GRAPHQL_VALIDATION_FAILED before any resolver, so before any upstream call. Cost is
 * not armor's (which grows with depth and ignores list sizes) but the schema's own `@cost` and
 * `@listSize`, once variables are known (query-cost.ts). The token limit is graphql-js's own
 * parser option and field suggestions are hidden by Apollo itself
 * (hideSchemaDetailsFromClientErrors), so armor's two Apollo plugins, which are typed against
 * Apollo's CommonJS build, are not needed.
 */
function queryValidationRules(config: Config) {
  const { maxDepth, maxAliases } = config.queryLimits;
  return new ApolloArmor({
    maxDepth: { n: maxDepth, ignoreIntrospection: true, flattenFragments: true },
    maxAliases: { n: maxAliases },
    costLimit: { enabled: false },
    maxDirectives: { n: 50 },
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }).protect().validationRules;
}

/** Any port of the local machine: what a front-end dev server (Vite, Next) runs on beside `npm start`. */
const LOCAL_DEV_ORIGINS = [/^http:\/\/localhost(:\d+)?$/, /^http:\/\/127\.0\.0\.1(:\d+)?$/];

/**
 * `*`: any origin; a list: those origins; unset on the embedded simulator: the local machine's origins, so a
 * front-end on another port works at once; otherwise no CORS headers, so browsers keep other origins out (and
 * no middleware at all: it would only look at every request to add nothing).
 */
function corsMiddleware(config: Config, embeddedSimulator: boolean) {
  const origins = config.corsOrigins;
  if (origins.length === 0 && !embeddedSimulator) return null;
  return cors({
    origin: origins.length === 0 ? LOCAL_DEV_ORIGINS : origins.includes('*') ? true : origins,
    methods: ['GET', 'POST', 'OPTIONS'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });
}

export async function createGateway(baseConfig: Config, options: GatewayOptions = {}): Promise<Gateway> {
  const logger = options.logger ?? createLogger(baseConfig.logLevel);
  const schema = buildSchema();
  // Subscriptions are held to the same query limits as HTTP operations, and so is every listed operation.
  const operationRules = [...specifiedRules, ...queryValidationRules(baseConfig)];
  // Before anything starts: a manifest written for another schema stops the start (ConfigError).
  const manifest = baseConfig.persistedOperations;
  const persistedOperations = manifest && new PersistedOperations(manifest, baseConfig.persistedOperationsOnly);
  persistedOperations?.checkAgainst(schema, operationRules);
  const { config, urls, simulator } = await resolveUpstream(baseConfig, options);
  const services = createServices({ config, upstreamUrls: urls, logger });

  const cors = corsMiddleware(config, simulator !== null);
  const app = express();
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  if (cors) app.use(cors);
  const httpServer = createServer({
    headersTimeout: config.httpTimeouts.headersMs,
    // Node's whole-request bound must let a streamed upload finish; other bodies get enforceBodyDeadline's.
    requestTimeout: Math.max(config.httpTimeouts.requestMs, config.media.transferTimeoutMs),
    // How often Node looks for connections past those bounds (its default, 30 s, would stretch a 10 s bound to 40 s).
    connectionsCheckingInterval: Math.min(1_000, config.httpTimeouts.headersMs),
  });

  // Subscriptions (graphql-ws) on the same server and path, with the same query limits as over HTTP.
  const subscriptions = webSocketEndpoint({
    httpServer,
    schema,
    validationRules: operationRules,
    config,
    services,
    persistedOperations,
  });

  const apollo = new ApolloServer<Context>({
    schema,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    logger,
    csrfPrevention: true,
    validationRules: queryValidationRules(config),
    parseOptions: { maxTokens: config.queryLimits.maxTokens },
    // Without introspection, "did you mean …" suggestions would reveal the schema piecemeal.
    hideSchemaDetailsFromClientErrors: !config.introspection,
    stopOnTerminationSignals: false,
    formatError: formatGraphQLError,
    persistedQueries: {
      cache: persistedOperations
        ? persistedOperations.automaticQueries(persistedQueryCache(services.redis && services.store, logger))
        : persistedQueryCache(services.redis && services.store, logger),
      ttl: config.apqTtlSeconds,
    },
    plugins: [
      // First: a listed operation's text replaces its id before any other plugin looks at the request.
      ...(persistedOperations ? [persistedOperations.plugin(services.metrics)] : []),
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: config.shutdownTimeoutMs }),
      // Open subscriptions end with 1001 Going Away when the server stops.
      { serverWillStart: async () => ({ drainServer: async () => subscriptions.dispose() }) },
      config.introspection ? landingPageWithGraphiqlFallback() : ApolloServerPluginLandingPageDisabled(),
      // No field carries cache hints; the plugin would otherwise run a hook on every resolved field.
      ApolloServerPluginCacheControlDisabled(),
      observabilityPlugin(services.metrics, logger),
      // Before any resolver: an operation whose cost (@cost/@listSize) is over MAX_QUERY_COST sends nothing.
      queryCostPlugin(config.queryLimits.maxCost, services.metrics, services.fairShare),
      // Before any resolver: an operation estimated over MAX_UPSTREAM_CALLS_PER_OPERATION sends nothing.
      {
        requestDidStart: async () => ({
          didResolveOperation: async ({ schema: operationSchema, document, operation, request }) => {
            if (operation) refuseOverEstimate(operationSchema, document, operation, request.variables, config.maxUpstreamCallsPerOperation);
          },
        }),
      },
      ...(services.tracing ? [services.tracing.plugin()] : []),
      // Without Redis there is no shared store to lose: no hook on every request.
      ...(services.redis ? [storeGuardPlugin(services)] : []),
      ...subscriptionCallbackPlugins(config.subscriptionCallbackOrigins, logger),
      fieldErrorsPlugin(),
    ],
  });

  const graphql = graphqlHttpHandler(apollo, {
    bodyLimitBytes: graphqlBodyLimit(config.media.inlineMaxBytes),
    bodyShape: config.bodyShape,
    middleware: [...(cors ? [cors] : []), ...(services.tracing ? [services.tracing.middleware()] : [])],
    enter: (request) => services.fairShare.enter(shareKeyOf(config, request.headers, request.socket.remoteAddress)),
    context: async (request, requestId) =>
      createContext(services, { headers: request.headers, requestId, shareKey: shareKeyOf(config, request.headers, request.socket.remoteAddress) }),
    onUnexpectedError: (error, requestId) => logger.error({ err: error, requestId }, 'unexpected error serving /graphql'),
  });
  const webhooks = webhookReceiver({ keystoreSecret: config.keystoreSecret, events: services.events, logger, metrics: services.metrics });
  // /graphql and the webhook receiver, the two hot paths, on node:http; Express for the rest.
  const isStreamedUpload = (request: IncomingMessage) => request.method === 'POST' && request.url?.startsWith('/media/') === true;
  httpServer.on('request', (request, response) => {
    if (!isStreamedUpload(request)) enforceBodyDeadline(request, response, config.httpTimeouts.requestMs);
    if (isGraphqlPath(request.url, '/graphql')) graphql(request, response);
    else if (!webhooks.handle(request, response)) app(request, response);
  });

  let draining = false;
  app.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  // Not ready while shutting down (the load balancer stops sending) or while a store does not answer.
  app.get('/readyz', async (_request, response) => {
    const storesUp = await services.ready();
    const ready = storesUp && !draining;
    response.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'unavailable',
      store: { kind: services.redis ? 'redis' : 'memory', up: storesUp },
      ...(draining && { draining: true }),
    });
  });
  const { metricsToken } = config;
  app.get('/metrics', async (request, response) => {
    if (metricsToken && !presentsBearerToken(request.headers.authorization, [metricsToken])) {
      response
        .status(401)
        .set('www-authenticate', 'Bearer realm="metrics"')
        .json({ error: { code: 'UNAUTHENTICATED', message: 'METRICS_TOKEN is set: scrape with Authorization: Bearer <token>' } });
      return;
    }
    response.type(services.metrics.registry.contentType).send(await services.metrics.text());
  });

  app.use('/media', mediaRouter(services));
  // Like the Sandbox, only where introspection is on: GraphiQL needs the schema.
  if (config.introspection) app.use(graphiqlRouter());
  // One JSON error shape on every route: unknown routes and Express's own failures (a malformed URL
  // such as /media/%E0%A4%A/x, a body it could not read) never answer its HTML page, a stack or a path.
  app.use((request: Request, response: Response) => {
    releaseUnreadBody(request, response);
    sendJson(response, 404, { error: { code: 'NOT_FOUND', message: 'No such route' } });
  });
  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    const status = Number((error as { status?: unknown } | null)?.status);
    const refused = status >= 400 && status < 500;
    if (!refused) logger.error({ err: error, requestId: response.locals.requestId as string }, 'unexpected error on an HTTP route');
    releaseUnreadBody(request, response);
    sendJson(
      response,
      refused ? status : 500,
      refused
        ? { error: { code: 'BAD_USER_INPUT', message: 'The request could not be read (malformed URL, header or body)' } }
        : { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' } },
    );
  });

  let url = '';
  const gateway: Gateway = {
    app,
    httpServer,
    apollo,
    services,
    simulator,
    webhooks,
    get url() {
      return url;
    },
    async start() {
      // Commands fail at once while Redis is not connected, so give the first connection its chance.
      if (services.redis && !(await services.redis.ready())) {
        logger.warn('Redis is not answering yet: /readyz stays 503 until it does');
      } else if (services.redis) {
        await services.redis.checkServer();
      }
      await apollo.start();
      await listenOn(httpServer, config.port, config.host, 'PORT');
      const { port } = httpServer.address() as AddressInfo;
      url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/graphql`;
      return url;
    },
    /**
     * Graceful and bounded: readiness turns false, the listener closes, in-flight requests finish
     * (the drain plugin force-closes what is left after SHUTDOWN_TIMEOUT_MS; open subscriptions
     * are closed with 1001 Going Away by the events drain), then the stores disconnect.
     */
    async stop() {
      draining = true;
      await apollo.stop();
      // Publishing accepted webhook events needs Redis: bounded, so a hung Redis cannot block the exit.
      await Promise.race([webhooks.drain(), sleep(config.shutdownTimeoutMs, undefined, { ref: false })]);
      await services.close();
      if (simulator) await simulator.close();
    },
  };
  return gateway;
}
