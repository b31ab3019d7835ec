import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import type { SimulatorContext } from './context.js';
import { controlRouter, FaultInjector } from './control-routes.js';
import { latencyMiddleware } from './latency.js';
import { mediaRoutes, mediaSimState } from './media-routes.js';
import { messagingRoutes, SIM_TEMPLATE_REVIEW_MS } from './messaging-routes.js';
import { insightsRouter } from './insights-routes.js';
import { partnerOperationsRouter, type BalanceRateLimit } from './partner-ops-routes.js';
import { partnerRouter } from './partner-routes.js';
import { RequestRecorder } from './recorder.js';
import { SIM_PARTNERS, seedState } from './seed.js';
import type { SimState, SimWebhook } from './state.js';
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
  /**
   * How long after its creation a template is reviewed and the review notified to the creating channel's webhook
   * (SIMULATOR_TEMPLATE_REVIEW_MS, default 10000 here too: a test that wants the review sooner says so).
   */
  templateReviewMs?: number;
  /** A2's upstream limit; the spec's 5 per 30 s unless a test shortens the window. */
  balanceRateLimit?: BalanceRateLimit;
  /**
   * The number-level webhook each channel has when the simulator starts (the embedded simulator: the gateway's own
   * receiver, so a fresh machine's first subscription works on every channel of the partner it serves); null: none.
   * Unset: none.
   */
  initialWebhook?: (channel: { id: string; partnerId: string }) => SimWebhook | null;
}

/** What a client of this upstream needs: the first seeded partner's id and token, and each channel's area-B key. */
export interface SimulatorCredentials {
  partnerId: string;
  partnerToken: string;
  /** Channel id → SVC-API-KEY, as issued when the simulator started. */
  channelApiKeys: Record<string, string>;
}

/** The root URL of each area: {base_url}, {cloud_url}, {onprem_url} and {insights_url} of the interface. */
export interface SimulatorUrls {
  partner: string;
  cloud: string;
  onPremise: string;
  insights: string;
}

export interface Simulator extends SimulatorContext {
  server: Server;
  /** Injected upstream failures; also reachable over HTTP at `/_control/faults`. */
  faults: FaultInjector;
  /** Notifications sent to the configured webhooks; also `/_control/inbound`. */
  webhookDelivery: WebhookDelivery;
  urls: SimulatorUrls;
  credentials: SimulatorCredentials;
  close(): Promise<void>;
}

/** The four API roots of a simulator listening at `baseUrl`. */
export function simulatorUrls(baseUrl: string): SimulatorUrls {
  return {
    partner: `${baseUrl}${SIM_ROOTS.partner}`,
    cloud: `${baseUrl}${SIM_ROOTS.cloud}`,
    onPremise: `${baseUrl}${SIM_ROOTS.onPremise}`,
    insights: `${baseUrl}${SIM_ROOTS.insights}`,
  };
}

/** The credentials a gateway needs against a simulator holding `state`: the first seeded partner and each channel's API key. */
export function simulatorCredentials(state: SimState): SimulatorCredentials {
  return {
    partnerId: SIM_PARTNERS[0].id,
    partnerToken: SIM_PARTNERS[0].token,
    channelApiKeys: Object.fromEntries([...state.apiKeys].map(([key, channelId]) => [channelId, key])),
  };
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const state = options.state ?? seedState();
  if (options.initialWebhook) {
    for (const channel of state.channels.values()) {
      const webhook = options.initialWebhook({ id: channel.id, partnerId: channel.partner_id });
      if (webhook) state.webhooks.set(channel.id, webhook);
    }
  }
  const recorder = new RequestRecorder();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  let baseUrl = '';
  const context: SimulatorContext = {
    state,
    recorder,
    events: new EventEmitter(),
    baseUrl: () => baseUrl,
    wabaWebhookDelayMs: options.wabaWebhookDelayMs ?? 0,
    templateReviewMs: options.templateReviewMs ?? SIM_TEMPLATE_REVIEW_MS,
  };

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
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...context,
    server,
    faults,
    webhookDelivery,
    credentials: simulatorCredentials(state),
    urls: simulatorUrls(baseUrl),
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

/** `server.listen` that rejects (instead of an unhandled 'error' event) and says which variable to change. */
async function listen(server: Server, port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new Error(`SIMULATOR_PORT ${port} is already in use on ${host}: stop the process listening there, or set SIMULATOR_PORT to a free port`));
      } else if (error.code === 'EACCES') {
        reject(new Error(`SIMULATOR_PORT ${port} needs privileges this process does not have on ${host}: set SIMULATOR_PORT to a port above 1023`));
      } else {
        reject(error);
      }
    };
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}
