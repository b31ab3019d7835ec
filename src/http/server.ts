import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApolloServer } from '@apollo/server';
import type { Express } from 'express';
import { specifiedRules } from 'graphql';
import type { Config } from '../config.js';
import type { Context } from '../context.js';
import { createLogger, type Logger } from '../observability/logger.js';
import { buildSchema } from '../schema.js';
import { createServices, type Services } from '../services.js';
import { createApolloServer } from './apollo-server.js';
import { corsMiddleware } from './cors.js';
import { expressApp } from './express-app.js';
import { fairShareDoor } from './fair-share-door.js';
import { graphqlHttpHandler, isGraphqlPath } from './graphql-http.js';
import { listenOn } from './listen.js';
import { graphqlBodyLimit } from './media-route.js';
import { PersistedOperations } from './persisted-operations.js';
import { queryLimitRules } from './query-limits.js';
import { enforceBodyDeadline } from './request.js';
import { webhookReceiver, type WebhookReceiver } from './webhook-route.js';
import { webSocketEndpoint } from './websocket.js';
import { identity, operationPipeline } from './pipeline.js';

export interface GatewayOptions {
  logger?: Logger;
}

export interface Gateway {
  app: Express;
  httpServer: Server;
  apollo: ApolloServer<Context>;
  services: Services;
  /** `POST /webhooks/:channelId`; `drain()` waits for accepted notifications to be published. */
  webhooks: WebhookReceiver;
  /** Listening URL of /graphql once started. */
  url: string;
  start(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The gateway on its upstream roots (`config.upstream`: the configured ones, or the embedded simulator's, which
 * main.ts starts first): Apollo Server, the WebSocket server and the HTTP routes on one node:http server.
 */
export async function createGateway(config: Config, options: GatewayOptions = {}): Promise<Gateway> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const schema = buildSchema();
  const limitRules = queryLimitRules(config.queryLimits);
  // Subscriptions are held to the same query limits as HTTP operations, and so is every listed operation.
  const operationRules = [...specifiedRules, ...limitRules];
  // Before anything starts: a manifest written for another schema stops the start (ConfigError).
  const manifest = config.persistedOperations;
  const persistedOperations = manifest && new PersistedOperations(manifest, config.persistedOperationsOnly);
  persistedOperations?.checkAgainst(schema, operationRules);
  if (!config.upstream) throw new Error('no upstream URLs: set the four upstream roots, or start the embedded simulator first (main.ts)');
  const services = await createServices({ config, upstreamUrls: config.upstream, logger });

  const httpServer = createServer({
    headersTimeout: config.httpTimeouts.headersMs,
    // Node's whole-request bound must let a streamed upload finish; other bodies get enforceBodyDeadline's.
    requestTimeout: Math.max(config.httpTimeouts.requestMs, config.media.transferTimeoutMs),
    // How often Node looks for connections past those bounds (its default, 30 s, would stretch a 10 s bound to 40 s).
    connectionsCheckingInterval: Math.min(1_000, config.httpTimeouts.headersMs),
  });
  // Subscriptions (graphql-ws) on the same server and path, with the same query limits as over HTTP.
  // The steps every operation passes, once for both transports.
  const steps = operationPipeline({ config, services, logger, persistedOperations, schema, validationRules: operationRules });
  const subscriptions = webSocketEndpoint({ httpServer, schema, validationRules: operationRules, config, services, steps });
  const apollo = createApolloServer({ schema, validationRules: limitRules, config, services, logger, httpServer, subscriptions, persistedOperations, steps });

  const cors = corsMiddleware(config);
  const graphql = graphqlHttpHandler(apollo, {
    bodyLimitBytes: graphqlBodyLimit(config.media.inlineMaxBytes),
    bodyShape: config.bodyShape,
    middleware: [...(cors ? [cors] : []), ...(services.tracing ? [services.tracing.middleware()] : [])],
    shareKeyOf: (request) => services.shareKeys.of(request.headers, request.socket.remoteAddress),
    door: fairShareDoor({
      enter: (shareKey) => services.fairShare.enter(shareKey),
      maxHeldRefusalsPerCaller: config.fairShare.maxInFlight,
      chargeRefused: (shareKey, operations) => services.fairShare.chargeRefused(shareKey, operations * config.queryLimits.maxCost),
      countRefusal: (reason, status) => services.metrics.graphqlRefusals.inc({ reason, status: String(status) }),
    }),
    context: (request, requestId, shareKey) => identity.context(services, { headers: request.headers, requestId, shareKey }),
    onUnexpectedError: (error, requestId) => logger.error({ err: error, requestId }, 'unexpected error serving /graphql'),
  });
  const webhooks = webhookReceiver({
    keystoreSecret: config.keystoreSecret,
    events: services.events,
    directory: services.channelDirectory,
    logger,
    metrics: services.metrics,
  });
  let draining = false;
  const app = expressApp({ config, services, schema, logger, cors, draining: () => draining });
  // /graphql and the webhook receiver, the two hot paths, on node:http; Express for the rest.
  const isStreamedUpload = (request: IncomingMessage) => request.method === 'POST' && request.url?.startsWith('/media/') === true;
  httpServer.on('request', (request, response) => {
    if (!isStreamedUpload(request)) enforceBodyDeadline(request, response, config.httpTimeouts.requestMs);
    if (isGraphqlPath(request.url, '/graphql')) graphql(request, response);
    else if (!webhooks.handle(request, response)) app(request, response);
  });

  let url = '';
  return {
    app,
    httpServer,
    apollo,
    services,
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
    },
  };
}
