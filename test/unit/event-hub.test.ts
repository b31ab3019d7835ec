import { describe, expect, it } from '@jest/globals';
import { encodeCursor } from '../../src/events/log/cursor.js';
import { createEventHub } from '../../src/events/hub.js';
import { createLogger } from '../../src/observability/logger.js';
import { cloudNotification } from '../support/events.js';

/** One cloud notification carrying one inbound text message. */
const inboundText = (id: string) =>
  cloudNotification([{ messages: [{ id, from: '4915112345678', timestamp: '1700000000', type: 'text', text: { body: 'hi' } }] }]);

const hub = () => createEventHub(createLogger('silent'), null, 60_000);

/** Business numbers of the partner's channels on one business account, as the channel directory routes them. */
const OWN_NUMBER = '49305550000';
const SIBLING_NUMBER = '49305550006';
const ROUTES: Record<string, string> = { [OWN_NUMBER]: 'channel-001', [SIBLING_NUMBER]: 'channel-002' };

describe('EventHub (in memory)', () => {
  it('deduplicates per channel: the same message id on another channel is another event', async () => {
    const events = hub();
    expect(await events.ingest('channel-001', inboundText('wamid.same'))).toMatchObject({ published: 1, duplicates: 0 });
    expect(await events.ingest('channel-002', inboundText('wamid.same'))).toMatchObject({ published: 1, duplicates: 0 });
    expect(await events.ingest('channel-002', inboundText('wamid.same'))).toMatchObject({ published: 0, duplicates: 1 });
  });

  it("appends each channel's events to its log once, the path's channel only when it takes some or nothing is routed away", async () => {
    const events = hub();
    const directory = { routes: async (_channelId: string, numbers: readonly string[]) => new Map(numbers.map((number) => [number, ROUTES[number] ?? null])) };
    const change = (number: string, id: string) => ({
      metadata: { display_phone_number: number, phone_number_id: `pn-${number}` },
      messages: [{ id, from: '491', timestamp: '1700000000', type: 'text', text: { body: id } }],
    });
    const ids = async (channelId: string) =>
      (await events.page(channelId, { after: null, first: 10, kinds: null, contact: null })).nodes.map((event) =>
        event.kind === 'message' ? event.payload.id : event.kind,
      );

    // The routed change comes first: the path's channel is still the first appended to.
    const both = cloudNotification([change(SIBLING_NUMBER, 'wamid.s1'), change(OWN_NUMBER, 'wamid.o1'), change(SIBLING_NUMBER, 'wamid.s2')]);
    expect(await events.ingest('channel-001', both, directory)).toMatchObject({
      published: 3,
      routing: ['routed', 'own', 'routed'],
      channels: ['channel-001', 'channel-002'],
    });
    expect(await ids('channel-001')).toEqual(['wamid.o1']);
    expect(await ids('channel-002')).toEqual(['wamid.s1', 'wamid.s2']);

    const routedOnly = cloudNotification([change(SIBLING_NUMBER, 'wamid.s3')]);
    expect(await events.ingest('channel-001', routedOnly, directory)).toMatchObject({ published: 1, routing: ['routed'], channels: ['channel-002'] });
    expect(await events.ingest('channel-001', cloudNotification(), directory)).toMatchObject({ published: 0, channels: ['channel-001'] });
    expect(await ids('channel-001')).toEqual(['wamid.o1']);
  });

  it('a subscription after a cursor gets the retained events after it, then live ones', async () => {
    const events = hub();
    await events.ingest('channel-001', inboundText('wamid.1'));
    await events.ingest('channel-001', inboundText('wamid.2'));
    const [first] = (await events.page('channel-001', { after: null, first: 1, kinds: null, contact: null })).nodes;
    const subscription = await events.subscribe(['message'], 'channel-001', events.position('channel-001', encodeCursor('channel-001', first.id), 'after'));
    await events.ingest('channel-001', inboundText('wamid.3'));
    const ids: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const next = await subscription.next();
      if (!next.done && next.value.kind === 'message') ids.push(next.value.payload.id);
    }
    expect(ids).toEqual(['wamid.2', 'wamid.3']);
    await subscription.return?.();
  });

  it('pages with the kinds and contact filters, and counts subscribers per kind until they end', async () => {
    const events = hub();
    const notification = cloudNotification([
      {
        messages: [
          { id: 'wamid.in-a', from: '491', timestamp: '1700000000', type: 'text', text: { body: 'a' } },
          { id: 'wamid.in-b', from: '492', timestamp: '1700000000', type: 'text', text: { body: 'b' } },
        ],
        statuses: [
          { id: 'wamid.out-a', status: 'sent', timestamp: '1700000001', recipient_id: '491' },
          { id: 'wamid.out-b', status: 'sent', timestamp: '1700000001', recipient_id: '492' },
        ],
        errors: [{ code: 131026, title: 'Receiver incapable' }],
      },
    ]);
    expect(await events.ingest('channel-001', notification)).toMatchObject({ published: 5, duplicates: 0 });
    const ids = async (request: { kinds: Array<'message' | 'status' | 'error'> | null; contact: string | null; first?: number }) =>
      (await events.page('channel-001', { after: null, first: request.first ?? 50, kinds: request.kinds, contact: request.contact })).nodes.map((event) =>
        event.kind === 'message' ? event.payload.id : event.kind === 'status' ? event.payload.messageId : 'error',
      );
    expect(await ids({ kinds: null, contact: null })).toEqual(['wamid.in-a', 'wamid.in-b', 'wamid.out-a', 'wamid.out-b', 'error']);
    expect(await ids({ kinds: ['status', 'error'], contact: null })).toEqual(['wamid.out-a', 'wamid.out-b', 'error']);
    expect(await ids({ kinds: null, contact: '491' })).toEqual(['wamid.in-a', 'wamid.out-a']);
    expect(await ids({ kinds: ['message'], contact: '492' })).toEqual(['wamid.in-b']);
    const limited = await events.page('channel-001', { after: null, first: 2, kinds: null, contact: '492' });
    expect(limited).toMatchObject({ hasMore: false });
    expect(await events.page('channel-001', { after: null, first: 1, kinds: null, contact: '492' })).toMatchObject({ hasMore: true });

    const all = await events.subscribe(null, 'channel-001', null);
    const statuses = await events.subscribe(['status'], 'channel-001', null);
    expect(['message', 'status', 'error'].map((kind) => events.subscriberCount(kind as 'message', 'channel-001'))).toEqual([1, 2, 1]);
    expect(events.subscriberCount('status', 'channel-002')).toBe(0);
    await all.return?.();
    expect(['message', 'status', 'error'].map((kind) => events.subscriberCount(kind as 'message', 'channel-001'))).toEqual([0, 1, 0]);
    await statuses.return?.();
    expect(events.subscriberCount('status', 'channel-001')).toBe(0);
  });
});
