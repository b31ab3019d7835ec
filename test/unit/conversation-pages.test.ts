import { describe, expect, it } from '@jest/globals';
import { CONVERSATION_SCAN_MAX, CONVERSATION_SCAN_SIZE, THREAD_PAGE_MAX, THREAD_READS_PER_PAGE } from '../../src/events/hub.js';
import type { ChannelEvent } from '../../src/events/types.js';
import { at, memoryHub } from '../support/event-hub.js';

const CHANNEL = 'channel-001';
const HOUR_MS = 60 * 60 * 1000;

const inbound = (from: string, msAgo: number): ChannelEvent => ({
  kind: 'message',
  dedupKey: `message:${from}:${msAgo}`,
  payload: {
    channelId: CHANNEL,
    id: `wamid.in-${from}`,
    from,
    timestamp: at(msAgo),
    type: 'text',
    text: 'hello',
    raw: null,
    contactName: null,
    displayPhoneNumber: null,
  },
});

/** A send the upstream failed with 131047: the contact's window is CLOSED, its activity is the status time. */
const windowClosed = (recipient: string, msAgo: number): ChannelEvent => ({
  kind: 'status',
  dedupKey: `status:${recipient}`,
  payload: {
    channelId: CHANNEL,
    messageId: `wamid.out-${recipient}`,
    status: 'failed',
    recipientId: recipient,
    timestamp: at(msAgo),
    raw: null,
    errors: [{ channelId: CHANNEL, code: 131047, title: 'Re-engagement message', details: null, raw: null }],
  },
});

describe('pages of conversations', () => {
  it('reads at most CONVERSATION_SCAN_MAX conversations for one filtered page, which then ends short with a cursor to go on from', async () => {
    const closed = Array.from({ length: CONVERSATION_SCAN_MAX + 5 }, (_, index) => windowClosed(`4930${index}`, HOUR_MS - 2 * index));
    const hub = await memoryHub(CHANNEL, [inbound('4999', 3 * HOUR_MS), ...closed]);

    const first = await hub.conversations(CHANNEL, { first: 10, after: null, window: 'OPEN' });
    expect(first).toMatchObject({ nodes: [], hasMore: true });
    const second = await hub.conversations(CHANNEL, { first: 10, after: first.endCursor, window: 'OPEN' });
    expect(second.nodes.map((node) => node.contact)).toEqual(['4999']);
    expect(second.hasMore).toBe(false);

    const unfiltered = await hub.conversations(CHANNEL, { first: 2, after: null, window: null });
    expect(unfiltered.nodes.map((node) => [node.contact, node.window.state])).toEqual([
      [`4930${CONVERSATION_SCAN_MAX + 4}`, 'CLOSED'],
      [`4930${CONVERSATION_SCAN_MAX + 3}`, 'CLOSED'],
    ]);
  });

  it('reads one conversation past an unfiltered page (to tell hasMore), and CONVERSATION_SCAN_SIZE at a time for a filtered one', async () => {
    const hub = await memoryHub(
      CHANNEL,
      Array.from({ length: CONVERSATION_SCAN_SIZE + 50 }, (_, index) => inbound(`4930${index}`, HOUR_MS - 2 * index)),
    );
    const limits: number[] = [];
    const read = hub.log.conversations.bind(hub.log);
    hub.log.conversations = (channelId, after, limit) => {
      limits.push(limit);
      return read(channelId, after, limit);
    };
    await hub.conversations(CHANNEL, { first: 5, after: null, window: null });
    expect(limits).toEqual([6]);
    limits.length = 0;
    // All of them are OPEN: a CLOSED page reads on to the end, a full read and the rest.
    expect((await hub.conversations(CHANNEL, { first: 5, after: null, window: 'CLOSED' })).nodes).toEqual([]);
    expect(limits).toEqual([CONVERSATION_SCAN_SIZE, CONVERSATION_SCAN_SIZE]);
  });

  it('lets the threads of one page read THREAD_READS_PER_PAGE messages together, refusing the read that would go past it', async () => {
    const hub = await memoryHub(CHANNEL, [inbound('4901', HOUR_MS), inbound('4902', HOUR_MS - 2), inbound('4903', HOUR_MS - 4)]);
    const page = await hub.conversations(CHANNEL, { first: 3, after: null, window: null });
    const [a, b, c] = page.nodes;
    // Each thread page is at most THREAD_PAGE_MAX (200) messages; two of them leave 100 of the page's 500.
    const perThread = THREAD_PAGE_MAX;
    await expect(hub.thread(CHANNEL, a.contact, { first: perThread, before: null, reads: a.pageReads })).resolves.toMatchObject({
      nodes: [{ id: `wamid.in-${a.contact}` }],
    });
    await hub.thread(CHANNEL, b.contact, { first: perThread, before: null, reads: b.pageReads });
    await expect(hub.thread(CHANNEL, c.contact, { first: THREAD_READS_PER_PAGE - 2 * perThread + 1, before: null, reads: c.pageReads })).rejects.toMatchObject({
      message: `The threads of one page of conversations may read ${THREAD_READS_PER_PAGE} messages together: ask for fewer messages per conversation or fewer conversations`,
      extensions: { code: 'BAD_USER_INPUT', field: 'first' },
    });
    // Exactly what is left is still allowed; then nothing is.
    await hub.thread(CHANNEL, c.contact, { first: THREAD_READS_PER_PAGE - 2 * perThread, before: null, reads: c.pageReads });
    await expect(hub.thread(CHANNEL, c.contact, { first: 1, before: null, reads: c.pageReads })).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // A conversation read on its own has no shared allowance: its page size alone bounds it.
    await expect(hub.thread(CHANNEL, c.contact, { first: 200, before: null })).resolves.toMatchObject({ hasMore: false });
  });
});
