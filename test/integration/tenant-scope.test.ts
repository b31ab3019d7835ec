import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { cloudNotification, collect, connectWs, postNotification, SUBSCRIPTIONS, waitUntil } from '../support/events.js';
import { ACME, GLOBEX, startTestGateway, type TestGateway } from '../support/gateway.js';

// Acme's cloud channels 001 and 004; Globex's cloud channel 016 (seeded: Acme has 001–014, Globex 015–016).
const ACME_CHANNEL = 'channel-001';
const ACME_OTHER_CHANNEL = 'channel-004';
const GLOBEX_CHANNEL = 'channel-016';
const asAcme = { authorization: `Bearer ${ACME.token}`, 'x-partner-id': ACME.id };
const asGlobex = { authorization: `Bearer ${GLOBEX.token}`, 'x-partner-id': GLOBEX.id };

const SEND = `mutation Send($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }`;

/**
 * Every store entry that holds caller data is scoped to its partner (and channel where it has
 * one): the same input from another partner or channel never reaches the first one's entry.
 * One multi-tenant gateway: each caller's own credential goes upstream. The operations run in process
 * (`execute`), each caller named by its own Authorization and X-Partner-Id headers as over HTTP; the webhook
 * dedup goes through the webhook route and a subscription.
 */
describe('tenant scope of the stores: the same input from another partner or channel', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({
      PARTNER_ID: undefined,
      PARTNER_TOKEN: undefined,
      CHANNEL_API_KEYS: JSON.stringify(Object.fromEntries([ACME_CHANNEL, ACME_OTHER_CHANNEL, GLOBEX_CHANNEL].map((id) => [id, `sim-key-${id}`]))),
      BALANCE_RATE_LIMIT_POINTS: '1',
      BALANCE_RATE_LIMIT_MAX_WAIT_MS: '0',
    });
  });
  afterAll(async () => {
    await harness.close();
  });

  const sends = () => harness.simulator.recorder.matching('/cloud/messages', 'POST');

  it('idempotency: a key used on one channel is a new send on another channel and for another partner', async () => {
    harness.simulator.recorder.clear();
    const input = { to: '+4915112345678', idempotencyKey: 'same-key-everywhere', text: { body: 'same message' } };
    const ids: string[] = [];
    for (const [channelId, headers] of [
      [ACME_CHANNEL, asAcme],
      [ACME_OTHER_CHANNEL, asAcme],
      [GLOBEX_CHANNEL, asGlobex],
      [ACME_CHANNEL, asAcme],
    ] as const) {
      const { body } = await harness.execute<{ sendMessage: { id: string } }>(SEND, { channelId, input }, headers);
      expect(body.errors).toBeUndefined();
      ids.push(body.data!.sendMessage.id);
    }
    // Three sends, each with its own id; the repeat on the first channel replays the first.
    expect(sends().map((request) => request.headers['svc-api-key'])).toEqual([ACME_CHANNEL, ACME_OTHER_CHANNEL, GLOBEX_CHANNEL].map((id) => `sim-key-${id}`));
    expect(new Set(ids.slice(0, 3)).size).toBe(3);
    expect(ids[3]).toBe(ids[0]);
  });

  it('cache: the same query from another partner is answered from its own upstream call', async () => {
    const query = '{ partner { clients(limit: 10) { total nodes { id } } } }';
    harness.simulator.recorder.clear();
    const acme = await harness.execute<{ partner: { clients: { total: number; nodes: Array<{ id: string }> } } }>(query, {}, asAcme);
    const globex = await harness.execute<{ partner: { clients: { total: number; nodes: Array<{ id: string }> } } }>(query, {}, asGlobex);
    expect(acme.body.data?.partner.clients.total).toBe(6);
    expect(globex.body.data?.partner.clients).toEqual({ total: 2, nodes: [{ id: 'client-007' }, { id: 'client-008' }] });
    const listings = harness.simulator.recorder.matching(/\/clients$/, 'GET');
    expect(listings.map((request) => request.headers.authorization)).toEqual([`Bearer ${ACME.token}`, `Bearer ${GLOBEX.token}`]);
  });

  it('cache: the same messaging read on another channel is answered from its own upstream call', async () => {
    const profile = (channelId: string) => `{ channel(id: "${channelId}") { businessProfile { email } } }`;
    harness.simulator.recorder.clear();
    const first = await harness.execute<{ channel: { businessProfile: { email: string } } }>(profile(ACME_CHANNEL), {}, asAcme);
    const other = await harness.execute<{ channel: { businessProfile: { email: string } } }>(profile(ACME_OTHER_CHANNEL), {}, asAcme);
    expect(first.body.errors).toBeUndefined();
    expect(other.body.errors).toBeUndefined();
    const reads = harness.simulator.recorder.requests.filter((request) => request.path.includes('business_profile'));
    expect(reads.map((request) => request.headers['svc-api-key'])).toEqual([`sim-key-${ACME_CHANNEL}`, `sim-key-${ACME_OTHER_CHANNEL}`]);
  });

  it('limiter: one partner spending its A2 budget leaves another partner its own', async () => {
    const usage = (clientId: string) => `{ client(id: "${clientId}") { usage(from: "2026-01-01T00:00:00Z", granularity: DAY) { balance } } }`;
    expect((await harness.execute(usage('client-002'), {}, asAcme)).body.errors).toBeUndefined();
    const acmeAgain = await harness.execute(usage('client-003'), {}, asAcme);
    expect(acmeAgain.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const globex = await harness.execute(usage('client-007'), {}, asGlobex);
    expect(globex.body.errors).toBeUndefined();
  });

  it('webhook dedup: an event id delivered to one channel is still published when delivered to another', async () => {
    const connection = connectWs(harness.url, { authorization: `Bearer ${ACME.token}`, 'x-partner-id': ACME.id });
    try {
      const received = [ACME_CHANNEL, ACME_OTHER_CHANNEL].map((channelId) =>
        collect<{ channelId: string; id: string }>(connection, SUBSCRIPTIONS.messages, { channelId }, 'messageReceived'),
      );
      const events = harness.gateway.services.events;
      await waitUntil(
        () => events.subscriberCount('message', ACME_CHANNEL) === 1 && events.subscriberCount('message', ACME_OTHER_CHANNEL) === 1,
        'a message subscriber on each channel',
      );
      const notification = cloudNotification([
        { contacts: [], messages: [{ id: 'wamid.same-id', from: '4915112345678', timestamp: '1700000000', type: 'text', text: { body: 'hi' } }] },
      ]);
      for (const channelId of [ACME_CHANNEL, ACME_OTHER_CHANNEL]) {
        const answer = await postNotification(harness.url, channelId, notification, webhookAuthorization(harness.config.keystoreSecret, channelId));
        expect(answer.status).toBe(200);
      }
      const [first, second] = await Promise.all(received.map((subscription) => subscription.atLeast(1)));
      expect(first).toEqual([expect.objectContaining({ channelId: ACME_CHANNEL, id: 'wamid.same-id' })]);
      expect(second).toEqual([expect.objectContaining({ channelId: ACME_OTHER_CHANNEL, id: 'wamid.same-id' })]);
    } finally {
      await connection.dispose();
    }
  });
});
