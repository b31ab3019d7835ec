import { SIM_PARTNERS } from '../simulator/seed.js';
import { startSimulator, type Simulator } from '../simulator/server.js';
import type { Config } from './config.js';
import { gatewayWebhook } from './events/ingest/credentials.js';

/**
 * Simulator mode, `npm start` with no upstream root set: the simulator on a loopback port, and the gateway's config
 * pointed at it (its URLs, its first partner's credentials unless PARTNER_ID/PARTNER_TOKEN say otherwise, every
 * seeded API key beside CHANNEL_API_KEYS), so a fresh clone serves a working graph at once.
 */
export async function startEmbeddedSimulator(config: Config): Promise<{ simulator: Simulator; gatewayConfig: Config }> {
  const servedPartnerId = config.partnerId ?? SIM_PARTNERS[0].id;
  const simulator = await startSimulator({
    port: config.simulator.port,
    latencyMs: config.simulator.latencyMs,
    webhooks: { liveEventsMs: config.simulator.liveEventsMs },
    wabaWebhookDelayMs: config.simulator.wabaWebhookDelayMs,
    templateReviewMs: config.simulator.templateReviewMs,
    // A fresh machine's first subscription works on every channel, cloud and on-premise alike: the simulator
    // starts with each channel's webhook pointing at this gateway's receiver. Only the served partner's: the other
    // seeded partner's channels are no business of this gateway, whose credential cannot look their numbers up
    // (every live notification of them was logged as unverified).
    initialWebhook: (channel) => (channel.partnerId === servedPartnerId ? gatewayWebhook(config, channel.id) : null),
  });
  const { credentials } = simulator;
  return {
    simulator,
    gatewayConfig: {
      ...config,
      upstream: simulator.urls,
      partnerId: config.partnerId ?? credentials.partnerId,
      partnerToken: config.partnerToken ?? credentials.partnerToken,
      channelApiKeys: { ...credentials.channelApiKeys, ...config.channelApiKeys },
    },
  };
}
