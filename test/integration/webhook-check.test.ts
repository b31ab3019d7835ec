import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gatewayWebhookUrl } from '../../src/events/credentials.js';
import { SUBSCRIPTIONS, collect, connectWs, waitUntil, type WsConnection } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

// Seeded channels: 001 and 002 are cloud, 003 and 006 on-premise; each test uses its own channel or sets its webhook first.
const CLOUD = 'channel-001';
const OTHER_CLOUD = 'channel-002';
const ONPREM = 'channel-003';
const UNCONNECTED = 'channel-006';
const KEYS = Object.fromEntries([CLOUD, OTHER_CLOUD, ONPREM, UNCONNECTED].map((id) => [id, `sim-key-${id}`]));
// No port: cloud webhooks refuse one, and this gateway must be connectable on both hostings.
const PUBLIC_URL = 'https://gateway.example';

describe('subscriptions never wait in silence (WEBHOOK_CHECK=enforce)', () => {
  let harness: TestGateway;
  let connection: WsConnection;

  beforeAll(async () => {
    harness = await startTestGateway({ WEBHOOK_CHECK: 'enforce', PUBLIC_URL, CHANNEL_API_KEYS: JSON.stringify(KEYS) });
    connection = connectWs(harness.url);
  });

  afterAll(async () => {
    await connection.dispose();
    await harness.close();
  });

  const openSubscriptions = async () => (await harness.gateway.services.metrics.openSubscriptions.get()).values[0]?.value ?? 0;

  /** Subscribes and answers the refusal's error, or null once the subscription is open. */
  async function subscribe(channelId: string) {
    const before = await openSubscriptions();
    const subscription = collect(connection, SUBSCRIPTIONS.messages, { channelId }, 'messageReceived');
    await waitUntil(async () => subscription.errors.length > 0 || (await openSubscriptions()) > before, `subscription on ${channelId} settled`);
    subscription.unsubscribe();
    await waitUntil(async () => (await openSubscriptions()) <= before, 'subscription closed');
    return (subscription.errors[0] as { extensions?: Record<string, unknown>; message: string } | undefined) ?? null;
  }

  const mutate = (query: string) => harness.graphql(query).then(({ body }) => expect(body.errors).toBeUndefined());

  it('refuses a channel without a webhook with WEBHOOK_NOT_CONNECTED and a hint naming connectWebhookToGateway', async () => {
    const error = await subscribe(UNCONNECTED);
    expect(error?.message).toBe(`Channel ${UNCONNECTED} has no webhook, so no event of it reaches this gateway`);
    expect(error?.extensions).toMatchObject({
      code: 'WEBHOOK_NOT_CONNECTED',
      channelId: UNCONNECTED,
      hint: expect.stringContaining('connectWebhookToGateway'),
    });
  });

  it('accepts once connected, and refuses at once after the webhook is moved elsewhere through the gateway', async () => {
    await mutate(`mutation { connectWebhookToGateway(channelId: "${ONPREM}") { url } }`);
    expect(await subscribe(ONPREM)).toBeNull();
    await mutate(`mutation { setWebhook(channelId: "${ONPREM}", input: { url: "https://elsewhere.example/hook" }) { url } }`);
    expect((await subscribe(ONPREM))?.extensions).toMatchObject({ code: 'WEBHOOK_NOT_CONNECTED' });
  });

  it("accepts a cloud channel without a number-level webhook whose business account's webhook points here", async () => {
    const url = gatewayWebhookUrl(PUBLIC_URL, OTHER_CLOUD);
    await mutate(`mutation { setWabaWebhook(channelId: "${OTHER_CLOUD}", input: { url: "${url}", headers: {} }) { url } }`);
    expect(await subscribe(OTHER_CLOUD)).toBeNull();
  });

  it('reads the webhook once for repeated checks (cached briefly)', async () => {
    await mutate(`mutation { connectWebhookToGateway(channelId: "${CLOUD}") { url } }`);
    harness.simulator.recorder.clear();
    expect(await subscribe(CLOUD)).toBeNull();
    expect(await subscribe(CLOUD)).toBeNull();
    expect(harness.simulator.recorder.matching(/configs\/webhook$/, 'GET')).toHaveLength(1);
  });

  it('does not let a failing check block the subscription', async () => {
    harness.simulator.faults.add({ path: 'configs/webhook$', method: 'GET', status: 500 });
    try {
      await mutate(`mutation { setWebhook(channelId: "${CLOUD}", input: { url: "https://elsewhere.example/hook" }) { url } }`);
      expect(await subscribe(CLOUD)).toBeNull();
      expect(harness.logs.entries()).toContainEqual(expect.objectContaining({ msg: 'webhook check failed: subscribing without it', channelId: CLOUD }));
    } finally {
      harness.simulator.faults.clear();
    }
  });
});
