import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/credentials.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, freePort, SUBSCRIPTIONS, waitUntil, type WsConnection } from '../support/events.js';

const ON_PREMISE_CHANNEL = 'channel-003';
const CLOUD_CHANNEL = 'channel-001';
const CONTACT = '4915112345678';
const FAILING_CONTACT = '999000111';

const CONNECT = `mutation ($channelId: ID!) { connectWebhookToGateway(channelId: $channelId) { url headers } }`;
const SEND = `mutation ($channelId: ID!, $to: String!, $text: String!) { sendMessage(channelId: $channelId, input: { to: $to, text: { body: $text } }) { id waId } }`;

type Item = Record<string, unknown>;

describe('events: simulator deliveries → gateway receiver → subscriptions', () => {
  let gateway: TestGateway;
  let connection: WsConnection;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const keys = Object.fromEntries([ON_PREMISE_CHANNEL, CLOUD_CHANNEL].map((channelId) => [channelId, `sim-key-${channelId}`]));
    gateway = await startTestGateway(
      { PORT: String(port), PUBLIC_URL: origin, CHANNEL_API_KEYS: JSON.stringify(keys) },
      { webhooks: { retryBaseMs: 5, maxAttempts: 12 } },
    );
    connection = connectWs(gateway.url);
  });

  afterAll(async () => {
    await connection.dispose();
    await gateway.close();
  });

  /** One subscription per kind and channel at a time: an earlier one must be gone before the count says "subscribed". */
  const subscribed = async <T extends { items: Item[] }>(kind: 'message' | 'status', channelId: string, subscribe: () => T) => {
    const count = () => gateway.gateway.services.events.subscriberCount(kind, channelId);
    await waitUntil(() => count() === 0, `no ${kind} subscriber left on ${channelId}`);
    const subscription = subscribe();
    await waitUntil(() => count() === 1, `one ${kind} subscriber on ${channelId}`);
    return subscription;
  };

  const inbound = async (channelId: string, from: string, text: string) => {
    const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId, from, text }),
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { messageId: string }).messageId;
  };

  const send = async (channelId: string, to: string, text: string) => {
    const { body } = await gateway.graphql<{ sendMessage: { id: string } }>(SEND, { channelId, to, text });
    expect(body.errors).toBeUndefined();
    return body.data!.sendMessage.id;
  };

  it('connectWebhookToGateway sets the number-level webhook (B6) with the derived credential, shown redacted', async () => {
    gateway.simulator.recorder.clear();
    const { body } = await gateway.graphql(CONNECT, { channelId: ON_PREMISE_CHANNEL });
    expect(body).toEqual({
      data: {
        connectWebhookToGateway: { url: `${origin}/webhooks/${ON_PREMISE_CHANNEL}`, headers: { Authorization: 'Basic [redacted]' } },
      },
    });
    const authorization = webhookAuthorization(gateway.config.keystoreSecret, ON_PREMISE_CHANNEL);
    const requests = gateway.simulator.recorder.matching('/onprem/v1/configs/webhook', 'POST');
    expect(requests).toHaveLength(1);
    expect(requests[0].headers['svc-api-key']).toBe(`sim-key-${ON_PREMISE_CHANNEL}`);
    expect(requests[0].body).toEqual({ url: `${origin}/webhooks/${ON_PREMISE_CHANNEL}`, headers: { Authorization: authorization } });
    expect(gateway.simulator.state.webhooks.get(ON_PREMISE_CHANNEL)).toEqual({
      url: `${origin}/webhooks/${ON_PREMISE_CHANNEL}`,
      headers: { Authorization: authorization },
    });
    expect(gateway.logs.lines.join('\n')).not.toContain(authorization.slice(6));
  });

  it('refuses to point a cloud channel at a PUBLIC_URL with a port (cloud rule), sending nothing', async () => {
    gateway.simulator.recorder.clear();
    const { body } = await gateway.graphql(CONNECT, { channelId: CLOUD_CHANNEL });
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('PUBLIC_URL'),
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'channelId' }),
      }),
    ]);
    expect(gateway.simulator.recorder.matching(/configs\/webhook/)).toEqual([]);
  });

  it("an incoming message and a send's statuses (sent, delivered, read) arrive once each, in the on-premise shape", async () => {
    const messages = await subscribed('message', ON_PREMISE_CHANNEL, () =>
      collect<Item>(connection, SUBSCRIPTIONS.messages, { channelId: ON_PREMISE_CHANNEL }, 'messageReceived'),
    );
    const statuses = await subscribed('status', ON_PREMISE_CHANNEL, () =>
      collect<Item>(connection, SUBSCRIPTIONS.statuses, { channelId: ON_PREMISE_CHANNEL }, 'messageStatusChanged'),
    );

    const incomingId = await inbound(ON_PREMISE_CHANNEL, CONTACT, 'Is my order on its way?');
    const [message] = await messages.atLeast(1);
    expect(message).toEqual({
      channelId: ON_PREMISE_CHANNEL,
      id: incomingId,
      from: CONTACT,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      type: 'text',
      text: 'Is my order on its way?',
      raw: { from: CONTACT, id: incomingId, timestamp: expect.stringMatching(/^\d+$/), type: 'text', text: { body: 'Is my order on its way?' } },
    });

    const sentId = await send(ON_PREMISE_CHANNEL, CONTACT, 'Yes, it ships today.');
    await statuses.atLeast(3);
    expect(statuses.items.map((status) => [status.messageId, status.status, status.recipientId, status.errors])).toEqual([
      [sentId, 'sent', CONTACT, []],
      [sentId, 'delivered', CONTACT, []],
      [sentId, 'read', CONTACT, []],
    ]);
    // On-premise notifications carry the arrays at the root.
    const delivered = gateway.simulator.webhookDelivery.attempts.filter((attempt) => attempt.channelId === ON_PREMISE_CHANNEL && attempt.status === 200);
    expect(delivered.map((attempt) => Object.keys(attempt.body))).toEqual([['contacts', 'messages'], ['statuses'], ['statuses'], ['statuses']]);

    // A recipient that cannot receive: the send is accepted, then a failed status with its errors arrives.
    await inbound(ON_PREMISE_CHANNEL, FAILING_CONTACT, 'hello');
    await messages.atLeast(2);
    const failedId = await send(ON_PREMISE_CHANNEL, FAILING_CONTACT, 'This will not arrive');
    await statuses.atLeast(4);
    expect(statuses.items[3]).toEqual({
      channelId: ON_PREMISE_CHANNEL,
      messageId: failedId,
      status: 'failed',
      recipientId: FAILING_CONTACT,
      timestamp: expect.any(String),
      errors: [
        {
          channelId: ON_PREMISE_CHANNEL,
          code: 1013,
          title: 'User is not valid',
          details: 'The recipient is not a valid user of the network',
          raw: { code: 1013, title: 'User is not valid', details: 'The recipient is not a valid user of the network' },
        },
      ],
      raw: expect.objectContaining({ id: failedId, status: 'failed' }),
    });
    messages.unsubscribe();
    statuses.unsubscribe();
  });

  it('cloud channels receive the cloud envelope (webhook set directly: a port-less PUBLIC_URL would be a proxy here)', async () => {
    gateway.simulator.state.webhooks.set(CLOUD_CHANNEL, {
      url: `${origin}/webhooks/${CLOUD_CHANNEL}`,
      headers: { Authorization: webhookAuthorization(gateway.config.keystoreSecret, CLOUD_CHANNEL) },
    });
    const statuses = await subscribed('status', CLOUD_CHANNEL, () =>
      collect<Item>(connection, SUBSCRIPTIONS.statuses, { channelId: CLOUD_CHANNEL }, 'messageStatusChanged'),
    );
    await inbound(CLOUD_CHANNEL, CONTACT, 'hi');
    const sentId = await send(CLOUD_CHANNEL, CONTACT, 'Hello from the cloud');
    await statuses.atLeast(3);
    expect(statuses.items.map((status) => [status.messageId, status.status])).toEqual([
      [sentId, 'sent'],
      [sentId, 'delivered'],
      [sentId, 'read'],
    ]);
    expect(statuses.items[0].raw).toEqual(expect.objectContaining({ pricing: expect.objectContaining({ category: 'service' }) }));
    const lastDelivery = gateway.simulator.webhookDelivery.attempts.filter((attempt) => attempt.channelId === CLOUD_CHANNEL).at(-1)!;
    expect(lastDelivery.body).toMatchObject({
      object: 'chat_business_account',
      entry: [{ changes: [{ field: 'messages', value: { statuses: [{ id: sentId, status: 'read' }] } }] }],
    });
    statuses.unsubscribe();
  });

  it('re-delivers with backoff until the receiver answers 200, and the event is still published once', async () => {
    const webhook = gateway.simulator.state.webhooks.get(ON_PREMISE_CHANNEL)!;
    const good = webhook.headers.Authorization;
    const messages = await subscribed('message', ON_PREMISE_CHANNEL, () =>
      collect<Item>(connection, SUBSCRIPTIONS.messages, { channelId: ON_PREMISE_CHANNEL }, 'messageReceived'),
    );
    const attempts = gateway.simulator.webhookDelivery.attempts;
    const before = attempts.length;

    webhook.headers.Authorization = webhookAuthorization('not-the-gateway-secret-0123', ON_PREMISE_CHANNEL);
    const id = await inbound(ON_PREMISE_CHANNEL, CONTACT, 'retry me');
    await waitUntil(() => attempts.slice(before).filter((attempt) => attempt.status === 401).length >= 2, 'two deliveries refused with 401');
    webhook.headers.Authorization = good;
    const [message] = await messages.atLeast(1);
    expect(message.id).toBe(id);

    const mine = attempts.slice(before).filter((attempt) => JSON.stringify(attempt.body).includes(id));
    expect(mine.at(-1)!.status).toBe(200);
    expect(mine.slice(0, -1).every((attempt) => attempt.status === 401)).toBe(true);
    expect(mine.map((attempt) => attempt.attempt)).toEqual(mine.map((_attempt, index) => index + 1));

    // The upstream may still send it again (its own retry after a lost 200): still one event.
    await fetch(`${origin}/webhooks/${ON_PREMISE_CHANNEL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: good },
      body: JSON.stringify(mine.at(-1)!.body),
    });
    await gateway.gateway.webhooks.drain();
    await inbound(ON_PREMISE_CHANNEL, CONTACT, 'after the duplicate');
    await messages.atLeast(2);
    expect(messages.items.map((item) => item.text)).toEqual(['retry me', 'after the duplicate']);
    messages.unsubscribe();
  });
});

describe('connectWebhookToGateway on a cloud channel', () => {
  it('refuses a PUBLIC_URL with a port, loopback or not, when an upstream is configured (only the embedded simulator may take one)', async () => {
    for (const publicUrl of ['http://127.0.0.1:4999', 'https://hubgraph.example.com:8443']) {
      const gateway = await startTestGateway({ PUBLIC_URL: publicUrl, CHANNEL_API_KEYS: JSON.stringify({ [CLOUD_CHANNEL]: `sim-key-${CLOUD_CHANNEL}` }) });
      try {
        const { body } = await gateway.graphql(CONNECT, { channelId: CLOUD_CHANNEL });
        expect(body.errors?.[0]).toMatchObject({
          message: "PUBLIC_URL cannot receive this channel's notifications: url must not name an explicit port on cloud channels",
          extensions: { code: 'BAD_USER_INPUT', field: 'channelId' },
        });
        expect(gateway.simulator.recorder.matching('/cloud/v1/configs/webhook', 'POST')).toHaveLength(0);
      } finally {
        await gateway.close();
      }
    }
  });

  it('sets the cloud number-level webhook when PUBLIC_URL has no port', async () => {
    const gateway = await startTestGateway({
      PUBLIC_URL: 'https://hubgraph.example.com/',
      CHANNEL_API_KEYS: JSON.stringify({ [CLOUD_CHANNEL]: `sim-key-${CLOUD_CHANNEL}` }),
    });
    try {
      const { body } = await gateway.graphql(CONNECT, { channelId: CLOUD_CHANNEL });
      expect(body).toEqual({
        data: {
          connectWebhookToGateway: { url: `https://hubgraph.example.com/webhooks/${CLOUD_CHANNEL}`, headers: { Authorization: 'Basic [redacted]' } },
        },
      });
      const requests = gateway.simulator.recorder.matching('/cloud/v1/configs/webhook', 'POST');
      expect(requests.map((request) => [request.headers['svc-api-key'], request.body])).toEqual([
        [
          `sim-key-${CLOUD_CHANNEL}`,
          {
            url: `https://hubgraph.example.com/webhooks/${CLOUD_CHANNEL}`,
            headers: { Authorization: webhookAuthorization(gateway.config.keystoreSecret, CLOUD_CHANNEL) },
          },
        ],
      ]);
    } finally {
      await gateway.close();
    }
  });
});
