import { describe, expect, it } from '@jest/globals';
import { CursorExpiredError } from '../../src/errors.js';
import { openFeed } from '../../src/events/feed.js';
import { MemoryEventLog } from '../../src/events/log.js';
import type { ChannelEvent } from '../../src/events/types.js';

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
