import { describe, expect, it } from '@jest/globals';
import { CursorExpiredError } from '../../src/errors.js';
import { compareLogIds, formatLogId, type LogId } from '../../src/events/log/cursor.js';
import { openFeed } from '../../src/events/subscriptions/feed.js';
import type { EventLog, TailListener } from '../../src/events/log/event-log.js';
import { MemoryEventLog } from '../../src/events/log/memory-log.js';
import type { ChannelEvent, EventKind, LoggedEvent } from '../../src/events/types.js';
import { isSettled } from '../support/settle.js';

const CHANNEL = 'channel-001';

const message = (id: string): ChannelEvent => ({
  kind: 'message',
  dedupKey: `message:${CHANNEL}:${id}`,
  payload: {
    channelId: CHANNEL,
    id,
    from: '4915112345678',
    timestamp: null,
    type: 'text',
    text: 'hello',
    raw: {},
    contactName: null,
    displayPhoneNumber: null,
  },
});

function setUp(retentionMs: number) {
  let now = 1_700_000_000_000;
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const log = new MemoryEventLog(
    { retentionMs, maxEvents: 1_000, maxRecords: 1_000, maxConversations: 1_000, dedupTtlMs: 60_000, dedupMaxEntries: 1_000 },
    clock.now,
  );
  const feed = () =>
    openFeed({
      log,
      channelId: CHANNEL,
      kinds: null,
      after: null,
      pageSize: 7,
      maxBacklogBytes: 1_000,
      stallMs: 10_000,
      readRetryMs: 0,
      onEnd: () => undefined,
      expired: () => new CursorExpiredError('after'),
      now: clock.now,
    });
  return { log, clock, feed };
}

describe('subscriber feed', () => {
  it('a reader slower than a burst reads the rest from the log: every event once, in order', async () => {
    const { log, feed } = setUp(60_000);
    const subscriber = await feed();
    const ids = Array.from({ length: 50 }, (_, index) => `burst-${index}`);
    // About 200 bytes each: the backlog bound (1,000 bytes) is passed within the one append.
    await log.append(CHANNEL, ids.map(message));
    const received: string[] = [];
    for (let index = 0; index < ids.length; index += 1) {
      const next = await subscriber.next();
      if (!next.done && next.value.kind === 'message') received.push(next.value.payload.id);
    }
    expect(received).toEqual(ids);
    await log.append(CHANNEL, [message('live-after')]);
    expect((await subscriber.next()).value).toMatchObject({ payload: { id: 'live-after' } });
  });

  it('with nothing retained, a subscriber that falls past the backlog bound is ended', async () => {
    const { log, feed } = setUp(0);
    const subscriber = await feed();
    await log.append(
      CHANNEL,
      Array.from({ length: 50 }, (_, index) => message(`unkept-${index}`)),
    );
    await expect(async () => {
      for (;;) await subscriber.next();
    }).rejects.toThrow(/fell more than 1000 bytes of events behind/);
  });

  it('ends a subscriber that stopped reading, not one that waits for events', async () => {
    const { log, clock, feed } = setUp(60_000);
    const waiting = await feed();
    const stopped = await feed();
    const pending = waiting.next();
    await log.append(CHANNEL, [message('first')]);
    expect((await stopped.next()).value).toMatchObject({ payload: { id: 'first' } });
    expect((await pending).value).toMatchObject({ payload: { id: 'first' } });
    // The waiting subscriber has asked for the next event and waits a minute for it: it is reading.
    const waitingAgain = waiting.next();
    clock.advance(60_000);
    await log.append(CHANNEL, [message('second')]);
    expect((await waitingAgain).value).toMatchObject({ payload: { id: 'second' } });
    // The stopped one asked for nothing since `first`; `second` has waited for it only a moment.
    clock.advance(1);
    await log.append(CHANNEL, [message('third')]);
    expect((await waiting.next()).value).toMatchObject({ payload: { id: 'third' } });
    // Now `second` has waited more than 10 s for a subscriber that asks for nothing.
    const waitingForFourth = waiting.next();
    clock.advance(10_001);
    await log.append(CHANNEL, [message('fourth')]);
    expect((await waitingForFourth).value).toMatchObject({ payload: { id: 'fourth' } });
    for (const id of ['second', 'third', 'fourth']) await expect(stopped.next()).resolves.toMatchObject({ value: { payload: { id } } });
    await expect(stopped.next()).rejects.toThrow('The subscriber read no event for 10 s; subscribe again');
  });
});

const SIZE = 100;

const logged = (ms: number, kind: EventKind = 'message', size = SIZE): LoggedEvent =>
  ({ id: { ms, seq: 0 }, kind, payload: { id: `e${ms}` }, size }) as unknown as LoggedEvent;

const idsOf = (events: Array<LoggedEvent | undefined>) => events.map((event) => event?.id.ms);

interface HandFeedOptions {
  retains?: boolean;
  kinds?: EventKind[];
  after?: number | LogId | null;
  pageSize?: number;
  maxBacklogBytes?: number;
  stallMs?: number;
  readRetryMs?: number;
}

/**
 * A feed on a log the test drives by hand: `retained` is what a read sees (after its position, at most
 * `limit`), `live` hands events to the feed's listener as a notification would, `onRead` runs before each
 * read answers (to fail it, hold it, change what is retained, or answer a page of its own), `expiredBefore` marks positions the log no
 * longer covers. Reads are recorded as `<ms>-<seq>` of their position.
 */
async function handFeed(options: HandFeedOptions = {}) {
  let now = 1_700_000_000_000;
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const retained: LoggedEvent[] = [];
  const reads: string[] = [];
  const calls: string[] = [];
  const state = {
    onRead: (() => undefined) as (readIndex: number) => LoggedEvent[] | undefined | void | Promise<void>,
    expiredBefore: null as LogId | null,
  };
  let listener: TailListener | undefined;
  const log = {
    retains: options.retains ?? true,
    tail: async (channelId: string, added: TailListener) => {
      calls.push(`tail ${channelId}`);
      listener = added;
      return async () => {
        calls.push('unsubscribe');
      };
    },
    read: async (channelId: string, after: LogId | null, limit: number) => {
      expect(channelId).toBe(CHANNEL);
      reads.push(after === null ? 'start' : formatLogId(after));
      const answer = await state.onRead(reads.length);
      if (answer) return answer;
      return retained.filter((event) => after === null || compareLogIds(event.id, after) > 0).slice(0, limit);
    },
    isExpired: (channelId: string, id: LogId) => channelId === CHANNEL && state.expiredBefore !== null && compareLogIds(id, state.expiredBefore) < 0,
  } as unknown as EventLog;
  const after = options.after ?? null;
  const feed = await openFeed({
    log,
    channelId: CHANNEL,
    kinds: options.kinds ? new Set(options.kinds) : null,
    after: typeof after === 'number' ? { ms: after, seq: 0 } : after,
    pageSize: options.pageSize ?? 10,
    maxBacklogBytes: options.maxBacklogBytes ?? 1_000,
    stallMs: options.stallMs ?? 10_000,
    readRetryMs: options.readRetryMs ?? 0,
    onEnd: () => calls.push('end'),
    expired: () => new CursorExpiredError('after'),
    now: clock.now,
  });
  if (!listener) throw new Error('the feed did not listen');
  const tail = listener;
  /** Retains the events (the log's append) and hands them to the listener (the fan-out). */
  const append = (...events: LoggedEvent[]) => {
    retained.push(...events);
    tail.onEvents(events);
  };
  const take = async (count: number) => {
    const taken: Array<LoggedEvent | undefined> = [];
    for (let index = 0; index < count; index += 1) taken.push((await feed.next()).value as LoggedEvent | undefined);
    return idsOf(taken);
  };
  return { feed, clock, retained, reads, calls, state, tail, append, take };
}

describe('subscriber feed, step by step', () => {
  it('listens to its channel before reading, and a live-only subscriber reads nothing from the log', async () => {
    const { retained, reads, calls, append, take, feed } = await handFeed();
    expect(calls).toEqual([`tail ${CHANNEL}`]);
    retained.push(logged(1));
    append(logged(2), logged(3));
    expect(await take(2)).toEqual([2, 3]);
    expect(reads).toEqual([]);
    expect(await isSettled(feed.next())).toBe(false);
  });

  it('replays what is retained after `after` page by page, then takes live events', async () => {
    const { retained, reads, append, take, feed } = await handFeed({ after: 1, pageSize: 2 });
    retained.push(logged(1), logged(2), logged(3), logged(4), logged(5));
    expect(await take(4)).toEqual([2, 3, 4, 5]);
    expect(reads).toEqual(['1-0', '3-0']);
    // The last page was full: more may be behind it, so 6 is read from the log too; the short page that has it ends the replay.
    append(logged(6));
    expect(await take(1)).toEqual([6]);
    expect(reads).toEqual(['1-0', '3-0', '5-0']);
    append(logged(7));
    expect(await take(1)).toEqual([7]);
    expect(reads).toHaveLength(3);
    expect(await isSettled(feed.next())).toBe(false);
  });

  it('delivers only the kinds asked for, and reads on after the last event of any kind', async () => {
    const { retained, reads, append, take } = await handFeed({ kinds: ['status'], after: 1, pageSize: 2 });
    retained.push(logged(2, 'status'), logged(3, 'message'), logged(4, 'message'));
    append(logged(5, 'message'), logged(6, 'status'));
    expect(await take(2)).toEqual([2, 6]);
    // The page 4, 5 has nothing wanted; the next read starts after it all the same.
    expect(reads).toEqual(['1-0', '3-0', '5-0']);
  });

  it('takes a live event the log read already delivered only once, and one it never saw', async () => {
    const { retained, tail, take, reads, feed } = await handFeed({ after: 1 });
    retained.push(logged(2));
    // Appended while the subscriber catches up: the live side leaves it to the read.
    tail.onEvents([logged(2)]);
    expect(await take(1)).toEqual([2]);
    // A fan-out that hands it again, with a new one behind it.
    tail.onEvents([logged(2), logged(3)]);
    expect(await take(1)).toEqual([3]);
    expect(reads).toEqual(['1-0']);
    expect(await isSettled(feed.next())).toBe(false);
  });

  it('catches up until the read has passed every live event it left to it', async () => {
    const { retained, tail, state, take, reads } = await handFeed({ after: 1 });
    retained.push(logged(2));
    // Event 3 reached the live side before the log read sees it (another instance's append).
    tail.onEvents([logged(2), logged(3)]);
    state.onRead = (index) => {
      if (index === 2) retained.push(logged(3));
    };
    expect(await take(2)).toEqual([2, 3]);
    expect(reads).toEqual(['1-0', '2-0']);
  });

  it('skips what a read answers at or before its position', async () => {
    const { take, reads, state } = await handFeed({ after: 2 });
    // A log that answers inclusively: the feed still starts after its position.
    state.onRead = () => [logged(1), logged(2), logged(3)];
    expect(await take(1)).toEqual([3]);
    expect(reads).toEqual(['2-0']);
  });

  it('buffers live events up to exactly maxBacklogBytes, then reads the rest from the log', async () => {
    const { append, take, reads, feed } = await handFeed({ maxBacklogBytes: 3 * SIZE });
    append(logged(1), logged(2), logged(3));
    append(logged(4));
    expect(await take(4)).toEqual([1, 2, 3, 4]);
    expect(reads).toEqual(['3-0']);
    // The buffer emptied: a new burst of the same size is held again, without a read.
    append(logged(5), logged(6), logged(7));
    expect(await take(3)).toEqual([5, 6, 7]);
    expect(reads).toEqual(['3-0']);
    expect(await isSettled(feed.next())).toBe(false);
  });

  it('a live-only subscriber whose first event is past the bound reads from that event, not from the oldest retained', async () => {
    const { retained, append, take, reads } = await handFeed({ maxBacklogBytes: SIZE });
    retained.push(logged(1));
    append({ ...logged(5), size: 2 * SIZE });
    expect(await take(1)).toEqual([5]);
    expect(reads[0]).toBe(`4-${Number.MAX_SAFE_INTEGER}`);
  });

  it('with nothing retained, delivers what it buffered, then ends the subscriber that fell past the bound', async () => {
    const { append, feed, calls } = await handFeed({ retains: false, maxBacklogBytes: 150 });
    append(logged(1), logged(2));
    await expect(feed.next()).resolves.toMatchObject({ value: { id: { ms: 1 } }, done: false });
    await expect(feed.next()).rejects.toThrow('The subscriber fell more than 150 bytes of events behind; subscribe again');
    expect(calls).toEqual([`tail ${CHANNEL}`, 'end', 'unsubscribe']);
    // Ended: later events are not taken, the error stays.
    append(logged(3));
    await expect(feed.next()).rejects.toThrow('fell more than 150 bytes');
    expect(calls.filter((call) => call === 'end')).toHaveLength(1);
  });

  it('after a gap, reads what it may have missed from the log', async () => {
    const { retained, append, tail, take, reads } = await handFeed();
    append(logged(1));
    expect(await take(1)).toEqual([1]);
    retained.push(logged(2));
    tail.onGap();
    expect(await take(1)).toEqual([2]);
    expect(reads).toEqual(['1-0']);
    // The short page reached the end: live again.
    append(logged(3));
    expect(await take(1)).toEqual([3]);
    expect(reads).toEqual(['1-0']);
  });

  it('a gap wakes a waiting reader to catch up', async () => {
    const { retained, append, tail, take, feed } = await handFeed();
    append(logged(1));
    expect(await take(1)).toEqual([1]);
    const waiting = feed.next();
    expect(await isSettled(waiting)).toBe(false);
    retained.push(logged(2));
    tail.onGap();
    await expect(waiting).resolves.toMatchObject({ value: { id: { ms: 2 } } });
  });

  it('after a gap, a live-only subscriber that has seen nothing goes on live', async () => {
    const { retained, append, tail, take, reads } = await handFeed();
    retained.push(logged(1));
    tail.onGap();
    append(logged(2));
    expect(await take(1)).toEqual([2]);
    expect(reads).toEqual([]);
  });

  it('with nothing retained, a gap ends the subscriber', async () => {
    const { tail, feed, calls } = await handFeed({ retains: false });
    tail.onGap();
    await expect(feed.next()).rejects.toThrow('Events may have been missed while the fan-out was reconnecting; subscribe again');
    expect(calls).toContain('end');
  });

  it('a gap or events after the end change nothing', async () => {
    const { tail, feed, append, reads } = await handFeed({ retains: false });
    await feed.return!();
    tail.onGap();
    append(logged(1));
    await expect(feed.next()).resolves.toEqual({ value: undefined, done: true });
    expect(reads).toEqual([]);
  });

  it('ends with CursorExpiredError, without reading, when `after` is older than the log holds', async () => {
    const { feed, reads, state, calls } = await handFeed({ after: 1, readRetryMs: 60_000 });
    state.expiredBefore = { ms: 2, seq: 0 };
    await expect(feed.next()).rejects.toBeInstanceOf(CursorExpiredError);
    expect(reads).toEqual([]);
    expect(calls).toContain('end');
  });

  it('checks before every page that the position it reached is still covered', async () => {
    const { feed, retained, state, take } = await handFeed({ after: 1, pageSize: 1 });
    retained.push(logged(2), logged(3));
    // While the first page is read, the log drops what follows 2: reading on after 2 could skip events.
    state.onRead = () => {
      state.expiredBefore = { ms: 3, seq: 0 };
    };
    expect(await take(1)).toEqual([2]);
    await expect(feed.next()).rejects.toBeInstanceOf(CursorExpiredError);
  });

  it('a read that fails with CursorExpiredError ends the feed at once', async () => {
    const { feed, reads, state } = await handFeed({ after: 1, readRetryMs: 60_000 });
    state.onRead = () => {
      throw new CursorExpiredError('after');
    };
    await expect(feed.next()).rejects.toBeInstanceOf(CursorExpiredError);
    expect(reads).toHaveLength(1);
  });

  it('retries a failing read until readRetryMs has passed, then ends with its error', async () => {
    const { feed, reads, state, clock } = await handFeed({ after: 1, readRetryMs: 1_000 });
    state.onRead = () => {
      clock.advance(500);
      throw new Error('store unreachable');
    };
    await expect(feed.next()).rejects.toThrow('store unreachable');
    // Failing since the first answer: 0, 500, then 1,000 ms.
    expect(reads).toHaveLength(3);
  });

  it('a read failing with something other than an Error ends the feed with its text', async () => {
    const { feed, state } = await handFeed({ after: 1 });
    state.onRead = () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- a store client that throws a bare string
      throw 'connection reset';
    };
    await expect(feed.next()).rejects.toThrow('connection reset');
  });

  it('a read that succeeds again starts the retry time anew', async () => {
    const { take, retained, reads, state, clock } = await handFeed({ after: 1, pageSize: 1, readRetryMs: 1_000 });
    retained.push(logged(2), logged(3));
    state.onRead = (index) => {
      clock.advance(600);
      if (index === 1 || index === 3) throw new Error('store unreachable');
    };
    expect(await take(2)).toEqual([2, 3]);
    // The second failure is 1,200 ms after the first, but the read between them succeeded.
    expect(reads).toEqual(['1-0', '1-0', '2-0', '2-0']);
  });

  it('return while a reader waits: it gets done, onEnd runs once, the listener is removed', async () => {
    const { feed, calls } = await handFeed();
    const waiting = feed.next();
    await expect(feed.return!()).resolves.toEqual({ value: undefined, done: true });
    await expect(waiting).resolves.toEqual({ value: undefined, done: true });
    await feed.return!();
    expect(calls).toEqual([`tail ${CHANNEL}`, 'end', 'unsubscribe']);
  });

  it('ends a subscriber that took one event of a burst and then stopped asking', async () => {
    const { append, feed, clock, take } = await handFeed();
    append(logged(1), logged(2));
    expect(await take(1)).toEqual([1]);
    clock.advance(10_001);
    append(logged(3));
    await expect(feed.next()).resolves.toMatchObject({ value: { id: { ms: 2 } } });
    await expect(feed.next()).resolves.toMatchObject({ value: { id: { ms: 3 } } });
    await expect(feed.next()).rejects.toThrow('The subscriber read no event for 10 s; subscribe again');
  });

  it('does not end a subscriber whose events waited exactly stallMs', async () => {
    const { append, take, clock, feed } = await handFeed();
    append(logged(1));
    clock.advance(10_000);
    append(logged(2));
    expect(await take(2)).toEqual([1, 2]);
    expect(await isSettled(feed.next())).toBe(false);
  });

  it('counts the wait from the later of the first waiting event and the last ask', async () => {
    const { append, take, clock } = await handFeed();
    clock.advance(20_000);
    // Nothing was waiting before: the first event starts the wait now, not at the last ask.
    append(logged(1));
    clock.advance(5_000);
    append(logged(2));
    expect(await take(2)).toEqual([1, 2]);
  });

  it('a subscriber waiting for a slow log read is reading: it is not ended, however long the read takes', async () => {
    const { retained, append, take, clock, state, feed, calls } = await handFeed({ after: 1 });
    retained.push(logged(2));
    // An event waits before the subscriber first asks.
    append(logged(3));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    state.onRead = () => held;
    const first = feed.next();
    expect(await isSettled(first)).toBe(false);
    clock.advance(20_000);
    append(logged(4));
    release();
    await expect(first).resolves.toMatchObject({ value: { id: { ms: 2 } } });
    state.onRead = () => undefined;
    expect(await take(2)).toEqual([3, 4]);
    expect(calls).not.toContain('end');
    expect(await isSettled(feed.next())).toBe(false);
  });

  it('a subscriber catching up that stops asking is ended once events waited stallMs after its last ask', async () => {
    const { retained, append, take, clock, feed } = await handFeed({ after: 1, pageSize: 1 });
    retained.push(logged(2), logged(3));
    // Event 4 arrives before the first ask and is left to the log read.
    append(logged(4));
    expect(await take(1)).toEqual([2]);
    clock.advance(10_001);
    append(logged(5));
    await expect(feed.next()).rejects.toThrow('The subscriber read no event for 10 s; subscribe again');
  });

  it('a read that fails after the end is not reported: the reader gets done', async () => {
    const { feed, state } = await handFeed({ after: 1 });
    let fail: () => void = () => undefined;
    const held = new Promise<void>((_resolve, reject) => (fail = () => reject(new Error('store unreachable'))));
    state.onRead = () => held;
    const reading = feed.next();
    expect(await isSettled(reading)).toBe(false);
    await feed.return!();
    fail();
    await expect(reading).resolves.toEqual({ value: undefined, done: true });
  });
});
