import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { gatewayWebhook, webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { areaBRequests, startTestGateway, useTestGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, SUBSCRIPTIONS, waitUntil, type WsConnection } from '../support/events.js';
import { freePort } from '../support/free-port.mjs';

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

  it.each([
    [CLOUD_CHANNEL, '49305550000'],
    [ON_PREMISE_CHANNEL, null],
  ])('an InboundMessage on %s carries the sender profile name and the displayed number of the notification', async (channelId, displayPhoneNumber) => {
    gateway.simulator.state.webhooks.set(channelId, gatewayWebhook(gateway.config, channelId));
    const messages = await subscribed('message', channelId, () =>
      collect<Item>(
        connection,
        `subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { id from contactName displayPhoneNumber } }`,
        { channelId },
        'messageReceived',
      ),
    );
    const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId, from: CONTACT, text: 'hello', name: 'Mia Schneider' }),
    });
    expect(response.status).toBe(202);
    const { messageId } = (await response.json()) as { messageId: string };
    const [message] = await messages.atLeast(1);
    expect(message).toEqual({ id: messageId, from: CONTACT, contactName: 'Mia Schneider', displayPhoneNumber });
    messages.unsubscribe();
  });

  it.each([
    [CLOUD_CHANNEL, 131052, 'Media download error'],
    [ON_PREMISE_CHANNEL, 1014, 'Incoming media too large'],
  ])(
    'an incoming file over 100 MB on %s is an error notification (code %d), surfaced as channelError; one at the limit is a message',
    async (channelId, code, title) => {
      gateway.simulator.state.webhooks.set(channelId, gatewayWebhook(gateway.config, channelId));
      const inboundFile = async (bytes: number) => {
        const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound-file`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channelId, from: CONTACT, bytes }),
        });
        expect(response.status).toBe(202);
        return (await response.json()) as { messageId?: string; errorCode?: number };
      };
      const errors = collect<Item>(
        connection,
        `subscription ($channelId: ID!) { channelError(channelId: $channelId) { channelId code title details } }`,
        { channelId },
        'channelError',
      );
      const messages = await subscribed('message', channelId, () =>
        collect<Item>(connection, `subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { id type } }`, { channelId }, 'messageReceived'),
      );
      await waitUntil(() => gateway.gateway.services.events.subscriberCount('error', channelId) === 1, `one error subscriber on ${channelId}`);
      const limit = 100 * 1024 * 1024;
      expect(await inboundFile(limit + 1)).toEqual({ errorCode: code });
      const [error] = await errors.atLeast(1);
      expect(error).toEqual({ channelId, code, title, details: expect.stringContaining('exceeds the 100 MB limit') });

      // At the limit the file arrives as a message, and no further error is published.
      const { messageId } = await inboundFile(limit);
      const [message] = await messages.atLeast(1);
      expect(message).toEqual({ id: messageId, type: 'document' });
      expect(errors.items).toHaveLength(1);
      errors.unsubscribe();
      messages.unsubscribe();
    },
  );
});

describe('where the upstream delivers a notification: the number-level webhook, else the business account webhook of a cloud number', () => {
  const OTHER_CLOUD_CHANNEL = 'channel-004';
  const keys = Object.fromEntries([CLOUD_CHANNEL, ON_PREMISE_CHANNEL, OTHER_CLOUD_CHANNEL].map((channelId) => [channelId, `sim-key-${channelId}`]));
  // One attempt each, answered fast: the test reads where each notification went, not whether it arrived.
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(keys) }, { webhooks: { maxAttempts: 1, timeoutMs: 200 } });
  const SET_NUMBER = `mutation ($channelId: ID!, $url: String!) { setWebhook(channelId: $channelId, input: { url: $url }) { url } }`;
  const SET_ACCOUNT = `mutation ($channelId: ID!, $url: String!, $overrideAll: Boolean) { setWabaWebhook(channelId: $channelId, input: { url: $url, headers: {}, overrideAll: $overrideAll }) { url } }`;

  async function ok(mutation: string, variables: Record<string, unknown>) {
    expect((await harness.graphql(mutation, variables)).body.errors).toBeUndefined();
  }

  /** The URL an incoming message to the channel was delivered to; null when the simulator says it goes nowhere (409). */
  async function deliveredTo(channelId: string): Promise<string | null> {
    const response = await fetch(`${harness.simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId, from: CONTACT, text: 'where does this go?' }),
    });
    if (response.status === 409) return null;
    expect(response.status).toBe(202);
    const { messageId } = (await response.json()) as { messageId: string };
    const attempts = harness.simulator.webhookDelivery.attempts;
    await waitUntil(() => attempts.some((attempt) => JSON.stringify(attempt.body).includes(messageId)));
    return attempts.find((attempt) => JSON.stringify(attempt.body).includes(messageId))!.url;
  }

  it('number-level first, else the business-account webhook for cloud numbers honouring override_all, else nowhere', async () => {
    // No webhook at all yet: nowhere.
    expect(await deliveredTo(OTHER_CLOUD_CHANNEL)).toBeNull();

    await ok(SET_NUMBER, { channelId: CLOUD_CHANNEL, url: 'https://number.example/001' });
    await ok(SET_ACCOUNT, { channelId: CLOUD_CHANNEL, url: 'https://account.example/waba', overrideAll: false });
    expect(await deliveredTo(CLOUD_CHANNEL)).toBe('https://number.example/001');
    expect(await deliveredTo(OTHER_CLOUD_CHANNEL)).toBe('https://account.example/waba');
    // The business-account webhook does not serve on-premise numbers of the same account.
    expect(harness.simulator.state.channels.get(ON_PREMISE_CHANNEL)!.waba_account.id).toBe(
      harness.simulator.state.channels.get(CLOUD_CHANNEL)!.waba_account.id,
    );
    expect(await deliveredTo(ON_PREMISE_CHANNEL)).toBeNull();

    await ok(SET_ACCOUNT, { channelId: CLOUD_CHANNEL, url: 'https://account.example/all', overrideAll: true });
    expect(await deliveredTo(CLOUD_CHANNEL)).toBe('https://account.example/all');
    expect(await deliveredTo(OTHER_CLOUD_CHANNEL)).toBe('https://account.example/all');
    // It replaced the cloud numbers' own webhooks, so each number's webhook shows where it is served; on-premise keeps none.
    const read = await harness.graphql<{ channel: { webhook: { url: string } | null } }>(`{ channel(id: "${OTHER_CLOUD_CHANNEL}") { webhook { url } } }`);
    expect(read.body.data?.channel.webhook?.url).toBe('https://account.example/all');
    expect(await deliveredTo(ON_PREMISE_CHANNEL)).toBeNull();

    // A number-level webhook set after the override serves its number again.
    await ok(SET_NUMBER, { channelId: CLOUD_CHANNEL, url: 'https://number.example/001-again' });
    expect(await deliveredTo(CLOUD_CHANNEL)).toBe('https://number.example/001-again');
    expect(await deliveredTo(OTHER_CLOUD_CHANNEL)).toBe('https://account.example/all');

    // A status notification of a send follows the same routing.
    const before = harness.simulator.webhookDelivery.attempts.length;
    const sent = await harness.graphql<{ sendMessage: { id: string } }>(SEND, { channelId: OTHER_CLOUD_CHANNEL, to: `+${CONTACT}`, text: 'hi' });
    const id = sent.body.data!.sendMessage.id;
    await waitUntil(() => harness.simulator.webhookDelivery.attempts.slice(before).some((attempt) => JSON.stringify(attempt.body).includes(id)));
    expect(harness.simulator.webhookDelivery.attempts.slice(before).find((attempt) => JSON.stringify(attempt.body).includes(id))!.url).toBe(
      'https://account.example/all',
    );
  });
});

describe('connectWebhookToGateway and PUBLIC_URL', () => {
  const KEYS = JSON.stringify(Object.fromEntries([CLOUD_CHANNEL, ON_PREMISE_CHANNEL].map((channelId) => [channelId, `sim-key-${channelId}`])));
  // One upstream for the gateways of each PUBLIC_URL here.
  let simulator: Simulator;
  beforeAll(async () => {
    simulator = await startSimulator();
  });
  beforeEach(() => {
    simulator.recorder.clear();
  });
  afterAll(async () => {
    await simulator.close();
  });

  it('refuses a PUBLIC_URL with a port on a cloud channel, loopback or not, when an upstream is configured (only the embedded simulator may take one)', async () => {
    for (const publicUrl of ['http://127.0.0.1:4999', 'https://hubgraph.example.com:8443']) {
      const gateway = await startTestGateway({ PUBLIC_URL: publicUrl, CHANNEL_API_KEYS: KEYS }, {}, simulator);
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
    const gateway = await startTestGateway({ PUBLIC_URL: 'https://hubgraph.example.com/', CHANNEL_API_KEYS: KEYS }, {}, simulator);
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

  it('explains that a non-loopback http PUBLIC_URL can never receive notifications, sending nothing', async () => {
    const gateway = await startTestGateway({ CHANNEL_API_KEYS: KEYS, PUBLIC_URL: 'http://hubgraph.example.com' }, {}, simulator);
    try {
      const { body } = await gateway.graphql(CONNECT, { channelId: ON_PREMISE_CHANNEL });
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/PUBLIC_URL \(http:\/\/hubgraph\.example\.com\) is not https.*loopback/),
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'channelId' }),
        }),
      ]);
      expect(areaBRequests(gateway)).toEqual([]);
    } finally {
      await gateway.close();
    }
  });

  it('accepts a loopback http PUBLIC_URL, which only the embedded simulator on this machine reaches', async () => {
    const gateway = await startTestGateway({ CHANNEL_API_KEYS: KEYS, PUBLIC_URL: 'http://localhost:4000' }, {}, simulator);
    try {
      const { body } = await gateway.graphql<{ connectWebhookToGateway: { url: string } }>(CONNECT, { channelId: ON_PREMISE_CHANNEL });
      expect(body.errors).toBeUndefined();
      expect(body.data?.connectWebhookToGateway.url).toBe(`http://localhost:4000/webhooks/${ON_PREMISE_CHANNEL}`);
      expect(simulator.state.webhooks.get(ON_PREMISE_CHANNEL)?.url).toBe(`http://localhost:4000/webhooks/${ON_PREMISE_CHANNEL}`);
    } finally {
      await gateway.close();
    }
  });
});
