import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { gatewayWebhook } from '../../src/events/ingest/credentials.js';
import { SERVICE_WINDOW_MS } from '../../src/events/conversations/window.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, testRedisEnv, uniqueNamespace } from '../support/redis.js';

/** The window guard's "watched" mark restarts when the channel's webhook is (re)pointed at the gateway or a notification of it is refused. */
const ONPREM = 'channel-003';
const PUBLIC_URL = 'https://gateway.example';
const WINDOW = `query { channel(id: "${ONPREM}") { serviceWindow(contact: "4915100000499") { state } } }`;
const namespace = uniqueNamespace('window-watch');

describe('the watch of the window guard restarts (memory)', () => windowWatchSuite(() => ({})));
describeWithRedis('the watch of the window guard restarts (Redis)', () => windowWatchSuite(() => testRedisEnv(namespace)));

/** Marks the channel as watched since more than a window ago, with notifications arriving since: in the store the gateway runs on. */
async function markWatchedLong(harness: TestGateway, channelId: string): Promise<void> {
  const since = Date.now() - SERVICE_WINDOW_MS - 60_000;
  const redis = harness.gateway.services.redis;
  if (redis) {
    await redis.client.set(redis.key(`events:{${channelId}}:watched`), String(since), { PX: 60_000 });
    return;
  }
  const log = harness.gateway.services.events.log as unknown as { conversationState: { watched: Map<string, { sinceMs: number; lastMs: number }> } };
  log.conversationState.watched.set(channelId, { sinceMs: since, lastMs: Date.now() });
}

function windowWatchSuite(storeEnv: () => Record<string, string>) {
  let harness: TestGateway;

  beforeAll(async () => {
    harness = await startTestGateway({ PUBLIC_URL, CHANNEL_API_KEYS: JSON.stringify({ [ONPREM]: `sim-key-${ONPREM}` }), ...storeEnv() });
  });
  afterAll(async () => {
    await harness.close();
    if (harness.config.redisUrl) await dropNamespace(namespace, harness.config.redisUrl);
  });

  const state = async () => {
    const { body } = await harness.graphql<{ channel: { serviceWindow: { state: string } } }>(WINDOW);
    expect(body.errors).toBeUndefined();
    return body.data!.channel.serviceWindow.state;
  };
  /** The channel watched for more than a window: an unknown contact's window is known to be closed. */
  const watchedLong = async () => {
    await markWatchedLong(harness, ONPREM);
    expect(await state()).toBe('CLOSED');
  };
  const mutate = async (query: string) => expect((await harness.graphql(query)).body.errors).toBeUndefined();

  it('restarts on connectWebhookToGateway', async () => {
    await watchedLong();
    await mutate(`mutation { connectWebhookToGateway(channelId: "${ONPREM}") { url } }`);
    expect(await state()).toBe('UNKNOWN');
  });

  it("restarts on setWebhook to the gateway's URL, not to another one", async () => {
    await watchedLong();
    await mutate(`mutation { setWebhook(channelId: "${ONPREM}", input: { url: "https://elsewhere.example/hook" }) { url } }`);
    expect(await state()).toBe('CLOSED');
    const { url } = gatewayWebhook(harness.config, ONPREM);
    await mutate(`mutation { setWebhook(channelId: "${ONPREM}", input: { url: "${url}" }) { url } }`);
    expect(await state()).toBe('UNKNOWN');
  });

  it('restarts when the receiver answers a notification of the channel 503', async () => {
    await watchedLong();
    const refusing = jest.spyOn(harness.gateway.services.events, 'canAccept').mockReturnValue(false);
    try {
      const { url, headers } = gatewayWebhook(harness.config, ONPREM);
      const delivery = await fetch(url.replace(PUBLIC_URL, harness.url.replace(/\/graphql$/, '')), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [] }),
      });
      expect(delivery.status).toBe(503);
    } finally {
      refusing.mockRestore();
    }
    expect(await state()).toBe('UNKNOWN');
  });
}
