import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, postAcknowledged, waitUntil, type WsConnection } from '../support/events.js';
import { describeWithRedis, dropNamespace, testRedisUrl, uniqueNamespace } from '../support/redis.js';

const CHANNEL = 'channel-001';
const OTHER_CHANNEL = 'channel-002';
const KEYSTORE_SECRET = 'durable-events-secret-0123456789';
const CONTACT = '4915112345678';

type Item = Record<string, unknown>;
type Errors = Array<{ message: string; extensions?: Record<string, unknown> }>;

const CHANNEL_EVENTS = `subscription ($channelId: ID!, $after: String) {
  channelEvents(channelId: $channelId, after: $after) {
    __typename
    ... on InboundMessage { cursor receivedAt id from text }
    ... on MessageStatusEvent { cursor receivedAt messageId status recipientId }
    ... on ChannelErrorEvent { cursor receivedAt code title }
  }
}`;

const EVENTS_PAGE = `query ($channelId: ID!, $after: String, $first: Int, $kinds: [ChannelEventKind!], $contact: String) {
  channel(id: $channelId) {
    events(after: $after, first: $first, kinds: $kinds, contact: $contact) {
      nodes {
        __typename
        ... on InboundMessage { cursor id from }
        ... on MessageStatusEvent { cursor messageId status recipientId }
        ... on ChannelErrorEvent { cursor code }
      }
      endCursor
      hasMore
    }
  }
}`;

const MESSAGE_RECORD = `query ($channelId: ID!, $id: ID!) {
  channel(id: $channelId) {
    message(id: $id) { id channelId direction contact type at status statuses { cursor messageId status receivedAt } }
  }
}`;

/** Notification times are now: a contact's inbound message opens its 24-hour window, which the send below relies on. */
const unixNow = () => String(Math.floor(Date.now() / 1000));
const inbound = (id: string, from = CONTACT) => ({ messages: [{ from, id, timestamp: unixNow(), type: 'text', text: { body: `body of ${id}` } }] });
const status = (id: string, value: string, recipient = CONTACT) => ({ statuses: [{ id, status: value, timestamp: unixNow(), recipient_id: recipient }] });

interface EventPage {
  nodes: Item[];
  endCursor: string | null;
  hasMore: boolean;
}

/** The suite against one deployment shape: in-process memory, or Redis shared by two instances. */
function durableSuite(label: string, env: () => Record<string, string>, instances: 1 | 2) {
  describe(`durable events (${label})`, () => {
    /** The label as it may appear in ids (letters, digits and - only). */
    const slug = label.replace(/\W+/g, '-');
    let simulator: Simulator;
    const gateways: TestGateway[] = [];
    const connections: WsConnection[] = [];
    const credential = webhookAuthorization(KEYSTORE_SECRET, CHANNEL);

    beforeAll(async () => {
      simulator = await startSimulator();
      for (let index = 0; index < instances; index += 1) {
        gateways.push(
          await startTestGateway({ KEYSTORE_SECRET, CHANNEL_API_KEYS: JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}` }), ...env() }, {}, simulator),
        );
      }
    });

    afterAll(async () => {
      for (const connection of connections) await connection.dispose();
      for (const gateway of gateways) await gateway.close();
      await simulator.close();
    });

    const first = () => gateways[0];
    const last = () => gateways[gateways.length - 1];
    const post = (gateway: TestGateway, body: unknown) => postAcknowledged(gateway.url, CHANNEL, body, credential);
    const page = async (variables: Record<string, unknown>) => {
      const { body } = await first().graphql<{ channel: { events: EventPage } }>(EVENTS_PAGE, { channelId: CHANNEL, ...variables });
      return body;
    };
    /** Every retained event of the channel, in log order. */
    const wholeLog = async () => {
      const nodes: Item[] = [];
      let after: string | null = null;
      for (;;) {
        const body = await page({ after, first: 200 });
        expect(body.errors).toBeUndefined();
        const events = body.data!.channel.events;
        nodes.push(...events.nodes);
        if (!events.hasMore) return nodes;
        after = events.endCursor;
      }
    };
    const subscribe = (gateway: TestGateway, after: string | null) => {
      const connection = connectWs(gateway.url);
      connections.push(connection);
      return { connection, events: collect<Item>(connection, CHANNEL_EVENTS, { channelId: CHANNEL, after }, 'channelEvents') };
    };
    /** A live-only subscriber, once the gateway counts it (graphql-ws has no "subscribed" acknowledgement). */
    const subscribeLive = async (gateway: TestGateway) => {
      const count = () => gateway.gateway.services.events.subscriberCount('message', CHANNEL);
      const before = count();
      const subscriber = subscribe(gateway, null);
      await waitUntil(() => count() > before);
      return subscriber;
    };

    it('resumes from a cursor while notifications keep arriving at both instances: every event once, in log order', async () => {
      const tag = `${slug}-resume`;
      const firstSubscriber = await subscribeLive(first());
      await post(first(), inbound(`${tag}-0`));
      await firstSubscriber.events.atLeast(1);
      const total = 60;
      let posted = 1;
      const posting = (async () => {
        for (; posted < total; posted += 1) await post(gateways[posted % gateways.length], inbound(`${tag}-${posted}`));
      })();
      // The first subscriber drops mid-stream; the second resumes after the last cursor it saw, on the other instance.
      await waitUntil(() => posted >= 10);
      await firstSubscriber.connection.dispose();
      // What the client had processed when it dropped (graphql-ws may still hand over a message buffered before the close).
      const seen = [...firstSubscriber.events.items];
      const resumed = subscribe(last(), seen[seen.length - 1].cursor as string);
      await waitUntil(() => posted >= 30);
      await posting;
      // A later sentinel: anything that was still going to arrive has arrived before it.
      await post(first(), inbound(`${tag}-sentinel`));
      await resumed.events.atLeast(total - seen.length + 1);
      const delivered = [...seen, ...resumed.events.items];
      const ids = delivered.map((event) => String(event.id));
      const expected = [...Array.from({ length: total }, (_, index) => `${tag}-${index}`), `${tag}-sentinel`];
      expect([...ids].sort()).toEqual(expected.sort());
      expect(new Set(ids).size).toBe(ids.length);
      const logOrder = (await wholeLog()).filter((event) => String(event.id).startsWith(`${tag}-`)).map((event) => event.id);
      expect(ids).toEqual(logOrder);
      expect(delivered.every((event) => typeof event.cursor === 'string' && typeof event.receivedAt === 'string')).toBe(true);
      resumed.events.unsubscribe();
    });

    it('pages the log oldest first, with kinds and contact filters; a malformed or foreign cursor is BAD_USER_INPUT', async () => {
      const tag = `${slug}-page`;
      const before = (await wholeLog()).length;
      await post(first(), { ...inbound(`${tag}-in-1`), ...status(`${tag}-out-1`, 'sent') });
      await post(last(), { ...inbound(`${tag}-in-2`, '4917000000001'), errors: [{ code: 131026, title: 'Receiver incapable' }] });
      await post(first(), status(`${tag}-out-1`, 'delivered'));
      const all = (await wholeLog()).slice(before);
      expect(all.map((event) => event.__typename)).toEqual([
        'InboundMessage',
        'MessageStatusEvent',
        'InboundMessage',
        'ChannelErrorEvent',
        'MessageStatusEvent',
      ]);

      const firstPage = await page({ after: all[0].cursor, first: 2 });
      expect(firstPage.data!.channel.events.nodes.map((event) => event.cursor)).toEqual([all[1].cursor, all[2].cursor]);
      expect(firstPage.data!.channel.events).toMatchObject({ endCursor: all[2].cursor, hasMore: true });
      const secondPage = await page({ after: firstPage.data!.channel.events.endCursor, first: 2 });
      expect(secondPage.data!.channel.events).toMatchObject({ nodes: [all[3], all[4]], endCursor: all[4].cursor, hasMore: false });
      const empty = await page({ after: all[4].cursor });
      expect(empty.data!.channel.events).toEqual({ nodes: [], endCursor: null, hasMore: false });

      const statuses = await page({ after: all[0].cursor, kinds: ['STATUS'] });
      expect(statuses.data!.channel.events.nodes).toEqual([all[1], all[4]]);
      const fromContact = await page({ after: all[0].cursor, contact: '4917000000001' });
      expect(fromContact.data!.channel.events.nodes).toEqual([all[2]]);
      const messagesOfContact = await page({ after: all[0].cursor, kinds: ['MESSAGE', 'ERROR'], contact: CONTACT });
      expect(messagesOfContact.data!.channel.events.nodes).toEqual([]);

      for (const after of ['not a cursor!', 'Zm9v', String(all[0].cursor).slice(0, -2)]) {
        const malformed = await page({ after });
        expect((malformed.errors as Errors)[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
      }
      const foreign = await page({ channelId: OTHER_CHANNEL, after: all[0].cursor });
      expect((foreign.errors as Errors)[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
      // The subscription checks its cursor the same way, before anything is subscribed.
      const refused = subscribe(first(), 'not a cursor!').events;
      await refused.ended();
      expect(JSON.stringify(refused.errors)).toContain('BAD_USER_INPUT');
    });

    it('keeps a record of each message: sends accepted, inbound received, statuses joined once by lifecycle whatever their order', async () => {
      const sent = await first().graphql<{ sendMessage: { id: string } }>(
        'mutation ($channelId: ID!) { sendMessage(channelId: $channelId, input: { to: "+4915112345678", text: { body: "hello" } }) { id } }',
        { channelId: CHANNEL },
      );
      expect(sent.body.errors).toBeUndefined();
      const id = sent.body.data!.sendMessage.id;
      const record = async (messageId: string, gateway = last()) => {
        const { body } = await gateway.graphql<{ channel: { message: Item | null } }>(MESSAGE_RECORD, { channelId: CHANNEL, id: messageId });
        expect(body.errors).toBeUndefined();
        return body.data!.channel.message;
      };
      expect(await record(id)).toMatchObject({
        id,
        channelId: CHANNEL,
        direction: 'OUTBOUND',
        contact: CONTACT,
        type: 'text',
        status: 'accepted',
        statuses: [],
      });

      // Read arrives first, then delivered, then sent, then read again (re-delivered), across both instances.
      await post(first(), status(id, 'read'));
      await post(last(), status(id, 'delivered'));
      await post(first(), status(id, 'sent'));
      await post(last(), status(id, 'read'));
      const afterStatuses = await record(id);
      expect(afterStatuses).toMatchObject({ status: 'read' });
      expect((afterStatuses!.statuses as Item[]).map((item) => item.status)).toEqual(['read', 'delivered', 'sent']);
      await post(first(), status(id, 'failed'));
      await post(first(), status(id, 'delivered'));
      expect(await record(id)).toMatchObject({ status: 'failed' });

      // A status may outrun the send's own record; the record then starts from it.
      await post(first(), { statuses: [{ id: `${slug}-unknown-send`, status: 'delivered', recipient_id: CONTACT }] });
      expect(await record(`${slug}-unknown-send`)).toMatchObject({ direction: 'OUTBOUND', contact: CONTACT, type: null, status: 'delivered' });

      await post(last(), inbound(`${slug}-record-in`));
      expect(await record(`${slug}-record-in`, first())).toMatchObject({
        direction: 'INBOUND',
        contact: CONTACT,
        type: 'text',
        status: 'received',
        statuses: [],
      });
      expect(await record('wamid.never-seen')).toBeNull();
    });

    it('a notification of thousands of events reaches a reading subscriber whole; malformed items beside valid ones are kept untyped and reported', async () => {
      const tag = `${slug}-burst`;
      const subscriber = await subscribeLive(last());
      const count = 3_000;
      const burst = {
        messages: [
          ...Array.from({ length: count }, (_, index) => ({ from: CONTACT, id: `${tag}-${index}`, type: 'text', text: { body: `burst ${index}` } })),
          { from: CONTACT },
          'not an item',
        ],
        statuses: [{ status: 'read' }],
      };
      const answer = await fetch(`${first().url.replace('/graphql', '')}/webhooks/${CHANNEL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: credential, 'x-request-id': `${tag}-request` },
        body: JSON.stringify(burst),
      });
      expect(answer.status).toBe(200);
      const received = await subscriber.events.atLeast(count);
      expect(received.map((event) => event.id)).toEqual(Array.from({ length: count }, (_, index) => `${tag}-${index}`));
      expect(subscriber.events.errors).toEqual([]);
      const findReport = () =>
        first()
          .logs.entries()
          .find((entry) => entry.msg === 'webhook: kept items it could not type as OtherNotificationEvent' && entry.requestId === `${tag}-request`);
      // Log lines are written in batches.
      await waitUntil(() => findReport() !== undefined);
      const report = findReport();
      expect(report).toMatchObject({ channelId: CHANNEL, published: count + 3, notification: expect.any(String) });
      expect((report!.problems as Item[]).map((problem) => problem.path)).toEqual([`messages[${count}]`, `messages[${count + 1}]`, 'statuses[0]']);
      // Bodies are personal data: never in a log line.
      expect(first().logs.lines.join('\n')).not.toContain('burst 1');
      subscriber.events.unsubscribe();
    });
  });
}

durableSuite('memory', () => ({}), 1);

describeWithRedis('on Redis', () => {
  const namespace = uniqueNamespace('durable');
  afterAll(() => dropNamespace(namespace));
  durableSuite('redis, two instances', () => ({ REDIS_URL: testRedisUrl(), REDIS_NAMESPACE: namespace }), 2);
});
