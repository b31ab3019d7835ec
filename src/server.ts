import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import express, { type Express } from 'express';
import type { Config, UpstreamUrls } from './config.js';
import { createContext, type Context } from './context.js';
import { createLogger, type Logger } from './logger.js';
import { fieldErrorsPlugin } from './plugins/field-errors.js';
import { buildSchema } from './schema.js';
import { createServices, type Services } from './services.js';
import { SIM_PARTNERS } from './simulator/seed.js';
import { startSimulator, type Simulator } from './simulator/server.js';

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
    options.simulator ?? (await startSimulator({ port: config.simulator.port, latencyMs: config.simulator.latencyMs }));
  const demo = SIM_PARTNERS[0];
  const channelKeys = Object.fromEntries([...simulator.state.apiKeys].map(([key, channelId]) => [channelId, key]));
  const simulatorConfig: Config = {
    ...config,
    partnerId: config.partnerId ?? demo.id,
    partnerToken: config.partnerToken ?? demo.token,
    channelApiKeys: { ...channelKeys, ...config.channelApiKeys },
  };
  return { config: simulatorConfig, urls: simulator.urls as UpstreamUrls, simulator: options.simulator ? null : simulator };
}

export async function createGateway(baseConfig: Config, options: GatewayOptions = {}): Promise<Gateway> {
  const logger = options.logger ?? createLogger(baseConfig.logLevel);
  const { config, urls, simulator } = await resolveUpstream(baseConfig, options);
  const services = createServices({ config, upstreamUrls: urls, logger });

  const app = express();
  app.disable('x-powered-by');
  const httpServer = createServer(app);

  const apollo = new ApolloServer<Context>({
    schema: buildSchema(),
    introspection: config.introspection,
    includeStacktraceInErrorResponses: false,
    logger,
    csrfPrevention: true,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      config.introspection
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false })
        : ApolloServerPluginLandingPageDisabled(),
      fieldErrorsPlugin(),
    ],
  });

  app.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });

  let url = '';
  const gateway: Gateway = {
    app,
    httpServer,
    apollo,
    services,
    simulator,
    get url() {
      return url;
    },
    async start() {
      await apollo.start();
      app.use(
        '/graphql',
        express.json({ limit: '1mb' }),
        expressMiddleware(apollo, {
          context: async ({ req }) =>
            createContext(services, {
              headers: req.headers,
              requestId: (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
            }),
        }),
      );
      await new Promise<void>((resolve) => httpServer.listen(config.port, config.host, resolve));
      const { port } = httpServer.address() as AddressInfo;
      url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/graphql`;
      return url;
    },
    async stop() {
      await apollo.stop();
      await services.close();
      if (simulator) await simulator.close();
    },
  };
  return gateway;
}
