import { EventEmitter } from 'node:events';
import { describe, expect, it, jest } from '@jest/globals';
import { encodeCursor } from '../../src/events/log/cursor.js';
import { SERVICE_WINDOW_MS } from '../../src/events/conversations/window.js';
import { encodeListCursor } from '../../src/events/conversations/list-pages.js';
import { CONVERSATIONS_PAGE_MAX, EVENTS_PAGE_MAX, EventHub, THREAD_PAGE_MAX, createEventHub, recordCursor } from '../../src/events/hub.js';
import { MemoryEventLog } from '../../src/events/log/memory-log.js';
import { RedisEventLog } from '../../src/events/log/redis-log.js';
import type { ChannelEvent } from '../../src/events/types.js';
import { createLogger } from '../../src/observability/logger.js';
import { cloudNotification } from '../support/events.js';
import { at, BASE_MS, memoryHub } from '../support/event-hub.js';

const CHANNEL = 'channel-001';
const HOUR_MS = 60 * 60 * 1000;

const inbound = (from: string, msAgo: number, id = `wamid.in-${from}-${msAgo}`): ChannelEvent => ({
  kind: 'message',
  dedupKey: `message:${id}`,
  payload: { channelId: CHANNEL, id, from, timestamp: at(msAgo), type: 'text', text: `text ${id}`, raw: null, contactName: null, displayPhoneNumber: null },
});

const sent = (recipient: string, messageId: string, msAgo: number): ChannelEvent => ({
  kind: 'status',
  dedupKey: `status:${messageId}`,
  payload: { channelId: CHANNEL, messageId, status: 'sent', recipientId: recipient, timestamp: at(msAgo), raw: null, errors: [] },
});

const messageIds = (events: Array<{ kind: string; payload: unknown }>) =>
  events.map((event) =>
    event.kind === 'message' ? (event.payload as { id: string }).id : ((event.payload as { messageId?: string }).messageId ?? event.kind),
  );

describe('EventHub events', () => {
  it('ingests a notification: what was new by kind, the duplicates, and what it kept untyped', async () => {
    const hub = createEventHub(createLogger('silent'), null, 60_000);
    const notification = cloudNotification([
      { messages: [{ id: 'wamid.1', from: '491', timestamp: '1700000000', type: 'text', text: { body: 'hi' } }, { id: 'wamid.bad' }] },
    ]);
    const first = await hub.ingest(CHANNEL, notification);
    expect(first).toMatchObject({ published: 2, duplicates: 0, publishedByKind: { message: 1, other: 1 } });
    expect(first.problems).toEqual([
      { path: 'entry[0].changes[0].value.messages[1]', reason: 'no contact key (neither a phone number nor a business-scoped user id)' },
    ]);
    expect(await hub.ingest(CHANNEL, notification)).toMatchObject({ published: 0, duplicates: 2, publishedByKind: {} });
    expect(hub.canAccept()).toBe(true);
    expect(hub.log).toBeInstanceOf(MemoryEventLog);
  });

  it('reads a cursor of the channel, refusing a malformed, foreign or expired one with its field', async () => {
    const hub = await memoryHub(CHANNEL, [inbound('491', 10)]);
    const [event] = (await hub.page(CHANNEL, { after: null, first: 1, kinds: null, contact: null })).nodes;
    expect(hub.position(CHANNEL, encodeCursor(CHANNEL, event.id), 'after')).toEqual(event.id);
    expect(() => hub.position(CHANNEL, 'not a cursor', 'after')).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'after' }) }),
    );
    expect(() => hub.position(CHANNEL, encodeCursor('channel-002', event.id), 'since')).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'since' }) }),
    );
    expect(() => hub.position(CHANNEL, encodeCursor(CHANNEL, { ms: Date.now() - 25 * HOUR_MS, seq: 0 }), 'after')).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'CURSOR_EXPIRED' }) }),
    );
    await expect(hub.page(CHANNEL, { after: 'not a cursor', first: 1, kinds: null, contact: null })).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'after' },
    });
    await expect(hub.page(CHANNEL, { after: encodeCursor(CHANNEL, { ms: 1, seq: 0 }), first: 1, kinds: null, contact: null })).rejects.toMatchObject({
      extensions: { code: 'CURSOR_EXPIRED' },
    });
  });

  it('ends a subscription whose cursor is older than the retention with CURSOR_EXPIRED on after', async () => {
    const hub = await memoryHub(CHANNEL, [inbound('491', 10)]);
    let ended = 0;
    const subscription = await hub.subscribe(null, CHANNEL, { ms: 1, seq: 0 }, () => {
      ended += 1;
    });
    await expect(subscription.next()).rejects.toMatchObject({ extensions: { code: 'CURSOR_EXPIRED', field: 'after' } });
    expect(ended).toBe(1);
  });

  it('pages after a cursor, caps first at EVENTS_PAGE_MAX, reads past full chunks for a filter, and ends at the last node', async () => {
    // 600 events of one contact (more than a log read of 500), then one of another.
    const many = Array.from({ length: 600 }, (_, index) => inbound('491', 10_000 - 2 * index, `wamid.a${index}`));
    const hub = await memoryHub(CHANNEL, [...many, inbound('492', 10, 'wamid.b')]);

    const capped = await hub.page(CHANNEL, { after: null, first: 1_000, kinds: null, contact: null });
    expect(capped.nodes).toHaveLength(EVENTS_PAGE_MAX);
    expect(capped.hasMore).toBe(true);
    expect(capped.end).toEqual(capped.nodes[EVENTS_PAGE_MAX - 1].id);

    const next = await hub.page(CHANNEL, { after: encodeCursor(CHANNEL, capped.end!), first: 2, kinds: null, contact: null });
    expect(messageIds(next.nodes)).toEqual([`wamid.a${EVENTS_PAGE_MAX}`, `wamid.a${EVENTS_PAGE_MAX + 1}`]);

    const other = await hub.page(CHANNEL, { after: null, first: 5, kinds: null, contact: '492' });
    expect(messageIds(other.nodes)).toEqual(['wamid.b']);
    expect(other.hasMore).toBe(false);
    expect(other.end).toEqual(other.nodes[0].id);

    const tail = await hub.page(CHANNEL, { after: encodeCursor(CHANNEL, capped.nodes[0].id), first: 1_000, kinds: null, contact: '491' });
    expect(tail.nodes).toHaveLength(EVENTS_PAGE_MAX);
    expect(messageIds(tail.nodes)[0]).toBe('wamid.a1');

    expect(await hub.page(CHANNEL, { after: null, first: -3, kinds: null, contact: null })).toEqual({ nodes: [], end: null, hasMore: true });
    expect(await hub.page(CHANNEL, { after: null, first: 5, kinds: ['error'], contact: null })).toEqual({ nodes: [], end: null, hasMore: false });
    expect(await hub.page('channel-009', { after: null, first: 5, kinds: null, contact: null })).toEqual({ nodes: [], end: null, hasMore: false });
  });

  it("filters by every key of the contact's conversation: a status kept under its user id, an echo to it", async () => {
    const message = inbound('496', 30, 'wamid.in-496');
    message.payload = { ...message.payload, fromUserId: 'DE.u6' };
    const echo = (to: string, id: string): ChannelEvent => ({
      kind: 'echo',
      dedupKey: `echo:${id}`,
      payload: { channelId: CHANNEL, id, to, timestamp: at(10), type: 'text', text: 'from the phone app', raw: null },
    });
    const hub = await memoryHub(CHANNEL, [
      message,
      sent('DE.u6', 'wamid.out-496', 20),
      echo('496', 'wamid.echo-496'),
      echo('497', 'wamid.echo-497'),
      inbound('497', 5),
    ]);
    expect(messageIds((await hub.page(CHANNEL, { after: null, first: 10, kinds: null, contact: '496' })).nodes)).toEqual([
      'wamid.in-496',
      'wamid.out-496',
      'echo',
    ]);
  });

  it("finds a contact's preference by its user id when no conversation of the contact is held", async () => {
    const preference: ChannelEvent = {
      kind: 'preference',
      dedupKey: 'preference:1',
      payload: {
        channelId: CHANNEL,
        contact: '494',
        contactPhone: '494',
        contactUserId: 'DE.u4',
        category: 'marketing_messages',
        value: 'stop',
        timestamp: at(10),
        raw: null,
      },
    };
    const hub = await memoryHub(CHANNEL, [preference, inbound('495', 5)]);
    expect(await hub.conversation(CHANNEL, 'DE.u4')).toBeNull();
    for (const contact of ['DE.u4', '494']) {
      expect((await hub.page(CHANNEL, { after: null, first: 5, kinds: null, contact })).nodes.map((node) => node.kind)).toEqual(['preference']);
    }
  });
});

describe('EventHub conversations', () => {
  it('gives an unknown contact no conversation and an UNKNOWN window, a recent inbound an OPEN one until a day after it', async () => {
    const hub = await memoryHub(CHANNEL, [inbound('491', HOUR_MS)]);
    expect(await hub.conversation(CHANNEL, '499')).toBeNull();
    expect(await hub.serviceWindow(CHANNEL, '499')).toEqual({ state: 'UNKNOWN', closesAtMs: null, lastInboundMs: null });
    const lastInboundMs = BASE_MS - HOUR_MS;
    const window = { state: 'OPEN', closesAtMs: lastInboundMs + SERVICE_WINDOW_MS, lastInboundMs };
    expect(await hub.serviceWindow(CHANNEL, '491')).toEqual(window);
    expect(await hub.conversation(CHANNEL, '491')).toMatchObject({ contact: '491', lastInboundMs, window });

    await hub.closeWindow(CHANNEL, '491');
    expect((await hub.serviceWindow(CHANNEL, '491')).state).toBe('CLOSED');
  });

  it('pages conversations newest first with a cursor to go on from, refusing a negative first and capping a large one', async () => {
    const contacts = Array.from({ length: CONVERSATIONS_PAGE_MAX + 3 }, (_, index) => `49${String(index).padStart(3, '0')}`);
    const hub = await memoryHub(
      CHANNEL,
      contacts.map((contact, index) => inbound(contact, HOUR_MS - 2 * index)),
    );
    const newestFirst = [...contacts].reverse();

    const first = await hub.conversations(CHANNEL, { first: 2, after: null, window: null });
    expect(first.nodes.map((node) => node.contact)).toEqual(newestFirst.slice(0, 2));
    expect(first.hasMore).toBe(true);
    expect(first.endCursor).toBe(encodeListCursor(`conversations:${CHANNEL}`, { ms: first.nodes[1].lastActivityMs, member: first.nodes[1].contact }));

    const second = await hub.conversations(CHANNEL, { first: 2, after: first.endCursor, window: null });
    expect(second.nodes.map((node) => node.contact)).toEqual(newestFirst.slice(2, 4));

    const all = await hub.conversations(CHANNEL, { first: 1_000, after: null, window: null });
    expect(all.nodes).toHaveLength(CONVERSATIONS_PAGE_MAX);
    expect(all.hasMore).toBe(true);
    const rest = await hub.conversations(CHANNEL, { first: 1_000, after: all.endCursor, window: 'OPEN' });
    expect(rest.nodes.map((node) => node.contact)).toEqual(newestFirst.slice(CONVERSATIONS_PAGE_MAX));
    expect(rest.hasMore).toBe(false);
    expect(rest.endCursor).not.toBeNull();

    const exact = await hub.conversations(CHANNEL, { first: 3, after: all.endCursor, window: null });
    expect(exact.hasMore).toBe(false);
    expect(exact.nodes).toHaveLength(3);

    expect(await hub.conversations(CHANNEL, { first: 5, after: null, window: 'CLOSED' })).toEqual({ nodes: [], endCursor: null, hasMore: false });
    expect(await hub.conversations(CHANNEL, { first: 0, after: null, window: null })).toMatchObject({ nodes: [], endCursor: null, hasMore: true });
    await expect(hub.conversations(CHANNEL, { first: -1, after: null, window: null })).rejects.toMatchObject({
      message: 'first must not be negative',
      extensions: { code: 'BAD_USER_INPUT', field: 'first' },
    });
    await expect(hub.conversations(CHANNEL, { first: 1, after: 'bogus!', window: null })).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'after' },
    });
  });

  it('filters a page by window state across reads of the scan size', async () => {
    // 250 closed conversations (older than a day) newer than 2 open ones: the open ones are found on the second read.
    const closed = Array.from({ length: 250 }, (_, index) => inbound(`4930${index}`, 30 * HOUR_MS - 2 * index));
    const hub = await memoryHub(CHANNEL, [inbound('4801', 40 * HOUR_MS + 2), inbound('4802', 2 * HOUR_MS), ...closed]);
    const open = await hub.conversations(CHANNEL, { first: 5, after: null, window: 'OPEN' });
    expect(open.nodes.map((node) => node.contact)).toEqual(['4802']);
    expect(open.hasMore).toBe(false);
    const closedPage = await hub.conversations(CHANNEL, { first: 2, after: null, window: 'CLOSED' });
    expect(closedPage.nodes.map((node) => node.contact)).toEqual(['4930249', '4930248']);
    expect(closedPage.hasMore).toBe(true);
  });

  it('pages a thread newest first before a record cursor, leaving out records no longer retained', async () => {
    const hub = await memoryHub(CHANNEL, [
      inbound('491', 60, 'wamid.1'),
      sent('491', 'wamid.2', 40),
      inbound('491', 20, 'wamid.3'),
      inbound('492', 10, 'wamid.x'),
    ]);
    const first = await hub.thread(CHANNEL, '491', { first: 2, before: null });
    expect(first.nodes.map((node) => node.id)).toEqual(['wamid.3', 'wamid.2']);
    expect(first.hasMore).toBe(true);
    expect(first.endCursor).toBe(recordCursor(first.nodes[1]));
    const rest = await hub.thread(CHANNEL, '491', { first: 2, before: first.endCursor });
    expect(rest.nodes.map((node) => node.id)).toEqual(['wamid.1']);
    expect(rest.hasMore).toBe(false);
    const whole = await hub.thread(CHANNEL, '491', { first: 3, before: null });
    expect(whole.nodes.map((node) => node.id)).toEqual(['wamid.3', 'wamid.2', 'wamid.1']);
    expect(whole.hasMore).toBe(false);
    expect(whole.endCursor).toBe(recordCursor(whole.nodes[2]));
    expect(await hub.thread(CHANNEL, '491', { first: 0, before: null })).toEqual({ nodes: [], endCursor: null, hasMore: true });
    expect((await hub.thread(CHANNEL, '491', { first: 1_000, before: null })).nodes).toHaveLength(3);
    await expect(hub.thread(CHANNEL, '491', { first: -1, before: null })).rejects.toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'first' } });
    // A cursor of another contact's thread is refused.
    await expect(hub.thread(CHANNEL, '492', { first: 1, before: first.endCursor })).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'before' },
    });
    expect(THREAD_PAGE_MAX).toBe(200);

    // Another contact's message pushes 491's oldest record out of the bound; 491's thread still holds its place.
    const evicted = await memoryHub(CHANNEL, [inbound('491', 60, 'wamid.1'), inbound('491', 40, 'wamid.2'), inbound('492', 20, 'wamid.3')], { maxRecords: 2 });
    const page = await evicted.thread(CHANNEL, '491', { first: 3, before: null });
    expect(page.nodes.map((node) => node.id)).toStrictEqual(['wamid.2']);
    expect(page.endCursor).toBe(encodeListCursor(`thread:${CHANNEL}:491`, { ms: BASE_MS - 60, member: 'wamid.1' }));
    expect(await evicted.message(CHANNEL, 'wamid.2')).toMatchObject({ id: 'wamid.2', direction: 'INBOUND' });
    expect(await evicted.message(CHANNEL, 'wamid.1')).toBeNull();
  });

  it('records an accepted send into the contact thread', async () => {
    const hub = await memoryHub(CHANNEL, [inbound('491', 60, 'wamid.1')]);
    await hub.recordSend(CHANNEL, { messageId: 'wamid.out', contact: '491', type: 'text', text: 'reply' });
    expect(await hub.message(CHANNEL, 'wamid.out')).toMatchObject({ direction: 'OUTBOUND', status: 'accepted', text: 'reply' });
    expect((await hub.thread(CHANNEL, '491', { first: 5, before: null })).nodes.map((node) => node.id)).toEqual(['wamid.out', 'wamid.1']);
    expect(await hub.conversation(CHANNEL, '491')).toMatchObject({ lastMessageId: 'wamid.out' });
  });

  it('delivers each conversation change to a subscriber as the conversation is then, until it returns', async () => {
    const hub = await memoryHub(CHANNEL, []);
    let ended = 0;
    const feed = await hub.subscribeConversations(CHANNEL, () => {
      ended += 1;
    });
    await hub.log.append(CHANNEL, [inbound('491', 30, 'wamid.1')]);
    await hub.closeWindow(CHANNEL, '491');
    const first = await feed.next();
    expect(first.value).toMatchObject({ contact: '491', lastMessageId: 'wamid.1' });
    const second = await feed.next();
    expect(second.value).toMatchObject({ contact: '491', window: { state: 'CLOSED' } });
    await feed.return?.();
    expect(ended).toBe(1);
  });

  it('closes its log', async () => {
    const hub = await memoryHub(CHANNEL, []);
    const events: string[] = [];
    await hub.log.tail(CHANNEL, { onEvents: () => events.push('event'), onGap: () => undefined });
    await hub.close();
    await hub.log.append(CHANNEL, [inbound('491', 10)]);
    expect(events).toEqual([]);
  });
});

describe('createEventHub', () => {
  it('keeps the log in memory without Redis, on Redis with it', () => {
    expect(createEventHub(createLogger('silent'), null, 60_000).log).toBeInstanceOf(MemoryEventLog);
    // Only what the Redis log touches while it is made: a subscriber connection to listen on, and key names.
    const fakeRedis = { subscriber: () => new EventEmitter(), key: (suffix: string) => `test:${suffix}` } as unknown as Parameters<typeof createEventHub>[1];
    const onRedis = createEventHub(createLogger('silent'), fakeRedis, 60_000).log;
    expect(onRedis).toBeInstanceOf(RedisEventLog);
    expect(onRedis.retains).toBe(true);
    expect(createEventHub(createLogger('silent'), fakeRedis, 0).log.retains).toBe(false);
  });
});

describe('EventHub: the window guard refuses only what it knows', () => {
  /** A hub whose memory log has watched CHANNEL for more than a window (notifications 24.5 h and 1 h ago); the log's clock stays at `now`. */
  async function longWatchedHub() {
    let now = Date.now() - SERVICE_WINDOW_MS - HOUR_MS / 2;
    const log = new MemoryEventLog(
      { retentionMs: 2 * SERVICE_WINDOW_MS, maxEvents: 100, maxRecords: 100, maxConversations: 100, dedupTtlMs: 60_000, dedupMaxEntries: 100 },
      () => now,
    );
    await log.append(CHANNEL, [inbound('491', SERVICE_WINDOW_MS + HOUR_MS / 2)]);
    now = Date.now() - HOUR_MS;
    await log.append(CHANNEL, [inbound('492', HOUR_MS)]);
    now = Date.now();
    const hub = new EventHub(log);
    // No inbound from 499 in a day of watching: the gateway knows its window is closed.
    expect((await hub.serviceWindow(CHANNEL, '499')).state).toBe('CLOSED');
    return { hub, log, now };
  }

  it('restarts the watch when the webhook is pointed at the gateway again: an unknown contact is UNKNOWN for a window', async () => {
    const { hub, log, now } = await longWatchedHub();
    await hub.restartWatch(CHANNEL);
    // The log's clock, not Date.now(): a loaded machine moves the latter between the two reads.
    expect(await log.watchedSince(CHANNEL)).toBe(now);
    expect(await hub.serviceWindow(CHANNEL, '499')).toEqual({ state: 'UNKNOWN', closesAtMs: null, lastInboundMs: null });
    // A contact known to have written long ago stays closed: that is known.
    expect((await hub.serviceWindow(CHANNEL, '491')).state).toBe('CLOSED');
  });

  it('after a refused notification (503) an unknown contact is UNKNOWN for a window, even when the store could not note it', async () => {
    const { hub, log } = await longWatchedHub();
    const stored = await log.watchedSince(CHANNEL);
    log.restartWatch = () => Promise.reject(new Error('store lost'));
    await expect(hub.noteRefusal(CHANNEL)).rejects.toThrow('store lost');
    expect(await log.watchedSince(CHANNEL)).toBe(stored);
    expect((await hub.serviceWindow(CHANNEL, '499')).state).toBe('UNKNOWN');
    expect((await hub.serviceWindow('channel-other', '499')).state).toBe('UNKNOWN');
    const page = await hub.conversations(CHANNEL, { after: null, first: 5, window: null });
    expect(page.nodes.map((node) => node.window.state)).toEqual(['OPEN', 'CLOSED']);
  });

  it('counts a refusal only for a window, and never as a watch: an old one neither shortens a long watch nor starts one', async () => {
    const { hub, log } = await longWatchedHub();
    log.restartWatch = () => Promise.reject(new Error('store lost'));
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() - SERVICE_WINDOW_MS - 1);
    try {
      await expect(hub.noteRefusal(CHANNEL)).rejects.toThrow('store lost');
      await expect(hub.noteRefusal('channel-never-watched')).rejects.toThrow('store lost');
    } finally {
      clock.mockRestore();
    }
    expect((await hub.serviceWindow(CHANNEL, '499')).state).toBe('CLOSED');
    expect(await log.watchedSince('channel-never-watched')).toBeNull();
    expect((await hub.serviceWindow('channel-never-watched', '499')).state).toBe('UNKNOWN');
  });
});
