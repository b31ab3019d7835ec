import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { gatewayWebhook, webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { PartnerApi } from '../../src/datasources/partner-api.js';
import { DIRECTORY_LOOKUP_BUDGET_MS } from '../../src/events/ingest/channel-directory.js';
import { collect, connectWs, postNotification, waitUntil, type WsConnection } from '../support/events.js';
import { WABA_WEBHOOK_ACTIVATION_MS } from '../../src/messaging/webhooks.js';
import { startEmbeddedGateway, type EmbeddedGateway } from '../support/embedded-gateway.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, testRedisEnv, uniqueNamespace } from '../support/redis.js';
import { freePort } from '../support/free-port.mjs';

// Seeded business account waba-2 of partner-acme: cloud numbers 005 (+49 30 5550004), 007 (…0006) and 008 (…0007),
// on-premise 006. Channel 001 is of the same partner on waba-1; channel 015 is partner-globex's.
const RECEIVING = 'channel-005';
const SIBLING = 'channel-007';
const NEIGHBOUR = 'channel-008';
const OTHER_ACCOUNT = 'channel-001';
const CONTACT = '4915112345678';
const namespace = uniqueNamespace('metadata-routing');

type Item = Record<string, unknown>;

const EVENTS = `query ($channelId: ID!) {
  channel(id: $channelId) {
    events(first: 50) { nodes { __typename ... on InboundMessage { id channelId from text } ... on OtherNotificationEvent { field reason } } }
    conversation(contact: "${CONTACT}") { contact }
  }
}`;
const CHANNEL_EVENTS = `subscription ($channelId: ID!) { channelEvents(channelId: $channelId) { __typename ... on InboundMessage { id channelId text } } }`;

const change = (displayPhoneNumber: string, messageId: string, text: string) => ({
  field: 'messages',
  value: {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: displayPhoneNumber, phone_number_id: `id-${messageId}` },
    contacts: [{ wa_id: CONTACT, profile: { name: 'Ada' } }],
    messages: [{ id: messageId, from: CONTACT, timestamp: String(Math.floor(Date.now() / 1000) - 60), type: 'text', text: { body: text } }],
  },
});
const notification = (...changes: Array<ReturnType<typeof change>>) => ({ object: 'whatsapp_business_account', entry: [{ id: 'waba-2', changes }] });

describe('notifications routed by their metadata (memory)', () => routingSuite(() => ({})));
describeWithRedis('notifications routed by their metadata (Redis)', () => routingSuite(() => testRedisEnv(namespace)));

describe('connectWabaWebhookToGateway, on the embedded simulator as npm start runs it', () => {
  let embedded: EmbeddedGateway;
  const graphql = async <T>(query: string) => {
    const response = await fetch(embedded.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return (await response.json()) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  };
  const eventIds = async (channelId: string) =>
    (
      await graphql<{ channel: { events: { nodes: Item[] } } }>(
        `{ channel(id: "${channelId}") { events(first: 100) { nodes { ... on InboundMessage { id } } } } }`,
      )
    ).data?.channel.events.nodes.map((node) => node.id) ?? [];

  // The business-account webhook applies at once here (the upstream takes 15 to 20 s).
  beforeAll(async () => {
    embedded = await startEmbeddedGateway({ SIMULATOR_WABA_WEBHOOK_DELAY_MS: '0' });
  });
  afterAll(() => embedded.stop());

  it("points the whole business account at one channel's URL with its credential; each number's messages land on their own channel", async () => {
    const restarts = jest.spyOn(embedded.services.events, 'restartWatch');
    const connected = await graphql<{ connectWabaWebhookToGateway: { url: string; headers: Record<string, string>; activatesAt: string } }>(
      `mutation { connectWabaWebhookToGateway(channelId: "${RECEIVING}", overrideAll: true) { url headers activatesAt } }`,
    );
    expect(connected.errors).toBeUndefined();
    const answer = connected.data!.connectWabaWebhookToGateway;
    expect(new URL(answer.url).pathname).toBe(`/webhooks/${RECEIVING}`);
    // The credential goes upstream only: the answer shows its scheme.
    expect(answer.headers).toEqual({ Authorization: 'Basic [redacted]' });
    expect(Date.parse(answer.activatesAt)).toBeGreaterThan(Date.now());
    // Every number of the account is watched afresh from when the upstream has applied the webhook at the latest.
    expect(restarts).toHaveBeenCalledWith(SIBLING, WABA_WEBHOOK_ACTIVATION_MS);
    expect(restarts).toHaveBeenCalledWith(RECEIVING, WABA_WEBHOOK_ACTIVATION_MS);
    restarts.mockRestore();

    const inbound = await fetch(`${embedded.simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId: SIBLING, from: CONTACT, text: 'through the business-account webhook' }),
    });
    expect(inbound.status).toBe(202);
    const { messageId } = (await inbound.json()) as { messageId: string };
    await waitUntil(async () => (await eventIds(SIBLING)).includes(messageId), 'the sibling keeps its message');
    const delivered = embedded.simulator.webhookDelivery.attempts.filter((attempt) => attempt.channelId === SIBLING && attempt.status === 200);
    expect(delivered.map((attempt) => attempt.url)).toEqual([answer.url]);
    expect(await eventIds(RECEIVING)).not.toContain(messageId);
  });

  it('is refused on an on-premise channel before anything is sent upstream', async () => {
    const refused = await graphql<unknown>(`
      mutation {
        connectWabaWebhookToGateway(channelId: "channel-006") {
          url
        }
      }
    `);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNSUPPORTED_FOR_HOSTING');
  });
});

function routingSuite(storeEnv: () => Record<string, string>) {
  let harness: TestGateway;
  let connection: WsConnection;
  let run = 0;

  beforeAll(async () => {
    const port = await freePort();
    harness = await startTestGateway(
      { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, WEBHOOK_CHECK: 'enforce', ...storeEnv() },
      { webhooks: { retryBaseMs: 5, maxAttempts: 12 } },
    );
    connection = connectWs(harness.url);
  });
  afterAll(async () => {
    await connection.dispose();
    await harness.close();
    if (harness.config.redisUrl) await dropNamespace(namespace, harness.config.redisUrl);
  });

  const unique = (label: string) => `wamid.${label}-${++run}-${Date.now()}`;
  const events = async (channelId: string) => {
    const { body } = await harness.graphql<{ channel: { events: { nodes: Item[] }; conversation: Item | null } }>(EVENTS, { channelId });
    expect(body.errors).toBeUndefined();
    return body.data!.channel;
  };
  const routing = async (): Promise<Record<string, number>> => {
    const { values } = await harness.gateway.services.metrics.webhookRouting.get();
    return Object.fromEntries(values.map((value) => [String(value.labels.outcome), value.value]));
  };
  const post = (body: unknown) => postNotification(harness.url, RECEIVING, body, webhookAuthorization(harness.config.keystoreSecret, RECEIVING));

  it('answers within the upstream’s 5 s while the channel listing is slow: 503 past the lookup’s budget, which goes on, so the re-delivery is routed', async () => {
    // First of the suite, so no listing of the business account is cached yet: the lookup through the sibling's URL is due,
    // and the listing (A4) answers after 3 s.
    const post = (body: unknown) => postNotification(harness.url, SIBLING, body, webhookAuthorization(harness.config.keystoreSecret, SIBLING));
    harness.simulator.faults.add({ path: '/channels$', method: 'GET', delayMs: 3_000, times: 1 });
    const id = unique('slow-listing');
    const body = notification(change('+49 30 5550007', id, 'while the listing is slow'));
    const started = Date.now();
    expect(await post(body)).toEqual({
      status: 503,
      body: { error: "the channels of the notification's business numbers are still being looked up; retry later" },
    });
    const answeredAfter = Date.now() - started;
    expect(answeredAfter).toBeGreaterThanOrEqual(DIRECTORY_LOOKUP_BUDGET_MS - 50);
    expect(answeredAfter).toBeLessThan(DIRECTORY_LOOKUP_BUDGET_MS + 1_000);
    expect((await events(NEIGHBOUR)).events.nodes.map((node) => node.id)).not.toContain(id);
    // The lookup went on and kept the listing: the upstream's re-delivery is routed at once.
    await new Promise((resolve) => setTimeout(resolve, 3_000 - answeredAfter + 200));
    const redelivered = Date.now();
    expect(await post(body)).toEqual({ status: 200, body: { received: true } });
    expect(Date.now() - redelivered).toBeLessThan(1_000);
    expect((await events(NEIGHBOUR)).events.nodes.map((node) => node.id)).toContain(id);
    expect((await events(SIBLING)).events.nodes.map((node) => node.id)).not.toContain(id);
  });

  it("keeps each change of one batch on its own number's channel: the URL's, a sibling's (number in another format), and an unknown number's as OtherNotificationEvent", async () => {
    const before = await routing();
    const [own, routed, stray, otherAccount] = [unique('own'), unique('routed'), unique('stray'), unique('other-account')];
    const answer = await post(
      notification(
        change('49305550004', own, 'to the receiving number'),
        change('+49 30 555-0006', routed, 'to its sibling'),
        change('+1 555 078 3881', stray, 'to no channel'),
        change('+49 30 5550000', otherAccount, 'to a channel of another business account'),
      ),
    );
    expect(answer).toEqual({ status: 200, body: { received: true } });

    const receiving = await events(RECEIVING);
    const texts = receiving.events.nodes.filter((node) => node.__typename === 'InboundMessage').map((node) => node.id);
    expect(texts).toContain(own);
    expect(texts).not.toContain(routed);
    const others = receiving.events.nodes.filter((node) => node.__typename === 'OtherNotificationEvent');
    expect(others.map((node) => node.reason)).toEqual(
      expect.arrayContaining([expect.stringContaining('unknown business number 15550783881'), expect.stringContaining('unknown business number 49305550000')]),
    );

    const sibling = await events(SIBLING);
    expect(sibling.events.nodes).toContainEqual({ __typename: 'InboundMessage', id: routed, channelId: SIBLING, from: CONTACT, text: 'to its sibling' });
    expect(sibling.conversation).toEqual({ contact: CONTACT });
    expect((await events(OTHER_ACCOUNT)).events.nodes.map((node) => node.id)).not.toContain(otherAccount);

    const after = await routing();
    expect((after.own ?? 0) - (before.own ?? 0)).toBe(1);
    expect((after.routed ?? 0) - (before.routed ?? 0)).toBe(1);
    expect((after.unknown_number ?? 0) - (before.unknown_number ?? 0)).toBe(2);
  });

  it('answers 503 when the channels behind a number cannot be looked up, and routes the re-delivery', async () => {
    // The neighbour's URL, whose business account was never looked up: the lookup is due.
    const post = (body: unknown) => postNotification(harness.url, NEIGHBOUR, body, webhookAuthorization(harness.config.keystoreSecret, NEIGHBOUR));
    const failing = jest.spyOn(PartnerApi.prototype, 'businessAccountChannels').mockRejectedValue(new Error('A4 unavailable'));
    const id = unique('retried');
    const body = notification(change('4930 5550006', id, 'after a lookup failure'));
    try {
      // The cause is named: the listing, not the event store.
      expect(await post(body)).toEqual({
        status: 503,
        body: { error: "the channels of the notification's business numbers could not be looked up; retry later" },
      });
    } finally {
      failing.mockRestore();
    }
    expect((await events(SIBLING)).events.nodes.map((node) => node.id)).not.toContain(id);
    expect(await post(body)).toEqual({ status: 200, body: { received: true } });
    expect((await events(SIBLING)).events.nodes.map((node) => node.id)).toContain(id);
    expect((await events(NEIGHBOUR)).events.nodes.map((node) => node.id)).not.toContain(id);
  });

  it("a business-account webhook pointed at one channel's URL delivers every number's notifications, with their own metadata, to their own channel and subscriptions", async () => {
    const { url, headers } = gatewayWebhook(harness.config, RECEIVING);
    const set = await fetch(`${harness.simulator.urls.cloud}/waba_webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'svc-api-key': `sim-key-${SIBLING}` },
      body: JSON.stringify({ url, headers, override_all: true }),
    });
    expect(set.status).toBe(200);

    // WEBHOOK_CHECK=enforce: the neighbour's effective webhook is the receiving channel's URL, of its business account.
    const live = collect<Item>(connection, CHANNEL_EVENTS, { channelId: NEIGHBOUR }, 'channelEvents');
    await waitUntil(() => live.errors.length > 0 || harness.gateway.services.events.subscriberCount('message', NEIGHBOUR) > 0, 'subscribed');
    expect(live.errors).toEqual([]);

    const inbound = async (channelId: string, text: string) => {
      const response = await fetch(`${harness.simulator.baseUrl()}/_control/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channelId, from: CONTACT, text }),
      });
      expect(response.status).toBe(202);
      return ((await response.json()) as { messageId: string }).messageId;
    };
    const toSibling = await inbound(SIBLING, 'through the business-account webhook');
    const toNeighbour = await inbound(NEIGHBOUR, 'to the neighbour');
    const [received] = await live.atLeast(1);
    expect(received).toEqual({ __typename: 'InboundMessage', id: toNeighbour, channelId: NEIGHBOUR, text: 'to the neighbour' });
    live.unsubscribe();

    const deliveries = harness.simulator.webhookDelivery.attempts.filter((attempt) => attempt.status === 200 && attempt.url === url);
    expect(deliveries.map((attempt) => attempt.channelId)).toEqual(expect.arrayContaining([SIBLING, NEIGHBOUR]));
    expect((await events(SIBLING)).events.nodes.map((node) => node.id)).toContain(toSibling);
    expect((await events(RECEIVING)).events.nodes.map((node) => node.id)).not.toContain(toSibling);
    const { body } = await harness.graphql<{ channel: { serviceWindow: { state: string } } }>(
      `query { channel(id: "${NEIGHBOUR}") { serviceWindow(contact: "${CONTACT}") { state } } }`,
    );
    expect(body.data?.channel.serviceWindow.state).toBe('OPEN');
  });
}
