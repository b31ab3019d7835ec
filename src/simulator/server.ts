import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import type { UpstreamUrls } from '../config.js';
import { listenOn } from '../http/listen.js';
import { controlRouter, FaultInjector } from './control-routes.js';
import { latencyMiddleware } from './latency.js';
import { mediaRoutes, mediaSimState } from './media-routes.js';
import { messagingRoutes } from './messaging-routes.js';
import { insightsRouter } from './insights-routes.js';
import { partnerOperationsRouter, type BalanceRateLimit } from './partner-ops-routes.js';
import { partnerRouter } from './partner-routes.js';
import { RequestRecorder } from './recorder.js';
import { seedState } from './seed.js';
import type { SimState } from './state.js';
import { WebhookDelivery, type WebhookDeliveryOptions } from './webhook-delivery.js';

/** Path of each area's root on the simulator; the gateway's four URLs point at these. */
export const SIM_ROOTS = {
  partner: '/api/v2',
  cloud: '/cloud',
  onPremise: '/onprem',
  insights: '/insights',
} as const;

export interface SimulatorOptions {
  port?: number;
  host?: string;
  /** The upstream's latency: every answer leaves this long after its request arrived (see latency.ts). */
  latencyMs?: number;
  state?: SimState;
  /** Webhook notification delivery (re-delivery backoff, failing recipients, live incoming messages). */
  webhooks?: WebhookDeliveryOptions;
  /**
   * How long after it is set a business-account webhook takes effect (the upstream: 15–20 s;
   * SIMULATOR_WABA_WEBHOOK_DELAY_MS, default 15000, for the embedded and the stand-alone simulator). Unset: at once,
   * for tests that do not need the delay.
   */
  wabaWebhookDelayMs?: number;
  /** A2's upstream limit; the spec's 5 per 30 s unless a test shortens the window. */
  balanceRateLimit?: BalanceRateLimit;
}

export interface SimulatorContext {
  state: SimState;
  recorder: RequestRecorder;
  /**
   * Happenings other simulator parts react to, e.g. `message-accepted` ({channelId, messageId,
   * to, error?}) emitted by the send route, on which webhook delivery schedules status notifications
   * (one `failed` carrying `error` when it is set).
   */
  events: EventEmitter;
  /** Base URL once listening (e.g. http://127.0.0.1:43121). */
  baseUrl: () => string;
  options: SimulatorOptions;
}

export interface Simulator extends SimulatorContext {
  server: Server;
  /** Injected upstream failures; also reachable over HTTP at `/_control/faults`. */
  faults: FaultInjector;
  /** Notifications sent to the configured webhooks; also `/_control/inbound`. */
  webhookDelivery: WebhookDelivery;
  urls: UpstreamUrls;
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const state = options.state ?? seedState();
  const recorder = new RequestRecorder();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  let baseUrl = '';
  const context: SimulatorContext = { state, recorder, events: new EventEmitter(), baseUrl: () => baseUrl, options };
  void context;

  // First, so a request's arrival is stamped before anything else is done with it.
  if (options.latencyMs) app.use(latencyMiddleware(options.latencyMs));
  app.use(express.json({ limit: '2mb', type: ['application/json'] }));
  app.use(recorder.middleware());
  const faults = new FaultInjector();
  app.use('/_control', controlRouter(faults));
  const webhookDelivery = new WebhookDelivery(context, options.webhooks);
  app.use('/_control', webhookDelivery.router());
  app.use(faults.middleware());
  app.use(SIM_ROOTS.partner, partnerRouter(state));
  app.use(SIM_ROOTS.partner, partnerOperationsRouter(state, options.balanceRateLimit));
  app.use(SIM_ROOTS.insights, insightsRouter(state));
  const messaging = messagingRoutes(context);
  app.use('/_control', messaging.control);
  app.use(SIM_ROOTS.cloud, messaging.cloud);
  app.use(SIM_ROOTS.onPremise, messaging.onPremise);
  const media = mediaRoutes(context);
  app.use(SIM_ROOTS.cloud, media.cloud);
  app.use(SIM_ROOTS.onPremise, media.onPremise);
  app.use((_request: Request, response: Response) => {
    response.status(404).json({ error: { code: 404, message: 'no such endpoint' } });
  });

  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await listenOn(server, options.port ?? 0, options.host ?? '127.0.0.1', 'SIMULATOR_PORT');
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...context,
    server,
    faults,
    webhookDelivery,
    urls: {
      partner: `${baseUrl}${SIM_ROOTS.partner}`,
      cloud: `${baseUrl}${SIM_ROOTS.cloud}`,
      onPremise: `${baseUrl}${SIM_ROOTS.onPremise}`,
      insights: `${baseUrl}${SIM_ROOTS.insights}`,
    },
    close: async () => {
      await webhookDelivery.close();
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      // Uploaded files go with the simulator: test and bench runs leave no temp directories behind.
      mediaSimState(state).removeDir();
    },
  };
}
