import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { markEngaged, SIM_STALE_CONTACT } from '../../simulator/messaging-routes.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { startReceivingGateway, startTestGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, postAcknowledged, postNotification, waitUntil, type WsConnection } from '../support/events.js';
import { describeWithRedis, dropNamespace, namespaceKeys, testRedisEnv, uniqueNamespace } from '../support/redis.js';

const CHANNEL = 'channel-001';
/** A channel of the same partner kept for the listing test, so other tests' conversations do not shift its pages. */
const LISTING_CHANNEL = 'channel-002';
/** Another such channel, for the test of a list that changes while it is paged. */
const MOVING_CHANNEL = 'channel-004';
const KEYSTORE_SECRET = 'conversations-secret-0123456789ab';
const HOUR_S = 60 * 60;
const DAY_MS = 24 * HOUR_S * 1000;

type Item = Record<string, unknown>;
type Errors = Array<{ message: string; extensions?: Record<string, unknown> }>;

const CONVERSATION_FIELDS = `id channelId contact contactName lastInboundAt lastActivityAt
  serviceWindow { state closesAt lastInboundAt }
  lastMessage { id direction text status }`;

const CONVERSATION = `query ($channelId: ID!, $contact: String!, $first: Int, $before: String) {
  channel(id: $channelId) {
    conversation(contact: $contact) {
      ${CONVERSATION_FIELDS}
      messages(first: $first, before: $before) { nodes { id direction text status cursor error } endCursor hasMore }
    }
  }
}`;

const SERVICE_WINDOW = `query ($channelId: ID!, $contact: String!) {
  channel(id: $channelId) { serviceWindow(contact: $contact) { state closesAt lastInboundAt } }
}`;

const CONVERSATIONS = `query ($channelId: ID!, $first: Int, $after: String, $filter: ConversationFilter) {
  channel(id: $channelId) {
    conversations(first: $first, after: $after, filter: $filter) { nodes { contact serviceWindow { state } lastActivityAt } endCursor hasMore }
  }
}`;

const SEND_TEXT = `mutation ($channelId: ID!, $to: String!) {
  sendMessage(channelId: $channelId, input: { to: $to, text: { body: "Thanks for writing" } }) {
    id
    record { status text }
    conversation { contact serviceWindow { state } lastMessage { id direction } }
  }
}`;

const SEND_TEMPLATE = `mutation ($channelId: ID!, $to: String!) {
  sendMessage(channelId: $channelId, input: { to: $to, template: { name: "order_shipped", languageCode: "en_US", bodyParameters: ["Ada", "#42"] } }) { id }
}`;

const CONVERSATION_UPDATED = `subscription ($channelId: ID!) {
  conversationUpdated(channelId: $channelId) { contact serviceWindow { state } lastMessage { id status } }
}`;

const unixSeconds = (offsetSeconds = 0) => Math.floor(Date.now() / 1000) + offsetSeconds;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** An on-premise-shaped inbound text notification (the gateway reads both shapes alike). */
const inbound = (id: string, from: string, seconds: number, name = `Contact ${from.slice(-4)}`) => ({
  contacts: [{ wa_id: from, profile: { name } }],
  messages: [{ from, id, timestamp: String(seconds), type: 'text', text: { body: `text of ${id}` } }],
});
const failedStatus = (id: string, recipient: string, seconds: number) => ({
  statuses: [
    {
      id,
      status: 'failed',
      timestamp: String(seconds),
      recipient_id: recipient,
      errors: [{ code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed since the recipient last replied' }],
    },
  ],
});

/** The suite against one deployment shape: in-process memory, or Redis shared by two instances. */
function conversationSuite(label: string, env: () => Record<string, string>, instances: 1 | 2) {
  describe(`conversations (${label})`, () => {
    /** Contacts unique to this suite and test, so no test sees another's conversation. */
    const prefix = instances === 1 ? '49170' : '49171';
    const contact = (index: number) => `${prefix}${String(index).padStart(6, '0')}`;
    let simulator: Simulator;
    const gateways: TestGateway[] = [];
    const connections: WsConnection[] = [];

    beforeAll(async () => {
      simulator = await startSimulator();
      const keys = JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}`, [LISTING_CHANNEL]: `sim-key-${LISTING_CHANNEL}` });
      for (let index = 0; index < instances; index += 1) {
        gateways.push(await startTestGateway({ KEYSTORE_SECRET, CHANNEL_API_KEYS: keys, ...env() }, {}, simulator));
      }
    });

    afterAll(async () => {
      for (const connection of connections) await connection.dispose();
      for (const gateway of gateways) await gateway.close();
      await simulator.close();
    });

    const first = () => gateways[0];
    const last = () => gateways[gateways.length - 1];
    const post = (body: unknown, channelId = CHANNEL) => postAcknowledged(first().url, channelId, body, webhookAuthorization(KEYSTORE_SECRET, channelId));
    const read = async <T>(query: string, variables: Record<string, unknown>, gateway = last()) => {
      const { body } = await gateway.graphql<{ channel: T }>(query, { channelId: CHANNEL, ...variables });
      return body;
    };
    const conversation = async (who: string, gateway = last()) => {
      const body = await read<{ conversation: Item | null }>(CONVERSATION, { contact: who }, gateway);
      expect(body.errors).toBeUndefined();
      return body.data!.channel.conversation;
    };
    const serviceWindow = async (who: string) => {
      const body = await read<{ serviceWindow: Item }>(SERVICE_WINDOW, { contact: who });
      expect(body.errors).toBeUndefined();
      return body.data!.channel.serviceWindow;
    };
    const upstreamSends = () => simulator.recorder.requests.filter((request) => /^\/(cloud|onprem)\/.*messages$/.test(request.path)).length;

    it('a contact whose last message is 25 hours old: CLOSED; a text is refused before any upstream call, a template is sent', async () => {
      const who = contact(1);
      const wroteAt = unixSeconds(-25 * HOUR_S);
      await post(inbound(`wamid.closed-${label}`, who, wroteAt, 'Ada Lovelace'));
      expect(await serviceWindow(who)).toEqual({ state: 'CLOSED', closesAt: null, lastInboundAt: iso(wroteAt) });

      const before = upstreamSends();
      const refused = await last().graphql(SEND_TEXT, { channelId: CHANNEL, to: `+${who}` });
      expect(refused.body.data).toBeNull();
      expect((refused.body.errors as Errors)[0].extensions).toEqual({ code: 'SERVICE_WINDOW_CLOSED', lastInboundAt: iso(wroteAt), sent: false });
      expect(upstreamSends()).toBe(before);

      const template = await last().graphql<{ sendMessage: { id: string } }>(SEND_TEMPLATE, { channelId: CHANNEL, to: who });
      expect(template.body.errors).toBeUndefined();
      expect(template.body.data!.sendMessage.id).toMatch(/^wamid\./);
      expect(upstreamSends()).toBe(before + 1);
      expect(await conversation(who)).toMatchObject({
        contact: who,
        contactName: 'Ada Lovelace',
        lastInboundAt: iso(wroteAt),
        serviceWindow: { state: 'CLOSED' },
        lastMessage: { id: template.body.data!.sendMessage.id, direction: 'OUTBOUND', status: 'accepted' },
      });
    });

    it('a contact who just wrote: OPEN until 24 hours after the message time; the reply joins the thread, newest first', async () => {
      const who = contact(2);
      markEngaged(simulator.state, CHANNEL, who);
      const wroteAt = unixSeconds(-60);
      const inboundId = `wamid.open-${label}`;
      await post(inbound(inboundId, who, wroteAt));
      expect(await serviceWindow(who)).toEqual({ state: 'OPEN', closesAt: new Date(wroteAt * 1000 + DAY_MS).toISOString(), lastInboundAt: iso(wroteAt) });

      const sent = await last().graphql<{ sendMessage: Item & { id: string } }>(SEND_TEXT, { channelId: CHANNEL, to: who });
      expect(sent.body.errors).toBeUndefined();
      const sentId = sent.body.data!.sendMessage.id;
      expect(sent.body.data!.sendMessage).toMatchObject({
        record: { status: 'accepted', text: 'Thanks for writing' },
        conversation: { contact: who, serviceWindow: { state: 'OPEN' }, lastMessage: { id: sentId, direction: 'OUTBOUND' } },
      });

      const thread = await conversation(who, first());
      expect(thread).toMatchObject({ id: `${CHANNEL}:${who}`, channelId: CHANNEL, contactName: `Contact ${who.slice(-4)}` });
      const messages = thread!.messages as { nodes: Item[]; endCursor: string; hasMore: boolean };
      expect(messages.nodes.map(({ id, direction, text }) => ({ id, direction, text }))).toEqual([
        { id: sentId, direction: 'OUTBOUND', text: 'Thanks for writing' },
        { id: inboundId, direction: 'INBOUND', text: `text of ${inboundId}` },
      ]);
      expect(messages.hasMore).toBe(false);

      const older = await read<{ conversation: { messages: Item } }>(CONVERSATION, { contact: who, first: 1, before: messages.nodes[0].cursor });
      expect(older.data!.channel.conversation.messages).toMatchObject({ nodes: [{ id: inboundId }], hasMore: false });
      const malformed = await read(CONVERSATION, { contact: who, before: 'not a cursor' });
      expect((malformed.errors as Errors)[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'before' });
    });

    it('a re-delivered or late notification moves nothing back and reopens nothing', async () => {
      const who = contact(3);
      const wroteAt = unixSeconds(-120);
      const notification = inbound(`wamid.redelivered-${label}`, who, wroteAt);
      await post(notification);
      const before = await conversation(who);
      await post(notification);
      // A message first delivered 30 hours late (the upstream re-delivers for 7 days) is older than what is known.
      await post(inbound(`wamid.late-${label}`, who, unixSeconds(-30 * HOUR_S)));
      const after = await conversation(who);
      expect(after).toMatchObject({ lastInboundAt: iso(wroteAt), lastActivityAt: before!.lastActivityAt, serviceWindow: { state: 'OPEN' } });
      expect((after!.messages as { nodes: Item[] }).nodes.map((node) => node.id)).toEqual([`wamid.redelivered-${label}`, `wamid.late-${label}`]);

      const stale = contact(4);
      const staleWroteAt = unixSeconds(-26 * HOUR_S);
      const staleNotification = inbound(`wamid.stale-${label}`, stale, staleWroteAt);
      await post(staleNotification);
      await post(staleNotification);
      expect(await serviceWindow(stale)).toMatchObject({ state: 'CLOSED', lastInboundAt: iso(staleWroteAt) });
    });

    it('an accepted send later reported failed with 131047: record failed with its error, window CLOSED, conversationUpdated on every instance', async () => {
      const who = contact(5);
      markEngaged(simulator.state, CHANNEL, who);
      await post(inbound(`wamid.before-failure-${label}`, who, unixSeconds(-60)));
      const counted = () =>
        last()
          .gateway.services.metrics.openSubscriptions.get()
          .then((metric) => metric.values[0]?.value ?? 0);
      const openBefore = await counted();
      const connection = connectWs(last().url);
      connections.push(connection);
      const updates = collect<Item>(connection, CONVERSATION_UPDATED, { channelId: CHANNEL }, 'conversationUpdated');
      await waitUntil(async () => (await counted()) > openBefore, 'the conversationUpdated subscription to open');

      const sent = await first().graphql<{ sendMessage: { id: string } }>(SEND_TEXT, { channelId: CHANNEL, to: who });
      expect(sent.body.errors).toBeUndefined();
      const id = sent.body.data!.sendMessage.id;
      await post(failedStatus(id, who, unixSeconds()));
      const [afterSend, afterStatus] = await updates.atLeast(2);
      expect(afterSend).toMatchObject({ contact: who });
      expect(afterStatus).toEqual({ contact: who, serviceWindow: { state: 'CLOSED' }, lastMessage: { id, status: 'failed' } });

      const thread = await conversation(who);
      expect((thread!.messages as { nodes: Item[] }).nodes[0]).toMatchObject({
        id,
        status: 'failed',
        error: { code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed since the recipient last replied' },
      });
      expect(thread!.serviceWindow).toMatchObject({ state: 'CLOSED', closesAt: null });
      const before = upstreamSends();
      const refused = await first().graphql(SEND_TEXT, { channelId: CHANNEL, to: who });
      expect((refused.body.errors as Errors)[0].extensions).toMatchObject({ code: 'SERVICE_WINDOW_CLOSED', sent: false });
      expect(upstreamSends()).toBe(before);

      // The contact writes again: the window reopens, and subscribers hear of it.
      await post(inbound(`wamid.after-failure-${label}`, who, unixSeconds(1)));
      await updates.atLeast(3);
      expect(updates.items[2]).toMatchObject({ contact: who, serviceWindow: { state: 'OPEN' } });
      updates.unsubscribe();
    });

    it('a synchronous 131047 from the upstream is SERVICE_WINDOW_CLOSED and closes the window', async () => {
      const who = contact(6);
      await post(inbound(`wamid.sync-${label}`, who, unixSeconds(-60)));
      simulator.faults.add({
        path: '/cloud/messages',
        method: 'POST',
        status: 400,
        times: 1,
        body: { error: { code: 131047, message: 'Re-engagement message', type: 'OAuthException' } },
      });
      const refused = await first().graphql(SEND_TEXT, { channelId: CHANNEL, to: who });
      expect((refused.body.errors as Errors)[0].extensions).toMatchObject({
        code: 'SERVICE_WINDOW_CLOSED',
        upstream: { endpoint: 'B1', status: 400, code: 131047 },
      });
      expect(await serviceWindow(who)).toMatchObject({ state: 'CLOSED' });
    });

    it('lists conversations by last activity, newest first, in pages, and filters by window', async () => {
      const listing = (variables: Record<string, unknown>) =>
        read<{ conversations: { nodes: Item[]; endCursor: string | null; hasMore: boolean } }>(CONVERSATIONS, { channelId: LISTING_CHANNEL, ...variables });
      const times = [-50 * HOUR_S, -3000, -30 * HOUR_S, -2000, -1000];
      for (const [index, offset] of times.entries()) {
        await post(inbound(`wamid.list-${label}-${index}`, contact(100 + index), unixSeconds(offset)), LISTING_CHANNEL);
      }
      const newestFirst = [4, 3, 1, 2, 0].map((index) => contact(100 + index));

      const contacts: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 3; pages += 1) {
        const body = await listing({ first: 2, after });
        expect(body.errors).toBeUndefined();
        const page = body.data!.channel.conversations;
        contacts.push(...page.nodes.map((node) => String(node.contact)));
        expect(page.hasMore).toBe(pages < 2);
        after = page.endCursor;
      }
      expect(contacts).toEqual(newestFirst);

      const open = await listing({ first: 10, filter: { window: 'OPEN' } });
      expect(open.data!.channel.conversations).toMatchObject({
        hasMore: false,
        nodes: [4, 3, 1].map((index) => ({ contact: contact(100 + index), serviceWindow: { state: 'OPEN' } })),
      });
      const closed = await listing({ first: 1, filter: { window: 'CLOSED' } });
      expect(closed.data!.channel.conversations).toMatchObject({ hasMore: true, nodes: [{ contact: contact(102) }] });
      const closedRest = await listing({ first: 5, after: closed.data!.channel.conversations.endCursor, filter: { window: 'CLOSED' } });
      expect(closedRest.data!.channel.conversations).toMatchObject({ hasMore: false, nodes: [{ contact: contact(100) }] });

      for (const variables of [{ first: -1 }, { after: 'bad cursor' }]) {
        const refused = await listing(variables);
        expect((refused.errors as Errors)[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      }
      // A cursor of another channel's list is refused, not silently read as a position of this one.
      const foreign = await read(CONVERSATIONS, { first: 1, after: closed.data!.channel.conversations.endCursor });
      expect((foreign.errors as Errors)[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
    });

    it('pages on from a cursor whose conversation moved to the front meanwhile: the rest of the list, none twice', async () => {
      const page = async (after: string | null) => {
        const body = await read<{ conversations: { nodes: Item[]; endCursor: string; hasMore: boolean } }>(CONVERSATIONS, {
          channelId: MOVING_CHANNEL,
          first: 2,
          after,
        });
        expect(body.errors).toBeUndefined();
        return body.data!.channel.conversations;
      };
      for (const index of [0, 1, 2, 3]) await post(inbound(`wamid.moving-${label}-${index}`, contact(200 + index), unixSeconds(-4000 + index)), MOVING_CHANNEL);
      const firstPage = await page(null);
      expect(firstPage.nodes.map((node) => node.contact)).toEqual([contact(203), contact(202)]);
      // The contact at the cursor writes again: it is now first, and the cursor's position no longer holds it.
      await post(inbound(`wamid.moving-${label}-again`, contact(202), unixSeconds()), MOVING_CHANNEL);
      const rest = await page(firstPage.endCursor);
      expect(rest).toMatchObject({ nodes: [{ contact: contact(201) }, { contact: contact(200) }], hasMore: false });
      expect((await page(null)).nodes.map((node) => node.contact)).toEqual([contact(202), contact(203)]);
    });

    it("refuses conversationUpdated on another partner's channel with NOT_FOUND, before anything is subscribed", async () => {
      const connection = connectWs(last().url);
      connections.push(connection);
      const refused = collect<Item>(connection, CONVERSATION_UPDATED, { channelId: 'channel-015' }, 'conversationUpdated');
      await refused.ended();
      expect(refused.items).toEqual([]);
      expect(JSON.stringify(refused.errors)).toContain('NOT_FOUND');
    });

    it('answers null for a contact it holds nothing of, and UNKNOWN for its window while it has watched the channel for less than a day', async () => {
      const body = await read<{ conversation: Item | null }>(CONVERSATION, { contact: contact(999) });
      expect(body).toEqual({ data: { channel: { conversation: null } } });
      expect(await serviceWindow(contact(999))).toEqual({ state: 'UNKNOWN', closesAt: null, lastInboundAt: null });
      const malformed = await read(SERVICE_WINDOW, { contact: 'not a number' });
      expect((malformed.errors as Errors)[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'contact' });
    });
  });
}

conversationSuite('memory', () => ({}), 1);

describeWithRedis('on Redis', () => {
  const namespace = uniqueNamespace('conversations');
  afterAll(() => dropNamespace(namespace));
  conversationSuite('redis, two instances', () => testRedisEnv(namespace), 2);
});

describe('SERVICE_WINDOW_GUARD=off', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({ KEYSTORE_SECRET, CHANNEL_API_KEYS: JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}` }), SERVICE_WINDOW_GUARD: 'off' });
  });
  afterAll(() => gateway.close());

  it('sends a text to a contact the gateway knows to be outside the window, and the upstream decides', async () => {
    const who = '4917299000001';
    // The upstream (the simulator) holds a more recent message from the contact than the gateway saw.
    markEngaged(gateway.simulator.state, CHANNEL, who);
    const answer = await postNotification(
      gateway.url,
      CHANNEL,
      inbound('wamid.guard-off', who, unixSeconds(-25 * HOUR_S)),
      webhookAuthorization(KEYSTORE_SECRET, CHANNEL),
    );
    expect(answer.status).toBe(200);
    const window = await gateway.graphql<{ channel: { serviceWindow: Item } }>(SERVICE_WINDOW, { channelId: CHANNEL, contact: who });
    expect(window.body.data!.channel.serviceWindow).toMatchObject({ state: 'CLOSED' });

    const sent = await gateway.graphql<{ sendMessage: { id: string } }>(SEND_TEXT, { channelId: CHANNEL, to: who });
    expect(sent.body.errors).toBeUndefined();
    expect(sent.body.data!.sendMessage.id).toMatch(/^wamid\./);
    expect(gateway.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(1);
  });
});

describeWithRedis('EVENT_RETENTION_MS=0 on Redis', () => {
  const retentionNamespace = uniqueNamespace('conversations-no-retention');
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({
      KEYSTORE_SECRET,
      CHANNEL_API_KEYS: JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}` }),
      ...testRedisEnv(retentionNamespace),
      EVENT_RETENTION_MS: '0',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await dropNamespace(retentionNamespace);
  });

  it('keeps no thread but the window state for 24 hours, so the guard still refuses a closed window', async () => {
    const stale = '4917399000001';
    const fresh = '4917399000002';
    const credential = webhookAuthorization(KEYSTORE_SECRET, CHANNEL);
    const staleWroteAt = unixSeconds(-25 * HOUR_S);
    await postNotification(gateway.url, CHANNEL, inbound('wamid.no-retention-stale', stale, staleWroteAt), credential);
    await postNotification(gateway.url, CHANNEL, inbound('wamid.no-retention-fresh', fresh, unixSeconds(-60)), credential);

    const { body } = await gateway.graphql<{ channel: { conversation: Item } }>(CONVERSATION, { channelId: CHANNEL, contact: fresh });
    expect(body.data!.channel.conversation).toMatchObject({ serviceWindow: { state: 'OPEN' }, lastMessage: null, messages: { nodes: [], hasMore: false } });
    const refused = await gateway.graphql(SEND_TEXT, { channelId: CHANNEL, to: stale });
    expect((refused.body.errors as Errors)[0].extensions).toMatchObject({ code: 'SERVICE_WINDOW_CLOSED', lastInboundAt: iso(staleWroteAt) });

    const keys = await namespaceKeys(retentionNamespace);
    expect(keys.filter((key) => /\}:(message|thread):/.test(key))).toEqual([]);
    const conversationKey = keys.find((key) => key.endsWith(`:conversation:${stale}`))!;
    // A whole window from the last change, although no events are retained.
    expect(await gateway.gateway.services.redis!.command<number>(conversationKey, ['PTTL', conversationKey])).toBeGreaterThan(DAY_MS - 60_000);
  });
});

describe('end to end with the simulator delivering to the gateway (SERVICE_WINDOW_GUARD=enforce)', () => {
  let gateway: TestGateway;
  let connection: WsConnection;
  beforeAll(async () => {
    gateway = await startReceivingGateway([CHANNEL], { KEYSTORE_SECRET, CHANNEL_API_KEYS: JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}` }) });
    connection = connectWs(gateway.url);
  });
  afterAll(async () => {
    await connection.dispose();
    await gateway.close();
  });

  it('a send the gateway could not judge (UNKNOWN) is accepted, then failed by the upstream with 131047: the record fails with its error, the window closes, subscribers hear of it, the next text is refused', async () => {
    const window = await gateway.graphql<{ channel: { serviceWindow: Item } }>(SERVICE_WINDOW, { channelId: CHANNEL, contact: SIM_STALE_CONTACT });
    expect(window.body.data!.channel.serviceWindow).toEqual({ state: 'UNKNOWN', closesAt: null, lastInboundAt: null });
    const counted = () => gateway.gateway.services.metrics.openSubscriptions.get().then((metric) => metric.values[0]?.value ?? 0);
    const updates = collect<Item>(connection, CONVERSATION_UPDATED, { channelId: CHANNEL }, 'conversationUpdated');
    await waitUntil(async () => (await counted()) === 1, 'the conversationUpdated subscription to open');

    const sent = await gateway.graphql<{ sendMessage: { id: string } }>(SEND_TEXT, { channelId: CHANNEL, to: SIM_STALE_CONTACT });
    expect(sent.body.errors).toBeUndefined();
    const id = sent.body.data!.sendMessage.id;
    await waitUntil(
      () => updates.items.some((item) => (item.lastMessage as Item | null)?.status === 'failed'),
      'the failed status to reach conversationUpdated',
    );
    expect(updates.items.at(-1)).toEqual({ contact: SIM_STALE_CONTACT, serviceWindow: { state: 'CLOSED' }, lastMessage: { id, status: 'failed' } });

    const thread = await gateway.graphql<{ channel: { conversation: { messages: { nodes: Item[] } } } }>(CONVERSATION, {
      channelId: CHANNEL,
      contact: SIM_STALE_CONTACT,
    });
    expect(thread.body.data!.channel.conversation.messages.nodes).toEqual([
      expect.objectContaining({ id, status: 'failed', error: expect.objectContaining({ code: 131047, title: 'Re-engagement message' }) }),
    ]);
    const sends = () => gateway.simulator.recorder.matching('/cloud/messages', 'POST').length;
    const before = sends();
    const refused = await gateway.graphql(SEND_TEXT, { channelId: CHANNEL, to: SIM_STALE_CONTACT });
    expect((refused.body.errors as Errors)[0].extensions).toMatchObject({ code: 'SERVICE_WINDOW_CLOSED', lastInboundAt: null, sent: false });
    expect(sends()).toBe(before);
    updates.unsubscribe();
  });
});
