import { describe, expect, it } from '@jest/globals';
import { openConversationFeed } from '../../src/events/subscriptions/conversation-feed.js';
import type { EventLog, TailListener } from '../../src/events/log/event-log.js';
import { MemoryEventLog } from '../../src/events/log/memory-log.js';

const CHANNEL = 'channel-001';

function setUp(maxPending = 10) {
  const log = new MemoryEventLog({ retentionMs: 60_000, maxEvents: 100, maxRecords: 100, maxConversations: 100, dedupTtlMs: 60_000, dedupMaxEntries: 100 });
  const ended: string[] = [];
  const loaded: string[] = [];
  const feed = () =>
    openConversationFeed({
      log,
      channelId: CHANNEL,
      // A conversation named "gone" stands for one that expired between its change and the read.
      load: async (contact) => {
        loaded.push(contact);
        return contact === 'gone' ? null : { contact };
      },
      maxPending,
      onEnd: () => ended.push('end'),
    });
  const send = (contact: string) => log.recordSend(CHANNEL, { messageId: `m-${contact}`, contact, type: 'text', text: null });
  return { log, feed, send, ended, loaded };
}

describe('openConversationFeed', () => {
  it('delivers one item per change, in order, each read when taken; a conversation gone by then is skipped', async () => {
    const { feed, send, loaded } = setUp();
    const iterator = await feed();
    await send('1');
    await send('gone');
    await send('1');
    await send('2');
    const values = [];
    for (let index = 0; index < 3; index += 1) values.push((await iterator.next()).value);
    expect(values).toEqual([{ contact: '1' }, { contact: '1' }, { contact: '2' }]);
    expect(loaded).toEqual(['1', 'gone', '1', '2']);
  });

  it('waits for the next change when none is pending', async () => {
    const { feed, send } = setUp();
    const iterator = await feed();
    const next = iterator.next();
    await send('3');
    await expect(next).resolves.toEqual({ value: { contact: '3' }, done: false });
  });

  it('ends a subscriber that lets more than maxPending changes wait, and stops listening', async () => {
    const { feed, send, ended, loaded } = setUp(2);
    const iterator = await feed();
    await send('1');
    await send('2');
    await send('3');
    await expect(iterator.next()).rejects.toThrow('more than 2 conversation changes');
    expect(ended).toEqual(['end']);
    expect(loaded).toEqual([]);
    await send('4');
    await expect(iterator.next()).rejects.toThrow('more than 2');
  });

  it('ends once on return: pending readers finish, later changes reach nobody', async () => {
    const { feed, send, ended, loaded } = setUp();
    const iterator = await feed();
    const waiting = iterator.next();
    await expect(iterator.return!()).resolves.toEqual({ value: undefined, done: true });
    await expect(waiting).resolves.toEqual({ value: undefined, done: true });
    await iterator.return!();
    await send('5');
    await expect(iterator.next()).resolves.toEqual({ value: undefined, done: true });
    expect(ended).toEqual(['end']);
    expect(loaded).toEqual([]);
  });

  it('lets exactly maxPending changes wait, counting each batch whole', async () => {
    const { feed, send, ended } = setUp(2);
    const iterator = await feed();
    await send('1');
    await send('2');
    await expect(iterator.next()).resolves.toEqual({ value: { contact: '1' }, done: false });
    await expect(iterator.next()).resolves.toEqual({ value: { contact: '2' }, done: false });
    expect(ended).toEqual([]);
  });
});

/** A log whose listener the test drives by hand, and whose removal does not stop it (a notification already under way). */
function handLog() {
  const listeners: TailListener[] = [];
  const removed: string[] = [];
  const log = {
    tail: async (channelId: string, listener: TailListener) => {
      listeners.push(listener);
      return async () => {
        removed.push(channelId);
      };
    },
  } as unknown as EventLog;
  return { log, listeners, removed };
}

describe('openConversationFeed on a hand-driven log', () => {
  const open = (log: EventLog, maxPending = 3) =>
    openConversationFeed({ log, channelId: CHANNEL, load: async (contact) => ({ contact }), maxPending, onEnd: () => undefined });

  it('listens to its channel, ignores events and gaps, and removes its listener at the end', async () => {
    const { log, listeners, removed } = handLog();
    const iterator = await open(log);
    expect(listeners).toHaveLength(1);
    expect(listeners[0].onEvents([])).toBeUndefined();
    expect(listeners[0].onGap()).toBeUndefined();
    listeners[0].onConversations!(['a']);
    await expect(iterator.next()).resolves.toEqual({ value: { contact: 'a' }, done: false });
    await iterator.return!();
    expect(removed).toEqual([CHANNEL]);
  });

  it('counts a batch whole against maxPending: one waiting and two more in one batch pass a bound of 2', async () => {
    const { log, listeners } = handLog();
    const iterator = await open(log, 2);
    listeners[0].onConversations!(['a']);
    listeners[0].onConversations!(['b', 'c']);
    await expect(iterator.next()).rejects.toThrow('The subscriber let more than 2 conversation changes wait; subscribe again');
  });

  it('a batch of exactly maxPending is delivered whole, in order', async () => {
    const { log, listeners } = handLog();
    const iterator = await open(log, 3);
    listeners[0].onConversations!(['a', 'b', 'c']);
    const values = [];
    for (let index = 0; index < 3; index += 1) values.push((await iterator.next()).value);
    expect(values).toEqual([{ contact: 'a' }, { contact: 'b' }, { contact: 'c' }]);
  });

  it('takes no change after the end, even one that reaches the listener while it is being removed', async () => {
    const { log, listeners } = handLog();
    const iterator = await open(log);
    await iterator.return!();
    listeners[0].onConversations!(['late']);
    await expect(iterator.next()).resolves.toEqual({ value: undefined, done: true });
  });
});
