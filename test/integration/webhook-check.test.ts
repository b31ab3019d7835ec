import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gatewayWebhookUrl } from '../../src/events/ingest/credentials.js';
import { SUBSCRIPTIONS, collect, connectWs, waitUntil, type WsConnection } from '../support/events.js';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, testRedisEnv, uniqueNamespace } from '../support/redis.js';

// Seeded channels: 001 and 002 are cloud, 003 and 006 on-premise; each test uses its own channel or sets its webhook first.
// 007 and 008 are cloud numbers of one business account (waba-2) without webhooks of their own.
const CLOUD = 'channel-001';
const OTHER_CLOUD = 'channel-002';
const ONPREM = 'channel-003';
const UNCONNECTED = 'channel-006';
const ACCOUNT_SETTER = 'channel-007';
const ACCOUNT_NEIGHBOUR = 'channel-008';
const KEYS = Object.fromEntries([CLOUD, OTHER_CLOUD, ONPREM, UNCONNECTED, ACCOUNT_SETTER, ACCOUNT_NEIGHBOUR].map((id) => [id, `sim-key-${id}`]));
// No port: cloud webhooks refuse one, and this gateway must be connectable on both hostings.
const PUBLIC_URL = 'https://gateway.example';
const redisNamespace = uniqueNamespace('webhook-check');

describe('subscriptions never wait in silence (WEBHOOK_CHECK=enforce, memory)', () => webhookCheckSuite(() => ({})));
describeWithRedis('subscriptions never wait in silence (WEBHOOK_CHECK=enforce, Redis)', () => webhookCheckSuite(() => testRedisEnv(redisNamespace)));

function webhookCheckSuite(storeEnv: () => Record<string, string>) {
  let harness: TestGateway;
  let connection: WsConnection;

  beforeAll(async () => {
    harness = await startTestGateway({ WEBHOOK_CHECK: 'enforce', PUBLIC_URL, CHANNEL_API_KEYS: JSON.stringify(KEYS), ...storeEnv() });
    connection = connectWs(harness.url);
  });

  afterAll(async () => {
    await connection.dispose();
    await harness.close();
    if (harness.config.redisUrl) await dropNamespace(redisNamespace, harness.config.redisUrl);
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

  const WEBHOOK = `query ($id: ID!) { channel(id: $id) { webhook { url } } }`;
  const WABA_WEBHOOK = `query ($id: ID!) { channel(id: $id) { wabaWebhook { url activatesAt } } }`;
  const read = async <T>(query: string, id: string) => {
    const { body } = await harness.graphql<{ channel: T }>(query, { id });
    expect(body.errors).toBeUndefined();
    return body.data!.channel;
  };

  it('reads the webhook afresh for every check and every read: a key created outside the gateway shows at once', async () => {
    await mutate(`mutation { connectWebhookToGateway(channelId: "${CLOUD}") { url } }`);
    harness.simulator.recorder.clear();
    expect(await subscribe(CLOUD)).toBeNull();
    expect(await subscribe(CLOUD)).toBeNull();
    expect(harness.simulator.recorder.matching(/configs\/webhook$/, 'GET')).toHaveLength(2);
    expect(await read<{ webhook: { url: string } | null }>(WEBHOOK, CLOUD)).toEqual({ webhook: { url: gatewayWebhookUrl(PUBLIC_URL, CLOUD) } });

    // A6 called by another tool: the upstream removes the number's webhook (spec A6); the old key keeps working here.
    const created = await fetch(`${harness.simulator.baseUrl()}/api/v2/partners/${ACME.id}/channels/${CLOUD}/api_keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ACME.token}` },
    });
    expect(created.status).toBe(200);
    expect(await read(WEBHOOK, CLOUD)).toEqual({ webhook: null });
    // Now its business account's webhook serves it: a sibling's receiver URL, which routes by the notification's number.
    expect(await subscribe(CLOUD)).toBeNull();
    await mutate(`mutation { setWabaWebhook(channelId: "${CLOUD}", input: { url: "https://elsewhere.example/hook", headers: {} }) { url } }`);
    expect((await subscribe(CLOUD))?.extensions).toMatchObject({ code: 'WEBHOOK_NOT_CONNECTED' });
  });

  it("shows a business-account webhook set through one number on the account's other numbers at once", async () => {
    expect(await read(WABA_WEBHOOK, ACCOUNT_NEIGHBOUR)).toEqual({ wabaWebhook: { url: null, activatesAt: null } });
    expect((await subscribe(ACCOUNT_NEIGHBOUR))?.extensions).toMatchObject({ code: 'WEBHOOK_NOT_CONNECTED' });
    const url = gatewayWebhookUrl(PUBLIC_URL, ACCOUNT_NEIGHBOUR);
    await mutate(`mutation { setWabaWebhook(channelId: "${ACCOUNT_SETTER}", input: { url: "${url}", headers: {} }) { url } }`);
    expect(await read(WABA_WEBHOOK, ACCOUNT_NEIGHBOUR)).toEqual({ wabaWebhook: { url, activatesAt: null } });
    expect(await subscribe(ACCOUNT_NEIGHBOUR)).toBeNull();
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
}

describe('a business-account webhook takes effect after the upstream delay (SIMULATOR_WABA_WEBHOOK_DELAY_MS)', () => {
  const DELAY_MS = 400;
  let harness: TestGateway;

  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) }, { wabaWebhookDelayMs: DELAY_MS });
  });
  afterAll(async () => {
    await harness.close();
  });

  const wabaUrl = async (channelId: string) => {
    const { body } = await harness.graphql<{ channel: { wabaWebhook: { url: string | null } } }>(
      `query ($id: ID!) { channel(id: $id) { wabaWebhook { url } } }`,
      { id: channelId },
    );
    return body.data!.channel.wabaWebhook.url;
  };

  it('answers setWabaWebhook with the latest activation time, and reads show the change only once the upstream applied it', async () => {
    const before = Date.now();
    const { body } = await harness.graphql<{ setWabaWebhook: { url: string; activatesAt: string; message: string } }>(
      `mutation { setWabaWebhook(channelId: "${ACCOUNT_SETTER}", input: { url: "https://account.example/waba", headers: {} }) { url activatesAt message } }`,
    );
    expect(body.errors).toBeUndefined();
    const activatesAt = Date.parse(body.data!.setWabaWebhook.activatesAt);
    // The upstream takes 15 to 20 s: the answer names the later bound.
    expect(activatesAt).toBeGreaterThanOrEqual(before + 20_000);
    expect(activatesAt).toBeLessThanOrEqual(Date.now() + 20_000);
    expect(await wabaUrl(ACCOUNT_NEIGHBOUR)).toBeNull();
    await waitUntil(async () => (await wabaUrl(ACCOUNT_NEIGHBOUR)) === 'https://account.example/waba', 'the business-account webhook applied');
    expect(Date.now() - before).toBeGreaterThanOrEqual(DELAY_MS);
  });
});
