import { startSimulator, type Simulator } from '../simulator/server.js';
import type { Config } from './config.js';
import { gatewayWebhook } from './events/credentials.js';

/**
 * Simulator mode, `npm start` with no upstream root set: the simulator on a loopback port, and the gateway's config
 * pointed at it (its URLs, its first partner's credentials unless PARTNER_ID/PARTNER_TOKEN say otherwise, every
 * seeded API key beside CHANNEL_API_KEYS), so a fresh clone serves a working graph at once.
 */
export async function startEmbeddedSimulator(config: Config): Promise<{ simulator: Simulator; gatewayConfig: Config }> {
  const simulator = await startSimulator({
    port: config.simulator.port,
    latencyMs: config.simulator.latencyMs,
    webhooks: { liveEventsMs: config.simulator.liveEventsMs },
    wabaWebhookDelayMs: config.simulator.wabaWebhookDelayMs,
    templateReviewMs: config.simulator.templateReviewMs,
    // A fresh machine's first subscription works on every channel, cloud and on-premise alike: the simulator
    // starts with each channel's webhook pointing at this gateway's receiver.
    initialWebhook: (channelId) => gatewayWebhook(config, channelId),
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
