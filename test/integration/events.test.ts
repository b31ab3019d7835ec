import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { ACME, GLOBEX, startTestGateway, type TestGateway } from '../support/gateway.js';
import { cloudNotification, collect, connectWs, postAcknowledged, postNotification, SUBSCRIPTIONS, waitUntil, type WsConnection } from '../support/events.js';

const CHANNEL = 'channel-001';
const OTHER_CHANNEL = 'channel-002';
const GATEWAY_TOKEN = 'events-test-gateway-token';

describe('events: webhook receiver → subscriptions (one instance, in-process fan-out)', () => {
  let gateway: TestGateway;
  let connection: WsConnection;
  let credential: string;

  beforeAll(async () => {
    gateway = await startTestGateway({ GATEWAY_TOKENS: GATEWAY_TOKEN });
    credential = webhookAuthorization(gateway.config.keystoreSecret, CHANNEL);
    connection = connectWs(gateway.url, { authorization: `Bearer ${GATEWAY_TOKEN}` });
  });

  afterAll(async () => {
    await connection.dispose();
    await gateway.close();
  });

  type Subscriptions = Awaited<ReturnType<typeof subscribeAll>>;
  /** Subscriptions this test file holds open, per channel (each subscribes to all three kinds). */
  const open = new Map<string, number>();
  /** graphql-ws has no "subscribed" acknowledgement: wait until the server's count matches ours. */
  const settled = (channelId: string) =>
    waitUntil(
      () =>
        (['message', 'status', 'error'] as const).every(
          (kind) => gateway.gateway.services.events.subscriberCount(kind, channelId) === (open.get(channelId) ?? 0),
        ),
      `${open.get(channelId) ?? 0} subscriber(s) of each kind on ${channelId}`,
    );

  const subscribeAll = async (channelId: string) => {
    open.set(channelId, (open.get(channelId) ?? 0) + 1);
    const subscriptions = {
      channelId,
      messages: collect<Record<string, unknown>>(connection, SUBSCRIPTIONS.messages, { channelId }, 'messageReceived'),
      statuses: collect<Record<string, unknown>>(connection, SUBSCRIPTIONS.statuses, { channelId }, 'messageStatusChanged'),
      errors: collect<Record<string, unknown>>(connection, SUBSCRIPTIONS.errors, { channelId }, 'channelError'),
    };
    await settled(channelId);
    return subscriptions;
  };

  const unsubscribeAll = async ({ channelId, messages, statuses, errors }: Subscriptions) => {
    for (const subscription of [messages, statuses, errors]) subscription.unsubscribe();
    open.set(channelId, (open.get(channelId) ?? 0) - 1);
    await settled(channelId);
  };

  /** Everything posted before this has been published once it arrives (same instance, in order). */
  const sentinel = async (channelId: string, tag: string) => {
    await gateway.gateway.webhooks.drain();
    const answer = await postNotification(
      gateway.url,
      channelId,
      {
        messages: [{ from: '10000', id: `sentinel-${tag}`, type: 'text', text: { body: 'sentinel' } }],
        statuses: [{ id: `sentinel-${tag}`, status: 'sent' }],
        errors: [{ code: 0, title: `sentinel-${tag}` }],
      },
      webhookAuthorization(gateway.config.keystoreSecret, channelId),
    );
    expect(answer.status).toBe(200);
  };
  const withoutSentinels = (items: Array<Record<string, unknown>>) =>
    items.filter((item) => !String(item.id ?? item.messageId ?? item.title).startsWith('sentinel'));

  it('publishes every item of batched cloud and on-premise notifications exactly once, re-deliveries and malformed items included', async () => {
    const subscriptions = await subscribeAll(CHANNEL);
    const { messages, statuses, errors } = subscriptions;
    const batch = cloudNotification(
      [
        {
          contacts: [{ profile: { name: 'Mia' }, wa_id: '4915112345678' }],
          messages: [
            { from: '4915112345678', id: 'wamid.in-1', timestamp: '1700000000', type: 'text', text: { body: 'hello' } },
            { from: '4915112345678', type: 'text', text: { body: 'no id: malformed' } },
            { from: '4915112345678', id: 'wamid.in-2', timestamp: '1700000005', type: 'image', image: { id: 'media-9' } },
          ],
        },
        { statuses: [{ id: 'wamid.out-1', status: 'sent', timestamp: '1700000010', recipient_id: '4915112345678' }, 'garbage'] },
      ],
      [
        {
          statuses: [
            { id: 'wamid.out-1', status: 'delivered', timestamp: '1700000011', recipient_id: '4915112345678' },
            {
              id: 'wamid.out-2',
              status: 'failed',
              timestamp: '1700000012',
              recipient_id: '999000111',
              errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'recipient cannot receive' } }],
            },
          ],
          errors: [{ code: 131052, title: 'Media download error', error_data: { details: 'file above 100 MB' } }],
        },
      ],
    );
    const onPremise = {
      messages: [{ from: '447700900123', id: 'gBEG-in-3', timestamp: '1700000020', type: 'text', text: { body: 'on-prem hello' } }],
      statuses: [{ id: 'wamid.out-1', status: 'read', timestamp: '1700000030', recipient_id: '4915112345678' }],
    };

    for (const body of [batch, onPremise, batch, onPremise, batch]) {
      await postAcknowledged(gateway.url, CHANNEL, body, credential);
    }
    await sentinel(CHANNEL, 'batch');
    await Promise.all([messages.atLeast(4), statuses.atLeast(5), errors.atLeast(2)]);

    expect(withoutSentinels(messages.items)).toEqual([
      {
        channelId: CHANNEL,
        id: 'wamid.in-1',
        from: '4915112345678',
        timestamp: '2023-11-14T22:13:20.000Z',
        type: 'text',
        text: 'hello',
        raw: { from: '4915112345678', id: 'wamid.in-1', timestamp: '1700000000', type: 'text', text: { body: 'hello' } },
      },
      expect.objectContaining({ id: 'wamid.in-2', type: 'image', text: null, raw: expect.objectContaining({ image: { id: 'media-9' } }) }),
      expect.objectContaining({ id: 'gBEG-in-3', from: '447700900123', text: 'on-prem hello', timestamp: '2023-11-14T22:13:40.000Z' }),
    ]);
    expect(withoutSentinels(statuses.items).map((status) => [status.messageId, status.status])).toEqual([
      ['wamid.out-1', 'sent'],
      ['wamid.out-1', 'delivered'],
      ['wamid.out-2', 'failed'],
      ['wamid.out-1', 'read'],
    ]);
    expect(withoutSentinels(statuses.items)[2]).toEqual({
      channelId: CHANNEL,
      messageId: 'wamid.out-2',
      status: 'failed',
      recipientId: '999000111',
      timestamp: '2023-11-14T22:13:32.000Z',
      errors: [
        {
          channelId: CHANNEL,
          code: 131026,
          title: 'Message undeliverable',
          details: 'recipient cannot receive',
          raw: { code: 131026, title: 'Message undeliverable', error_data: { details: 'recipient cannot receive' } },
        },
      ],
      raw: expect.objectContaining({ id: 'wamid.out-2', status: 'failed' }),
    });
    expect(withoutSentinels(errors.items)).toEqual([
      {
        channelId: CHANNEL,
        code: 131052,
        title: 'Media download error',
        details: 'file above 100 MB',
        raw: { code: 131052, title: 'Media download error', error_data: { details: 'file above 100 MB' } },
      },
    ]);
    // The malformed items were reported (where, not what) and did not stop the others.
    const skipped = gateway.logs.entries().filter((entry) => entry.msg === 'webhook: kept items it could not type as OtherNotificationEvent');
    expect(skipped.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(skipped[0].problems)).toContain('entry[0].changes[0].value.messages[1]');
    expect(JSON.stringify(skipped)).not.toContain('no id: malformed');
    // 6 notifications accepted; 8 typed events, the 2 malformed items kept untyped and 3 sentinels published; 18 re-delivered items known.
    const metrics = await (await fetch(`${new URL(gateway.url).origin}/metrics`)).text();
    expect(metrics).toContain('hubgraph_webhook_notifications_total{outcome="received"} 6');
    expect(metrics).toContain('hubgraph_webhook_notifications_total{outcome="published"} 13');
    expect(metrics).toContain('hubgraph_webhook_notifications_total{outcome="deduplicated"} 18');
    expect(metrics).toContain('hubgraph_webhook_items_total{kind="other",typed="false"} 2');
    expect(metrics).toContain('hubgraph_webhook_items_total{kind="message",typed="true"} 4');
    expect(metrics).toContain('hubgraph_open_subscriptions 3');
    await unsubscribeAll(subscriptions);
  });

  it('delivers events only to subscribers of their channel', async () => {
    const mine = await subscribeAll(CHANNEL);
    const other = await subscribeAll(OTHER_CHANNEL);
    const answer = await postNotification(
      gateway.url,
      OTHER_CHANNEL,
      { messages: [{ from: '4915', id: 'wamid.other-1', type: 'text', text: { body: 'for the other channel' } }] },
      webhookAuthorization(gateway.config.keystoreSecret, OTHER_CHANNEL),
    );
    expect(answer.status).toBe(200);
    await sentinel(OTHER_CHANNEL, 'other');
    await sentinel(CHANNEL, 'mine');
    await Promise.all([other.messages.atLeast(2), mine.messages.atLeast(1)]);
    expect(other.messages.items.map((item) => [item.channelId, item.id])).toEqual([
      [OTHER_CHANNEL, 'wamid.other-1'],
      [OTHER_CHANNEL, 'sentinel-other'],
    ]);
    expect(mine.messages.items.map((item) => item.id)).toEqual(['sentinel-mine']);
    await unsubscribeAll(mine);
    await unsubscribeAll(other);
  });

  it('answers 401 without the channel credential and publishes nothing', async () => {
    const subscriptions = await subscribeAll(CHANNEL);
    const { messages } = subscriptions;
    const body = { messages: [{ from: '4915', id: 'wamid.forged', type: 'text', text: { body: 'forged' } }] };
    const refused = [
      await postNotification(gateway.url, CHANNEL, body, undefined),
      await postNotification(gateway.url, CHANNEL, body, 'Basic aHViZ3JhcGg6d3Jvbmc='),
      await postNotification(gateway.url, CHANNEL, body, webhookAuthorization(gateway.config.keystoreSecret, OTHER_CHANNEL)),
      await postNotification(gateway.url, CHANNEL, body, webhookAuthorization('another-secret-0123456789', CHANNEL)),
      await postNotification(gateway.url, CHANNEL, body, `Bearer ${GATEWAY_TOKEN}`),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
    await sentinel(CHANNEL, 'forged');
    await messages.atLeast(1);
    expect(messages.items.map((item) => item.id)).toEqual(['sentinel-forged']);
    await unsubscribeAll(subscriptions);
  });

  it('reads a notification as a sender may send it: gzip, a request id, UTF-8 only; other paths and methods are not the receiver', async () => {
    const origin = new URL(gateway.url).origin;
    const zipped = await fetch(`${origin}/webhooks/${CHANNEL}`, {
      method: 'POST',
      headers: { authorization: credential, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-request-id': 'upstream-delivery-1' },
      body: gzipSync(JSON.stringify({ statuses: [] })),
    });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('x-request-id')).toBe('upstream-delivery-1');
    expect(await zipped.json()).toEqual({ received: true });
    const latin1 = await postNotification(gateway.url, CHANNEL, { statuses: [] }, credential, 'application/json; charset=iso-8859-1');
    expect(latin1).toEqual({ status: 400, body: { error: 'unreadable notification body' } });
    const empty = await postNotification(gateway.url, CHANNEL, '', credential);
    expect(empty).toEqual({ status: 400, body: { error: 'the notification is not valid JSON' } });
    expect((await fetch(`${origin}/webhooks/${CHANNEL}`)).status).toBe(404);
    expect((await fetch(`${origin}/webhooks/${CHANNEL}/extra`, { method: 'POST', headers: { authorization: credential }, body: '{}' })).status).toBe(404);
  });

  it('answers 400 to malformed JSON and non-object bodies, 413 to oversized bodies, and keeps serving', async () => {
    const invalid = await postNotification(gateway.url, CHANNEL, '{"entry": [', credential);
    expect(invalid).toEqual({ status: 400, body: { error: 'the notification is not valid JSON' } });
    const array = await postNotification(gateway.url, CHANNEL, '[1, 2]', credential);
    expect(array).toEqual({ status: 400, body: { error: 'the notification must be a JSON object' } });
    const scalar = await postNotification(gateway.url, CHANNEL, '"text"', credential);
    expect(scalar.status).toBe(400);
    const huge = await postNotification(gateway.url, CHANNEL, JSON.stringify({ messages: [], padding: 'x'.repeat(4.5 * 1024 * 1024) }), credential);
    expect(huge).toEqual({ status: 413, body: { error: 'the notification is too large: The request body is larger than 4194304 bytes' } });
    const textPlain = await postNotification(gateway.url, CHANNEL, { statuses: [] }, credential, 'text/plain');
    expect(textPlain.status).toBe(200);
    const unknownShape = await postNotification(gateway.url, CHANNEL, { hello: 'world' }, credential);
    expect(unknownShape.status).toBe(200);
    expect((await fetch(`${new URL(gateway.url).origin}/healthz`)).status).toBe(200);
    // The five 401s and the two 400s of the previous tests, and these four 400s.
    const metrics = await (await fetch(`${new URL(gateway.url).origin}/metrics`)).text();
    expect(metrics).toContain('hubgraph_webhook_notifications_total{outcome="rejected"} 11');
  });

  it("refuses a subscription connection without valid credentials (4403), and subscriptions to another partner's channel", async () => {
    for (const params of [{}, { authorization: 'Bearer wrong-token' }]) {
      const rejected = connectWs(gateway.url, params);
      const subscription = collect(rejected, SUBSCRIPTIONS.messages, { channelId: CHANNEL }, 'messageReceived');
      await subscription.ended();
      expect(rejected.closeCode()).toBe(4403);
      await rejected.dispose();
    }
    // channel-015 belongs to the other seeded partner: the caller's listing (A4) does not contain it.
    const foreign = collect(connection, SUBSCRIPTIONS.messages, { channelId: 'channel-015' }, 'messageReceived');
    await foreign.ended();
    expect(foreign.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })]);
    expect(gateway.gateway.services.events.subscriberCount('message', 'channel-015')).toBe(0);
  });

  it('applies the HTTP query limits to subscriptions too', async () => {
    const aliases = Array.from({ length: 20 }, (_unused, index) => `a${index}: id`).join(' ');
    const tooMany = collect(connection, `subscription { messageReceived(channelId: "${CHANNEL}") { ${aliases} } }`, {}, 'messageReceived');
    await tooMany.ended();
    // Validation errors arrive as one graphql-ws `error` message carrying the list.
    expect(tooMany.errors).toEqual([[expect.objectContaining({ message: 'Syntax Error: Aliases limit of 15 exceeded, found 20.' })]]);
    expect(gateway.gateway.services.events.subscriberCount('message', CHANNEL)).toBe(open.get(CHANNEL) ?? 0);
  });
});

describe('events: multi-tenant subscriptions and shutdown', () => {
  it('forwards connectionParams.authorization like an HTTP Authorization header, and ends subscriptions with 1001 on stop', async () => {
    const gateway = await startTestGateway({ PARTNER_TOKEN: undefined, PARTNER_ID: undefined });
    let closed = false;
    try {
      // Globex's token naming Acme's partner: the upstream listing refuses it (403), so no subscription.
      const intruder = connectWs(gateway.url, { authorization: `Bearer ${GLOBEX.token}`, 'x-partner-id': ACME.id });
      const refused = collect(intruder, SUBSCRIPTIONS.messages, { channelId: CHANNEL }, 'messageReceived');
      await refused.ended();
      expect(refused.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
      await intruder.dispose();
      const listing = gateway.simulator.recorder.matching(`/api/v2/partners/${ACME.id}/channels`, 'GET');
      expect(listing.at(-1)!.headers.authorization).toBe(`Bearer ${GLOBEX.token}`);

      const owner = connectWs(gateway.url, { authorization: `Bearer ${ACME.token}`, 'x-partner-id': ACME.id });
      const messages = collect(owner, SUBSCRIPTIONS.messages, { channelId: CHANNEL }, 'messageReceived');
      await waitUntil(() => gateway.gateway.services.events.subscriberCount('message', CHANNEL) === 1, "the owner's message subscription");
      const answer = await postNotification(
        gateway.url,
        CHANNEL,
        { messages: [{ from: '4915', id: 'wamid.tenant-1', type: 'text', text: { body: 'hi' } }] },
        webhookAuthorization(gateway.config.keystoreSecret, CHANNEL),
      );
      expect(answer.status).toBe(200);
      await messages.atLeast(1);
      expect(messages.items[0]).toMatchObject({ id: 'wamid.tenant-1', channelId: CHANNEL });

      closed = true;
      await gateway.close();
      await waitUntil(() => owner.closeCode() !== null, "the owner's socket to close");
      expect(owner.closeCode()).toBe(1001);
      await owner.dispose();
    } finally {
      if (!closed) await gateway.close();
    }
  });
});
