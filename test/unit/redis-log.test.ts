import { afterAll, afterEach, beforeAll, expect, it, jest } from '@jest/globals';
import { SERVICE_WINDOW_MS } from '../../src/events/conversations/window.js';
import type { TailListener } from '../../src/events/log/event-log.js';
import { RedisEventLog, type RedisLogOptions } from '../../src/events/log/redis-log.js';
import type { ChannelErrorEventDto, ChannelEvent, LoggedEvent } from '../../src/events/types.js';
import { createLogger } from '../../src/observability/logger.js';
import { RedisConnection } from '../../src/store/redis.js';
import { waitUntil } from '../support/events.js';
import { LogCapture } from '../support/log-capture.js';
import { DisposableRedis, describeWithRedis, dropNamespace, namespaceKeys, TEST_REDIS_MODE, testRedisUrl, uniqueNamespace } from '../support/redis.js';
import { eventLogContract } from '../support/event-log-contract.js';

/**
 * RedisEventLog on the test Redis (one server, or the cluster of `npm run test:cluster`): every key and channel of this
 * file starts with a namespace of its own (dropped at the end), every test uses channels of its own. The tests that
 * kill a subscriber connection or need a server without the script start a one-server Redis of their own.
 */
const namespace = uniqueNamespace('redis-log');
const RETENTION_MS = 10 * 60 * 1000;
const DEDUP_TTL_MS = 5 * 60 * 1000;
let redis: RedisConnection;
const connections: RedisConnection[] = [];
const logs: RedisEventLog[] = [];

let channels = 0;
const newChannel = () => `channel-${(channels += 1)}`;
const key = (channelId: string, suffix: string) => `${namespace}:events:{${channelId}}:${suffix}`;
const feed = (channelId: string) => `${namespace}:events:{${channelId}}:feed`;

/** A connection to the test Redis in its mode, or to a one-server Redis of a test's own (`url`). */
function connection(url = testRedisUrl(), keyspace = namespace): RedisConnection {
  const mode = url === testRedisUrl() ? TEST_REDIS_MODE : 'standalone';
  const created = new RedisConnection({ url, mode, namespace: keyspace, timeoutMs: 2_000, logger: createLogger('silent') });
  connections.push(created);
  return created;
}

function eventLog(options: Partial<RedisLogOptions> & { capture?: LogCapture; on?: RedisConnection } = {}): RedisEventLog {
  const log = new RedisEventLog(
    options.on ?? redis,
    { retentionMs: options.retentionMs ?? RETENTION_MS, dedupTtlMs: options.dedupTtlMs ?? DEDUP_TTL_MS, connectWaitMs: options.connectWaitMs ?? 2_000 },
    createLogger('info', options.capture ?? new LogCapture()),
  );
  logs.push(log);
  return log;
}

/**
 * A time a few seconds back, not on a whole second (so an event's order is its own time), from one instant read when
 * the suite loads: a test comparing a stored time with `recent(n)` gets the same value however long it ran.
 */
const suiteStartS = Math.floor(Date.now() / 1000);
const recent = (secondsAgo = 30) => suiteStartS * 1000 - secondsAgo * 1000 + 123;
const iso = (ms: number) => new Date(ms).toISOString();

function inbound(
  channelId: string,
  id: string,
  from: string,
  atMs: number | null,
  extra: { text?: string | null; contactName?: string | null; type?: string } = {},
): ChannelEvent {
  return {
    kind: 'message',
    dedupKey: `message:${id}`,
    payload: {
      channelId,
      id,
      from,
      timestamp: atMs === null ? null : iso(atMs),
      type: extra.type ?? 'text',
      text: extra.text === undefined ? `text of ${id}` : extra.text,
      raw: { id },
      contactName: extra.contactName ?? null,
      displayPhoneNumber: null,
    },
  };
}

function channelError(channelId: string, code: number | null, title = 'failure'): ChannelErrorEventDto {
  return { channelId, code, title, details: null, raw: { code } };
}

function status(
  channelId: string,
  messageId: string,
  value: string,
  recipientId: string | null,
  atMs: number,
  errors: ChannelErrorEventDto[] = [],
): ChannelEvent {
  return {
    kind: 'status',
    dedupKey: `status:${messageId}:${value}:${atMs}`,
    payload: { channelId, messageId, status: value, recipientId, timestamp: iso(atMs), errors, raw: { messageId, value } },
  };
}

const errorEvent = (channelId: string, code: number): ChannelEvent => ({ kind: 'error', dedupKey: `error:${code}`, payload: channelError(channelId, code) });

const idText = (event: LoggedEvent) => `${event.id.ms}-${event.id.seq}`;

/** The key expires within `ttlMs` and was set (or renewed) within the last minute. */
async function expectFreshTtl(redisKey: string, ttlMs: number): Promise<void> {
  const ttl = await redis.client.pTTL(redisKey);
  expect(ttl).toBeGreaterThan(ttlMs - 60_000);
  expect(ttl).toBeLessThanOrEqual(ttlMs);
}

/** Publishes on a channel's feed as the append script does: PUBLISH, or SPUBLISH to the channel's shard on a cluster. */
const publish = (channelId: string, text: string) => redis.command(feed(channelId), [redis.publishCommand, feed(channelId), text]);

/** How many connections follow a channel's feed (on a cluster: sharded subscriptions, counted on the channel's shard). */
async function feedSubscribers(on: RedisConnection, channelId: string): Promise<number> {
  const verb = on.cluster ? 'SHARDNUMSUB' : 'NUMSUB';
  const [, count] = await on.command<[string, number]>(feed(channelId), ['PUBSUB', verb, feed(channelId)]);
  return count;
}

/** A listener that keeps what it is told. */
function recorder() {
  const seen = { events: [] as LoggedEvent[][], contacts: [] as string[][], gaps: 0 };
  const listener: TailListener = {
    onEvents: (events) => seen.events.push(events),
    onConversations: (contacts) => seen.contacts.push(contacts),
    onGap: () => (seen.gaps += 1),
  };
  return { seen, listener };
}

// Every describe below is a describeWithRedis: without a test Redis these hooks do not run either.
beforeAll(async () => {
  redis = connection();
  await waitUntil(() => redis.isReady, 'the Redis connection');
});

// Each test's logs closed after it: every open log keeps a subscriber on the shared connection.
afterEach(async () => {
  for (const log of logs.splice(0)) await log.close();
});

afterAll(async () => {
  await dropNamespace(namespace);
  for (const opened of connections) await opened.close();
});

describeWithRedis('RedisEventLog: append and read', () => {
  it('appends new events in order with their stream ids, kinds, payloads and sizes', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const at = recent();
    const events = [inbound(channelId, 'wamid.in', '491', at), status(channelId, 'wamid.out', 'sent', '492', at + 1), errorEvent(channelId, 131026)];
    const before = Date.now();
    const result = await log.append(channelId, events);
    const after = Date.now();

    expect(result.duplicates).toBe(0);
    expect(result.appended.map((event) => event.kind)).toEqual(['message', 'status', 'error']);
    expect(result.appended.map((event) => event.payload)).toEqual(events.map((event) => event.payload));
    expect(result.appended.map((event) => event.size)).toEqual(events.map((event) => JSON.stringify({ k: event.kind, p: event.payload }).length));
    for (const event of result.appended) {
      expect(event.id.ms).toBeGreaterThanOrEqual(before);
      expect(event.id.ms).toBeLessThanOrEqual(after);
    }
    const stream = await redis.client.xRange(key(channelId, 'log'), '-', '+');
    expect(stream.map((entry) => entry.id)).toEqual(result.appended.map(idText));
    expect(stream.map((entry) => JSON.parse(entry.message.e) as unknown)).toEqual(events.map((event) => ({ k: event.kind, p: event.payload })));
    expect(log.retains).toBe(true);
  });

  it('an empty append writes nothing', async () => {
    const channelId = newChannel();
    expect(await eventLog().append(channelId, [])).toEqual({ appended: [], duplicates: 0 });
    expect(await namespaceKeys(namespace, testRedisUrl(), `events:{${channelId}}:*`)).toEqual([]);
  });

  it('claims an event with a key of its own under the channel, for the dedup TTL', async () => {
    const channelId = newChannel();
    const event = inbound(channelId, 'wamid.once', '491', recent());
    await eventLog().append(channelId, [event, event]);
    expect(await redis.client.xLen(key(channelId, 'log'))).toBe(1);
    const claim = key(channelId, 'seen:message:wamid.once');
    expect(await redis.client.get(claim)).toBe('1');
    await expectFreshTtl(claim, DEDUP_TTL_MS);
  });

  it('keeps only the retention window: older entries are trimmed on append, skipped on read, and a cursor before the window reads from its start', async () => {
    const channelId = newChannel();
    const log = eventLog({ retentionMs: 60_000 });
    const stream = key(channelId, 'log');
    const old = Date.now() - 120_000;
    await redis.client.xAdd(stream, `${old}-0`, { e: JSON.stringify({ k: 'error', p: channelError(channelId, 1) }) });
    await redis.client.xAdd(stream, `${old}-1`, { e: JSON.stringify({ k: 'error', p: channelError(channelId, 2) }) });
    // Not yet trimmed: a read skips what is out of the window all the same.
    expect(await log.read(channelId, null, 10)).toEqual([]);
    expect(await log.read(channelId, { ms: old, seq: 0 }, 10)).toEqual([]);

    const { appended } = await log.append(channelId, [errorEvent(channelId, 3), errorEvent(channelId, 4)]);
    expect((await redis.client.xRange(stream, '-', '+')).map((entry) => entry.id)).toEqual(appended.map(idText));
    // A cursor older than the window starts at the window, not after itself.
    expect(await log.read(channelId, { ms: old, seq: 1 }, 10)).toEqual(appended);
    expect(await log.read(channelId, { ms: 0, seq: 0 }, 10)).toEqual(appended);
    expect(await log.read(channelId, appended[0].id, 10)).toEqual([appended[1]]);
    // The stream outlives its last append by the longer of the retention and the sequence's day.
    await expectFreshTtl(stream, SERVICE_WINDOW_MS);
  });

  it('a stream longer-lived than a day keeps its entries for the retention', async () => {
    const channelId = newChannel();
    const retentionMs = 2 * SERVICE_WINDOW_MS;
    const log = eventLog({ retentionMs });
    await log.append(channelId, [errorEvent(channelId, 1)]);
    for (const suffix of ['log', 'sequence']) {
      await expectFreshTtl(key(channelId, suffix), retentionMs);
    }
  });

  it('skips and logs an unreadable entry', async () => {
    const channelId = newChannel();
    const capture = new LogCapture();
    const log = eventLog({ capture });
    const stream = key(channelId, 'log');
    const { appended } = await log.append(channelId, [errorEvent(channelId, 1)]);
    const bad = await redis.client.xAdd(stream, '*', { e: '{not json' });
    const missing = await redis.client.xAdd(stream, '*', { other: 'x' });
    const { appended: later } = await log.append(channelId, [errorEvent(channelId, 2)]);
    expect(await log.read(channelId, null, 10)).toEqual([...appended, ...later]);
    expect(capture.entries().map((entry) => [entry.msg, entry.channelId, entry.entry])).toEqual([
      ['events: skipped an unreadable log entry', channelId, bad],
      ['events: skipped an unreadable log entry', channelId, missing],
    ]);
  });

  it('tells a cursor older than the retention window', () => {
    const log = eventLog({ retentionMs: 60_000 });
    const now = Date.now();
    expect(log.isExpired('any', { ms: now - 120_000, seq: 0 })).toBe(true);
    expect(log.isExpired('any', { ms: now - 30_000, seq: 0 })).toBe(false);
    expect(log.isExpired('any', { ms: now + 60_000, seq: 0 })).toBe(false);
  });

  it('a cursor exactly at the window cutoff is inside the window', async () => {
    const channelId = newChannel();
    const log = eventLog({ retentionMs: 60_000 });
    const now = Date.now();
    const cutoff = now - 60_000;
    const stream = key(channelId, 'log');
    for (const seq of [1, 2]) await redis.client.xAdd(stream, `${cutoff}-${seq}`, { e: JSON.stringify({ k: 'error', p: channelError(channelId, seq) }) });
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    try {
      expect(log.isExpired(channelId, { ms: cutoff, seq: 0 })).toBe(false);
      expect(log.isExpired(channelId, { ms: cutoff - 1, seq: 0 })).toBe(true);
      expect((await log.read(channelId, { ms: cutoff, seq: 1 }, 10)).map(idText)).toEqual([`${cutoff}-2`]);
      expect((await log.read(channelId, { ms: cutoff - 1, seq: 9 }, 10)).map(idText)).toEqual([`${cutoff}-1`, `${cutoff}-2`]);
    } finally {
      clock.mockRestore();
    }
  });

  it('a log that keeps nothing reads no events, records or threads back, even ones a retaining configuration left', async () => {
    const channelId = newChannel();
    const { appended } = await eventLog().append(channelId, [inbound(channelId, 'wamid.kept', '491', recent())]);
    const bare = eventLog({ retentionMs: 0 });
    expect(await bare.message(channelId, 'wamid.kept')).toBeNull();
    expect(await bare.thread(channelId, '491', null, 10)).toEqual([]);
    // Even at a moment before the entry (its cutoff, now, would not hide it then).
    const clock = jest.spyOn(Date, 'now').mockReturnValue(appended[0].id.ms - 1);
    try {
      expect(await bare.read(channelId, null, 10)).toEqual([]);
    } finally {
      clock.mockRestore();
    }
    // Conversations are kept whatever the retention.
    expect((await bare.conversation(channelId, '491'))?.lastMessageId).toBe('wamid.kept');
  });

  it('with no retention only numbers events: nothing is read back, no records or threads, conversations still kept', async () => {
    const channelId = newChannel();
    const log = eventLog({ retentionMs: 0 });
    expect(log.retains).toBe(false);
    const at = recent();
    const { appended, duplicates } = await log.append(channelId, [inbound(channelId, 'wamid.none', '491', at), inbound(channelId, 'wamid.none', '491', at)]);
    expect(duplicates).toBe(1);
    expect(appended).toHaveLength(1);
    expect(await redis.client.xLen(key(channelId, 'log'))).toBe(0);
    expect(await log.read(channelId, null, 10)).toEqual([]);
    expect(await log.message(channelId, 'wamid.none')).toBeNull();
    expect(await redis.client.exists(key(channelId, 'message:wamid.none'))).toBe(0);
    await log.recordSend(channelId, { messageId: 'wamid.sent', contact: '491', type: 'text', text: 'hello' });
    expect(await redis.client.exists(key(channelId, 'message:wamid.sent'))).toBe(0);
    expect(await redis.client.exists(key(channelId, 'thread:491'))).toBe(0);
    expect(await log.thread(channelId, '491', null, 10)).toEqual([]);
    expect((await log.conversation(channelId, '491'))?.lastMessageId).toBe('wamid.sent');
    // The sequence keeps numbering for a day.
    await expectFreshTtl(key(channelId, 'sequence'), SERVICE_WINDOW_MS);
    expect(await redis.client.get(key(channelId, 'sequence'))).toBe('2');
  });

  it('with REDIS_WAIT_REPLICAS fails an append that fewer replicas took, after writing it (a re-delivery is a duplicate)', async () => {
    const channelId = newChannel();
    // More replicas than any test Redis has (one server, or the test cluster).
    const log = new RedisEventLog(
      redis,
      { retentionMs: RETENTION_MS, dedupTtlMs: DEDUP_TTL_MS, connectWaitMs: 2_000, waitReplicas: 9 },
      createLogger('silent'),
    );
    logs.push(log);
    const event = inbound(channelId, 'wamid.replicated', '491', recent());
    await expect(log.append(channelId, [event])).rejects.toThrow(/^NOREPLICAS the write reached \d+ of 9 replicas/);
    await expect(log.append(channelId, [event])).rejects.toThrow('NOREPLICAS');
    expect(await eventLog().append(channelId, [event])).toEqual({ appended: [], duplicates: 1 });
  });

  it('fails an append whose keys hold something else, with the Redis error', async () => {
    const channelId = newChannel();
    await redis.client.set(key(channelId, 'log'), 'not a stream');
    await expect(eventLog().append(channelId, [errorEvent(channelId, 1)])).rejects.toThrow(/WRONGTYPE/);
  });
});

describeWithRedis('RedisEventLog: message records', () => {
  it('keeps a record in a hash for the retention', async () => {
    const channelId = newChannel();
    await eventLog().append(channelId, [inbound(channelId, 'wamid.in', '491', recent(), { text: 'hello', type: 'text' })]);
    expect(await redis.client.hGet(key(channelId, 'message:wamid.in'), 'direction')).toBe('INBOUND');
    await expectFreshTtl(key(channelId, 'message:wamid.in'), RETENTION_MS);
  });

  it('stores records and conversations under the fields the data already in Redis carries (APPEND_PROTOCOL names them, never renames them)', async () => {
    const channelId = newChannel();
    const log = eventLog();
    await log.append(channelId, [inbound(channelId, 'wamid.in', '491', recent(), { text: 'hello', contactName: 'Ana' })]);
    await log.recordSend(channelId, {
      messageId: 'wamid.sent',
      contact: '491',
      type: 'text',
      text: 'hi',
      body: { type: 'text' },
      sentBy: { kind: 'SERVICE', subject: 's', name: null },
    });
    const fieldsOf = async (suffix: string) => Object.keys(await redis.client.hGetAll(key(channelId, suffix))).sort();
    expect(await fieldsOf('message:wamid.in')).toEqual(['at', 'b', 'cn', 'contact', 'direction', 'sa', 'status', 'text', 'ts', 'type']);
    expect(await fieldsOf('message:wamid.sent')).toEqual(['at', 'b', 'contact', 'direction', 'o', 'sa', 'sb', 'status', 'text', 'ts', 'type']);
    expect(await fieldsOf('conversation:491')).toEqual(['c', 'la', 'li', 'lm', 'lt', 'n', 'p']);
  });

  it('an inbound message without text or time: null text, its thread time the arrival', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const before = Date.now();
    await log.append(channelId, [inbound(channelId, 'wamid.image', '491', null, { text: null, type: 'image' })]);
    const record = await log.message(channelId, 'wamid.image');
    expect(record).toMatchObject({ text: null, type: 'image', direction: 'INBOUND' });
    expect(record?.threadMs).toBeGreaterThanOrEqual(before);
  });

  it('a status of an unknown send creates its record; an unknown status never replaces a known one', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const at = recent();
    const before = Date.now();
    const { appended } = await log.append(channelId, [status(channelId, 'wamid.elsewhere', 'sent', '491', at)]);
    expect(await log.message(channelId, 'wamid.elsewhere')).toEqual({
      id: 'wamid.elsewhere',
      channelId,
      direction: 'OUTBOUND',
      contact: '491',
      type: null,
      atMs: expect.any(Number),
      status: 'sent',
      statuses: appended,
      text: null,
      threadMs: at,
      sentAtMs: at,
      sentFrom: null,
      sentBy: null,
      body: null,
      history: [],
      editedAtMs: null,
      revokedAtMs: null,
      reactions: [],
      contactName: null,
    });
    expect((await log.message(channelId, 'wamid.elsewhere'))?.atMs).toBeGreaterThanOrEqual(before);
    await expectFreshTtl(key(channelId, 'message:wamid.elsewhere'), RETENTION_MS);

    await log.append(channelId, [status(channelId, 'wamid.elsewhere', 'deleted', '491', at + 1)]);
    expect((await log.message(channelId, 'wamid.elsewhere'))?.status).toBe('sent');
    // An unknown status on a record that has none yet is kept as it is.
    await log.append(channelId, [status(channelId, 'wamid.odd', 'deleted', '491', at)]);
    expect((await log.message(channelId, 'wamid.odd'))?.status).toBe('deleted');
    // A failure first stays final; a failure later replaces any status.
    await log.append(channelId, [status(channelId, 'wamid.failed', 'failed', '491', at), status(channelId, 'wamid.failed', 'delivered', '491', at + 1)]);
    expect((await log.message(channelId, 'wamid.failed'))?.status).toBe('failed');
    await log.append(channelId, [status(channelId, 'wamid.new', 'sent', '491', at), status(channelId, 'wamid.new', 'sent', '491', at + 1)]);
    expect((await log.message(channelId, 'wamid.new'))?.status).toBe('sent');
  });

  it('reads a record as stored: defaults for missing fields, unreadable or foreign status entries skipped', async () => {
    const channelId = newChannel();
    const capture = new LogCapture();
    const log = eventLog({ capture });
    const record = key(channelId, 'message:wamid.bare');
    const statusEvent = status(channelId, 'wamid.bare', 'sent', '491', recent());
    await redis.client.hSet(record, {
      direction: 'SIDEWAYS',
      at: '1700000000000',
      's:1700000000000-5': JSON.stringify({ k: 'status', p: statusEvent.payload }),
      's:1700000000000-2': JSON.stringify({ k: 'status', p: { ...statusEvent.payload, status: 'delivered' } }),
      's:1700000000000-3': JSON.stringify({ k: 'error', p: channelError(channelId, 1) }),
      's:1700000000000-4': 'garbage',
      's:not-an-id': JSON.stringify({ k: 'status', p: statusEvent.payload }),
    });
    const read = await log.message(channelId, 'wamid.bare');
    expect(read).toEqual({
      id: 'wamid.bare',
      channelId,
      direction: 'OUTBOUND',
      contact: null,
      type: null,
      atMs: 1700000000000,
      sentFrom: null,
      body: null,
      history: [],
      editedAtMs: null,
      revokedAtMs: null,
      reactions: [],
      status: 'accepted',
      statuses: [
        { id: { ms: 1700000000000, seq: 2 }, kind: 'status', payload: { ...statusEvent.payload, status: 'delivered' }, size: expect.any(Number) },
        {
          id: { ms: 1700000000000, seq: 5 },
          kind: 'status',
          payload: statusEvent.payload,
          size: JSON.stringify({ k: 'status', p: statusEvent.payload }).length,
        },
      ],
      text: null,
      threadMs: 1700000000000,
      // Stored without a send time (before it was kept): its thread time.
      sentAtMs: 1700000000000,
      sentBy: null,
      contactName: null,
    });
    expect(capture.entries().map((entry) => [entry.msg, entry.channelId, entry.entry])).toEqual([
      ['events: skipped an unreadable log entry', channelId, '1700000000000-4'],
    ]);
    await redis.client.hSet(record, { ts: '', contact: '', text: '', type: '' });
    expect(await log.message(channelId, 'wamid.bare')).toMatchObject({ threadMs: 1700000000000, contact: null, text: null, type: null });
    await redis.client.hSet(record, { ts: '1700000000500' });
    expect((await log.message(channelId, 'wamid.bare'))?.threadMs).toBe(1700000000500);
  });

  it('reads reactions, earlier versions and the sender as stored: oldest reaction first, unreadable ones left out', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const record = key(channelId, 'message:wamid.kept');
    const actor = (value: unknown) => JSON.stringify(value);
    await redis.client.hSet(record, {
      at: '1700000000000',
      sa: '',
      ts: '1700000000500',
      'r:491': JSON.stringify({ e: '❤️', at: 1700000000800 }),
      'r:492': JSON.stringify({ e: '👍', at: 1700000000900 }),
      'r:490': JSON.stringify({ e: '👀', at: 1700000000600 }),
      'r:493': 'garbage',
      'r:494': 'null',
      'r:495': JSON.stringify({ e: 1, at: 1700000000700 }),
      'r:496': JSON.stringify({ e: '😮' }),
      h: JSON.stringify([JSON.stringify({ body: 'first' }), { body: 'not text' }, 7, 'garbage', JSON.stringify({ body: 'second' })]),
      sb: actor({ kind: 'SERVICE', subject: 'svc-1', name: 'Billing' }),
    });
    const read = await log.message(channelId, 'wamid.kept');
    expect(read).toMatchObject({
      sentAtMs: 1700000000500,
      reactions: [
        { emoji: '👀', from: '490', atMs: 1700000000600 },
        { emoji: '❤️', from: '491', atMs: 1700000000800 },
        { emoji: '👍', from: '492', atMs: 1700000000900 },
      ],
      history: [{ body: 'first' }, { body: 'second' }],
      sentBy: { kind: 'SERVICE', subject: 'svc-1', name: 'Billing' },
    });
    const sentBy = async (stored: string) => {
      await redis.client.hSet(record, { sb: stored });
      return (await log.message(channelId, 'wamid.kept'))?.sentBy;
    };
    expect(await sentBy(actor({ kind: 'BUSINESS_APP', subject: 5, name: ['x'] }))).toEqual({ kind: 'BUSINESS_APP', subject: null, name: null });
    expect(await sentBy(actor({ kind: 'PERSON', subject: 'u-1', name: null }))).toEqual({ kind: 'PERSON', subject: 'u-1', name: null });
    for (const unreadable of ['null', '"SERVICE"', actor({ kind: 'ROBOT', subject: 'r' }), actor({ subject: 's' }), 'garbage']) {
      expect(await sentBy(unreadable)).toBeNull();
    }
  });

  it("keeps the sender's profile name on the record, a group message's too, whose conversation does not take it", async () => {
    const channelId = newChannel();
    const log = eventLog();
    const direct = inbound(channelId, 'wamid.direct', '491', recent(20), { contactName: 'Ada' });
    const inGroup = inbound(channelId, 'wamid.group', '492', recent(10), { contactName: 'Bo' });
    inGroup.payload = { ...inGroup.payload, raw: { id: 'wamid.group', group_id: 'group-1' } };
    await log.append(channelId, [direct, inGroup, status(channelId, 'wamid.direct', 'read', '491', recent(5))]);
    expect(await log.message(channelId, 'wamid.direct')).toMatchObject({ contactName: 'Ada' });
    expect(await log.message(channelId, 'wamid.group')).toMatchObject({ contactName: 'Bo' });
    expect((await log.conversation(channelId, '491'))?.name).toBe('Ada');
    expect((await log.conversation(channelId, '492'))?.name ?? null).toBeNull();
  });

  it("a reaction leaves the message's text as it is; an edit to a version without text leaves none", async () => {
    const channelId = newChannel();
    const log = eventLog();
    const change = (id: string, raw: Record<string, unknown>, atMs: number) => {
      const event = inbound(channelId, id, '491', atMs, { text: null, type: String(raw.type) });
      event.payload = { ...event.payload, raw: { id, ...raw } };
      return event;
    };
    await log.append(channelId, [inbound(channelId, 'wamid.orig', '491', recent(30), { text: 'hello' })]);
    await log.append(channelId, [change('wamid.r', { type: 'reaction', reaction: { message_id: 'wamid.orig', emoji: '👍' } }, recent(20))]);
    expect(await log.message(channelId, 'wamid.orig')).toMatchObject({ text: 'hello', reactions: [{ emoji: '👍', from: '491' }] });
    const caption = { type: 'image', image: { caption: 'a picture' } };
    await log.append(channelId, [change('wamid.e', { type: 'edit', edit: { original_message_id: 'wamid.orig', message: caption } }, recent(10))]);
    expect(await log.message(channelId, 'wamid.orig')).toMatchObject({ text: null, body: { type: 'edit' } });
  });

  it("a message's, an echo's and an edit's body is its item as received, cut out of the event the script got, byte for byte after any text", async () => {
    const channelId = newChannel();
    const log = eventLog();
    const item = { id: 'wamid.once', type: 'text', text: { body: 'Grüße aus Köln 🌵' } };
    const event = inbound(channelId, 'wamid.once', '491', recent(), { text: 'Grüße aus Köln 🌵', contactName: 'Zoë 👩🏽‍💻' });
    Object.assign(event.payload, { raw: item });
    const echoItem = { from: '15550783881', to: '491', id: 'wamid.echo', type: 'text', text: { body: 'Danke 🙏' } };
    const echo: ChannelEvent = {
      kind: 'echo',
      dedupKey: 'echo:wamid.echo',
      payload: { channelId, id: 'wamid.echo', to: '491', timestamp: iso(recent()), type: 'text', text: 'Danke 🙏', raw: echoItem },
    };
    const editItem = { id: 'wamid.edit', type: 'edit', edit: { original_message_id: 'wamid.once', message: { type: 'text', text: { body: 'Grüße ✏️' } } } };
    const edit = inbound(channelId, 'wamid.edit', '491', recent(), { type: 'edit', text: null, contactName: 'Zoë 👩🏽‍💻' });
    Object.assign(edit.payload, { raw: editItem });
    await log.append(channelId, [event, echo]);
    expect(await redis.client.hGet(key(channelId, 'message:wamid.once'), 'b')).toBe(JSON.stringify(item));
    expect(await redis.client.hGet(key(channelId, 'message:wamid.echo'), 'b')).toBe(JSON.stringify(echoItem));
    await log.append(channelId, [edit]);
    expect(await redis.client.hGetAll(key(channelId, 'message:wamid.once'))).toMatchObject({
      b: JSON.stringify(editItem),
      h: JSON.stringify([JSON.stringify(item)]),
    });
    expect(await log.message(channelId, 'wamid.once')).toMatchObject({ body: editItem, history: [item] });
  });

  it('a revoke erases the body, the text and the earlier versions from the record’s hash; its sender’s name and the deletion’s time stay', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const secret = 'Mein PIN ist 4711';
    // Read once: recomputed at the assertion, a second could tick over between the writes and the check.
    const [sentAt, editedAt, revokedAt] = [recent(50), recent(40), recent(30)];
    const message = inbound(channelId, 'wamid.gone', '491', sentAt, { text: secret, contactName: 'Zoë' });
    Object.assign(message.payload, { raw: { id: 'wamid.gone', type: 'text', text: { body: secret } } });
    const edit = inbound(channelId, 'wamid.gone-edit', '491', editedAt, { type: 'edit', text: null, contactName: 'Zoë' });
    Object.assign(edit.payload, {
      raw: { id: 'wamid.gone-edit', type: 'edit', edit: { original_message_id: 'wamid.gone', message: { type: 'text', text: { body: `${secret}!` } } } },
    });
    const revoke = inbound(channelId, 'wamid.gone-revoke', '491', revokedAt, { type: 'revoke', text: null, contactName: 'Zoë' });
    Object.assign(revoke.payload, { raw: { id: 'wamid.gone-revoke', type: 'revoke', revoke: { original_message_id: 'wamid.gone' } } });
    await log.append(channelId, [message]);
    await log.append(channelId, [edit]);
    expect(Object.keys(await redis.client.hGetAll(key(channelId, 'message:wamid.gone')))).toEqual(expect.arrayContaining(['b', 'h', 'text']));
    await log.append(channelId, [revoke]);
    const stored = await redis.client.hGetAll(key(channelId, 'message:wamid.gone'));
    expect(Object.keys(stored)).not.toEqual(expect.arrayContaining(['b']));
    expect(stored).not.toHaveProperty('h');
    expect(stored).not.toHaveProperty('text');
    expect(JSON.stringify(stored)).not.toContain('4711');
    expect(stored).toMatchObject({ ra: String(revokedAt), cn: 'Zoë', sa: String(sentAt), direction: 'INBOUND' });
  });

  it('reads bodies as stored: an unreadable body is none, an unreadable earlier version is left out', async () => {
    const channelId = newChannel();
    const record = key(channelId, 'message:wamid.stored');
    const first = { id: 'wamid.stored', type: 'text', text: { body: 'first' } };
    await redis.client.hSet(record, { direction: 'INBOUND', at: String(recent()), b: 'not JSON', h: JSON.stringify([JSON.stringify(first), 'not JSON']) });
    expect(await eventLog().message(channelId, 'wamid.stored')).toMatchObject({ body: null, history: [first] });
  });
});

describeWithRedis('RedisEventLog: conversations', () => {
  it('keeps a conversation, its place in the channel list and its thread at least a window, the thread for the retention', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const at = recent();
    await log.append(channelId, [inbound(channelId, 'wamid.1', '491', at, { contactName: 'Ada' })]);
    for (const suffix of ['conversation:491', 'conversations']) {
      await expectFreshTtl(key(channelId, suffix), SERVICE_WINDOW_MS);
    }
    await expectFreshTtl(key(channelId, 'thread:491'), RETENTION_MS);
    expect(await redis.client.zRangeWithScores(key(channelId, 'conversations'), 0, -1)).toEqual([{ value: '491', score: at }]);
  });

  it('a channel error writes no conversation list', async () => {
    const channelId = newChannel();
    await eventLog().append(channelId, [errorEvent(channelId, 1)]);
    expect(await redis.client.exists(key(channelId, 'conversations'))).toBe(0);
  });

  it('drops conversations past their time from the channel list on the next change', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const list = key(channelId, 'conversations');
    await redis.client.zAdd(list, [
      { value: 'gone', score: Date.now() - SERVICE_WINDOW_MS - 60_000 },
      { value: 'kept', score: Date.now() - SERVICE_WINDOW_MS + 60_000 },
    ]);
    await log.append(channelId, [inbound(channelId, 'wamid.1', '491', recent())]);
    expect(await redis.client.zRange(list, 0, -1)).toEqual(['kept', '491']);
  });

  it('pages conversations newest first, ties by contact descending, after a cursor that stayed, moved or left', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const at = recent();
    await log.append(channelId, [
      inbound(channelId, 'm1', '101', at),
      inbound(channelId, 'm2', '102', at + 1_000),
      inbound(channelId, 'm3', '103', at + 1_000),
      inbound(channelId, 'm4', '104', at + 2_000),
      inbound(channelId, 'm5', '105', at + 3_000),
    ]);
    const contacts = async (after: { ms: number; member: string } | null, limit: number) =>
      (await log.conversations(channelId, after, limit)).map((conversation) => conversation.contact);
    expect(await contacts(null, 10)).toEqual(['105', '104', '103', '102', '101']);
    expect(await contacts(null, 2)).toEqual(['105', '104']);
    expect(await contacts(null, 1)).toEqual(['105']);
    expect(await contacts(null, 0)).toEqual([]);
    expect(await contacts({ ms: at + 2_000, member: '104' }, 2)).toEqual(['103', '102']);
    expect(await contacts({ ms: at + 2_000, member: '104' }, 0)).toEqual([]);
    expect(await contacts({ ms: at + 1_000, member: '103' }, 10)).toEqual(['102', '101']);
    expect(await contacts({ ms: at + 1_000, member: '102' }, 1)).toEqual(['101']);
    expect((await log.conversations(channelId, null, 1))[0]).toEqual(await log.conversation(channelId, '105'));

    // 104 moves to the top: a cursor at its old place continues from there by time.
    await log.append(channelId, [inbound(channelId, 'm6', '104', at + 4_000)]);
    expect(await contacts(null, 10)).toEqual(['104', '105', '103', '102', '101']);
    expect(await contacts({ ms: at + 2_000, member: '104' }, 2)).toEqual(['103', '102']);
    expect(await contacts({ ms: at + 1_000, member: '104' }, 10)).toEqual(['103', '102', '101']);
    // A cursor of a contact that is not listed, between the tied pair.
    expect(await contacts({ ms: at + 1_000, member: '1025' }, 10)).toEqual(['102', '101']);
    expect(await contacts({ ms: at + 1_000, member: '1025' }, 1)).toEqual(['102']);
    // A conversation listed whose hash is gone is left out.
    await redis.client.del(key(channelId, 'conversation:103'));
    expect(await contacts(null, 10)).toEqual(['104', '105', '102', '101']);
  });

  it('steps over many ties at a cursor that left the list', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const list = key(channelId, 'conversations');
    const at = recent();
    const tied = Array.from({ length: 300 }, (_, index) => `c${String(index).padStart(3, '0')}`);
    await redis.client.zAdd(
      list,
      tied.map((member) => ({ value: member, score: at })),
    );
    await Promise.all(tied.map((member) => redis.client.hSet(key(channelId, `conversation:${member}`), { c: member, la: String(at) })));
    // 200 members tie before the cursor's place: the page after it is found by time and member among them.
    const page = await log.conversations(channelId, { ms: at, member: 'c100x' }, 2);
    expect(page.map((conversation) => [conversation.contact, conversation.lastActivityMs])).toEqual([
      ['c100', at],
      ['c099', at],
    ]);
    // A cursor still at its place is followed by rank, however many ties come before it.
    const inPlace = await log.conversations(channelId, { ms: at, member: 'c020' }, 2);
    expect(inPlace.map((conversation) => conversation.contact)).toEqual(['c019', 'c018']);
    // Nothing comes after a time before every activity.
    expect(await log.conversations(channelId, { ms: 0, member: 'nobody' }, 2)).toEqual([]);
  });
});

describeWithRedis('RedisEventLog: contact aliases', () => {
  /** A text from `userId` alone, or naming the wa_id beside it. */
  const fromUser = (channelId: string, id: string, userId: string, atMs: number, waId: string | null = null): ChannelEvent => ({
    kind: 'message',
    dedupKey: `message:${id}`,
    payload: {
      channelId,
      id,
      from: waId ?? userId,
      fromPhone: waId,
      fromUserId: userId,
      timestamp: iso(atMs),
      type: 'text',
      text: `text of ${id}`,
      raw: { id },
      contactName: null,
      displayPhoneNumber: null,
    },
  });

  /** A log on the test connection whose every command goes through `command` instead. */
  function logWithCommands(command: (routing: string, args: string[]) => Promise<unknown>): RedisEventLog {
    const intercepted = new Proxy(redis, {
      get(target, property) {
        if (property === 'command') return command;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    return eventLog({ on: intercepted });
  }

  /**
   * A log that lets another writer set `userId`'s alias to `contact` right after the log read the aliases (its MGET, or
   * the `reads`th one), before its script runs: what an append on another instance in between does.
   */
  function logRacedOn(channelId: string, userId: string, contact: string, reads = 1): RedisEventLog {
    let seen = 0;
    return logWithCommands(async (routing, args) => {
      const reply = await redis.command(routing, args);
      if (args[0] === 'MGET' && (seen += 1) === reads) {
        await redis.command(routing, ['SET', key(channelId, `alias:${userId}`), contact]);
      }
      return reply;
    });
  }

  it("keeps the username a message names with its conversation's keys", async () => {
    const channelId = newChannel();
    const log = eventLog();
    const named = fromUser(channelId, 'wamid.named', 'US.4001', recent(20), '494');
    named.payload = { ...named.payload, username: 'ada' };
    await log.append(channelId, [named, fromUser(channelId, 'wamid.unnamed', 'US.4002', recent(10))]);
    expect(await log.conversation(channelId, '494')).toMatchObject({ contactPhone: '494', contactUserId: 'US.4001', contactUsername: 'ada' });
    expect((await log.conversation(channelId, 'US.4002'))?.contactUsername).toBeNull();
  });

  it('an alias set between the read and the script: the script changes nothing, the log reads again and the item joins the conversation it names now', async () => {
    const channelId = newChannel();
    const [userId, waId] = ['DE.raced1', '4917000000041'];
    const log = logRacedOn(channelId, userId, waId);
    const { appended } = await log.append(channelId, [fromUser(channelId, 'wamid.raced', userId, recent(20))]);
    expect(appended).toHaveLength(1);
    expect(await log.conversation(channelId, userId)).toMatchObject({ contact: waId, contactUserId: userId, lastMessageId: 'wamid.raced' });
    expect(await redis.client.exists(key(channelId, `conversation:${userId}`))).toBe(0);
    expect(await log.read(channelId, null, 10)).toHaveLength(1);
  });

  it('the alias of a user id two changes old, changed between its read and the script: read again, the item joins the conversation it names now', async () => {
    const channelId = newChannel();
    const [first, second, waId, otherWaId] = ['DE.raced5', 'DE.raced6', '4917000000044', '4917000000045'];
    // `second` continued `first`, whose conversation merged into the wa_id's; while this append reads the aliases,
    // another instance links `first` elsewhere.
    await redis.client.set(key(channelId, `alias:${second}`), first);
    await redis.client.set(key(channelId, `alias:${first}`), waId);
    const log = logRacedOn(channelId, first, otherWaId, 2);
    const { appended } = await log.append(channelId, [fromUser(channelId, 'wamid.raced-second', second, recent(20))]);
    expect(appended).toHaveLength(1);
    expect(await log.conversation(channelId, second)).toMatchObject({ contact: otherWaId, lastMessageId: 'wamid.raced-second' });
    expect(await redis.client.exists(key(channelId, `conversation:${waId}`))).toBe(0);
  });

  it('an item naming both keys reads no alias before its script: the script checks the alias names no other user id', async () => {
    const channelId = newChannel();
    const verbs: string[] = [];
    const counting = logWithCommands((routing, args) => {
      verbs.push(args[0]);
      return redis.command(routing, args);
    });
    await counting.append(channelId, [fromUser(channelId, 'wamid.both-keys', 'DE.counted1', recent(20), '4917000000043')]);
    expect(verbs.filter((verb) => !verb.startsWith('EVAL'))).toEqual([]);
    expect(await eventLog().conversation(channelId, 'DE.counted1')).toMatchObject({ contact: '4917000000043' });
  });

  /** A log that records the verb of every command it sends. */
  function countingLog(verbs: string[]): RedisEventLog {
    return logWithCommands((routing, args) => {
      verbs.push(args[0]);
      return redis.command(routing, args);
    });
  }

  it('an alias the log read or wrote once is remembered: a later item naming only that user id costs one round trip, the script', async () => {
    const channelId = newChannel();
    const [linkedHere, linkedElsewhere, waId, otherWaId] = ['DE.remembered1', 'DE.remembered2', '4917000000046', '4917000000047'];
    const verbs: string[] = [];
    const log = countingLog(verbs);
    await log.append(channelId, [fromUser(channelId, 'wamid.both-keys-here', linkedHere, recent(40), waId)]);
    await redis.client.set(key(channelId, `alias:${linkedElsewhere}`), otherWaId);
    await log.append(channelId, [fromUser(channelId, 'wamid.read-once', linkedElsewhere, recent(35))]);
    expect(verbs.filter((verb) => verb === 'MGET')).toHaveLength(1);

    verbs.length = 0;
    await log.append(channelId, [
      fromUser(channelId, 'wamid.alone-here', linkedHere, recent(30)),
      fromUser(channelId, 'wamid.alone-elsewhere', linkedElsewhere, recent(25)),
    ]);
    expect(verbs.filter((verb) => !verb.startsWith('EVAL'))).toEqual([]);
    expect(await log.conversation(channelId, waId)).toMatchObject({ lastMessageId: 'wamid.alone-here' });
    expect(await log.conversation(channelId, otherWaId)).toMatchObject({ lastMessageId: 'wamid.alone-elsewhere' });
  });

  it('a remembered alias another instance changed, or that expired: the script changes nothing, the log reads again and the item joins the conversation it names now', async () => {
    const channelId = newChannel();
    const [moved, expired, waId, otherWaId, thirdWaId] = ['DE.remembered3', 'DE.remembered4', '4917000000048', '4917000000049', '4917000000050'];
    const verbs: string[] = [];
    const log = countingLog(verbs);
    await log.append(channelId, [
      fromUser(channelId, 'wamid.moved-first', moved, recent(50), waId),
      fromUser(channelId, 'wamid.expired-first', expired, recent(45), thirdWaId),
    ]);
    // Another instance links `moved` to another number; `expired`'s alias is gone (its TTL).
    await eventLog().append(channelId, [fromUser(channelId, 'wamid.moved-elsewhere', moved, recent(40), otherWaId)]);
    await redis.client.del(key(channelId, `alias:${expired}`));

    verbs.length = 0;
    await log.append(channelId, [fromUser(channelId, 'wamid.named-alone', moved, recent(30))]);
    // The first script refused what the log remembered; the second ran on what it read.
    expect(verbs).toEqual(['EVALSHA', 'MGET', 'EVALSHA']);
    await log.append(channelId, [
      fromUser(channelId, 'wamid.named-alone-again', moved, recent(25)),
      fromUser(channelId, 'wamid.expired-alone', expired, recent(20)),
    ]);
    expect(await log.conversation(channelId, otherWaId)).toMatchObject({ contact: otherWaId, lastMessageId: 'wamid.named-alone-again' });
    expect(await log.conversation(channelId, waId)).toMatchObject({ lastMessageId: 'wamid.moved-first' });
    expect(await log.conversation(channelId, expired)).toMatchObject({ contact: expired, lastMessageId: 'wamid.expired-alone' });
    expect(await log.conversation(channelId, thirdWaId)).toMatchObject({ lastMessageId: 'wamid.expired-first' });
    expect(await log.read(channelId, null, 10)).toHaveLength(6);
  });

  it('a link whose alias changed between its read and its script: read again, the conversation the user id names now merges into the wa_id’s', async () => {
    const channelId = newChannel();
    const [previous, other, next, waId] = ['DE.raced2', 'DE.raced3', 'DE.raced4', '4917000000042'];
    const log = eventLog();
    await log.append(channelId, [fromUser(channelId, 'wamid.by-previous', previous, recent(40)), fromUser(channelId, 'wamid.by-other', other, recent(35))]);
    // The new id was linked to `previous` (a user id change); while this append reads it, another instance links it to `other`.
    await redis.client.set(key(channelId, `alias:${next}`), previous);
    const raced = logRacedOn(channelId, next, other);
    await raced.append(channelId, [fromUser(channelId, 'wamid.both', next, recent(20), waId)]);
    expect(await log.conversation(channelId, other)).toMatchObject({ contact: waId, contactUserId: next });
    expect((await log.thread(channelId, next, null, 10)).map((entry) => entry.position.member)).toEqual(['wamid.both', 'wamid.by-other']);
    expect(await log.conversation(channelId, previous)).toMatchObject({ contact: previous });
  });

  /** The platform's notice that a user's business-scoped user id changed, naming it by the old one. */
  const userIdChange = (channelId: string, id: string, previous: string, next: string, atMs: number) => {
    const notice = fromUser(channelId, id, previous, atMs);
    const system = { body: 'User changed user id', user_id: next, previous_user_id: previous, type: 'user_changed_user_id' };
    notice.payload = { ...notice.payload, type: 'system', text: null, raw: { id, type: 'system', system } };
    return notice;
  };

  /** The platform's notice that a user changed its number, naming the old number and user id and the new ones. */
  const numberChange = (channelId: string, id: string, before: { waId: string; userId: string }, after: { waId: string; userId: string }, atMs: number) => {
    const notice = fromUser(channelId, id, before.userId, atMs, before.waId);
    const system = { body: 'User changed number', wa_id: after.waId, user_id: after.userId, previous_user_id: before.userId, type: 'user_changed_number' };
    notice.payload = { ...notice.payload, type: 'system', text: null, raw: { id, type: 'system', system } };
    return notice;
  };

  it('the links an append wrote are remembered: the user ids of a number change cost no read later; a re-delivered one leaves its new user id unknown', async () => {
    const channelId = newChannel();
    const [before, after] = [
      { waId: '4917000000060', userId: 'DE.moved1' },
      { waId: '4917000000061', userId: 'DE.moved2' },
    ];
    const verbs: string[] = [];
    const log = countingLog(verbs);
    const notice = numberChange(channelId, 'wamid.number-change', before, after, recent(40));
    await log.append(channelId, [notice]);
    verbs.length = 0;
    await log.append(channelId, [
      fromUser(channelId, 'wamid.old-id', before.userId, recent(35)),
      fromUser(channelId, 'wamid.new-id', after.userId, recent(30)),
    ]);
    expect(verbs).toEqual(['EVALSHA']);
    expect(await log.conversation(channelId, before.waId)).toMatchObject({ lastMessageId: 'wamid.old-id' });
    expect(await log.conversation(channelId, after.waId)).toMatchObject({ lastMessageId: 'wamid.new-id' });

    // Another instance that read the new user id's alias gets the notice again: a duplicate, whose link this run did not write.
    const otherVerbs: string[] = [];
    const other = countingLog(otherVerbs);
    await other.append(channelId, [fromUser(channelId, 'wamid.new-id-again', after.userId, recent(25))]);
    expect(await other.append(channelId, [notice])).toEqual({ appended: [], duplicates: 1 });
    otherVerbs.length = 0;
    await other.append(channelId, [fromUser(channelId, 'wamid.new-id-later', after.userId, recent(20))]);
    expect(otherVerbs).toEqual(['MGET', 'EVALSHA']);
    expect(await log.conversation(channelId, after.waId)).toMatchObject({ lastMessageId: 'wamid.new-id-later' });
  });

  it('linking a user id that continued an older one merges the older one’s conversation: later items naming the older id alone, in the same notification or later, join it without a read', async () => {
    const channelId = newChannel();
    const [older, newer, waId] = ['DE.continued1', 'DE.continued2', '4917000000070'];
    // On another instance: a message under the older id, then the change that names the newer one (its alias names the older).
    const elsewhere = eventLog();
    await elsewhere.append(channelId, [fromUser(channelId, 'wamid.by-older', older, recent(50))]);
    await elsewhere.append(channelId, [userIdChange(channelId, 'wamid.id-change', older, newer, recent(45))]);
    expect(await redis.client.get(key(channelId, `alias:${newer}`))).toBe(older);

    const verbs: string[] = [];
    const log = countingLog(verbs);
    await log.append(channelId, [fromUser(channelId, 'wamid.both', newer, recent(40), waId), fromUser(channelId, 'wamid.older-again', older, recent(35))]);
    expect((await log.thread(channelId, waId, null, 10)).map((entry) => entry.position.member)).toEqual([
      'wamid.older-again',
      'wamid.both',
      'wamid.id-change',
      'wamid.by-older',
    ]);
    expect(await redis.client.exists(key(channelId, `conversation:${older}`))).toBe(0);
    verbs.length = 0;
    await log.append(channelId, [fromUser(channelId, 'wamid.older-later', older, recent(30))]);
    expect(verbs).toEqual(['EVALSHA']);
    expect(await log.conversation(channelId, older)).toMatchObject({ contact: waId, lastMessageId: 'wamid.older-later' });
    // A wa_id is no user id: read without looking for an alias of it.
    verbs.length = 0;
    expect(await log.conversation(channelId, waId)).toMatchObject({ contact: waId });
    expect(verbs).toEqual(['HGETALL']);
  });

  it('an alias two hops long that the log wrote is remembered to its end: the user id two changes old costs no read', async () => {
    const channelId = newChannel();
    const [older, newer, waId] = ['DE.twohops1', 'DE.twohops2', '4917000000071'];
    const verbs: string[] = [];
    const log = countingLog(verbs);
    await log.append(channelId, [fromUser(channelId, 'wamid.by-older', older, recent(50))]);
    // `newer` continues `older` (its alias names it); then `older` is seen beside its wa_id: its conversation merges into the wa_id's.
    await log.append(channelId, [userIdChange(channelId, 'wamid.id-change', older, newer, recent(45))]);
    await log.append(channelId, [fromUser(channelId, 'wamid.both', older, recent(40), waId)]);
    expect(await redis.client.get(key(channelId, `alias:${newer}`))).toBe(older);
    verbs.length = 0;
    await log.append(channelId, [fromUser(channelId, 'wamid.by-newer', newer, recent(30))]);
    expect(verbs).toEqual(['EVALSHA']);
    expect(await log.conversation(channelId, waId)).toMatchObject({ lastMessageId: 'wamid.by-newer' });
  });

  it('a user id seen again beside its wa_id costs one run of the script: an alias naming a wa_id is no reason to read it first', async () => {
    const channelId = newChannel();
    const [userId, waId] = ['DE.again1', '4917000000072'];
    const verbs: string[] = [];
    const log = countingLog(verbs);
    // The script loaded already (by another channel's append), so each run is one EVALSHA.
    await eventLog().append(newChannel(), [errorEvent(channelId, 1)]);
    await log.append(channelId, [fromUser(channelId, 'wamid.first', userId, recent(40), waId)]);
    await log.append(channelId, [fromUser(channelId, 'wamid.second', userId, recent(30), waId)]);
    expect(verbs).toEqual(['EVALSHA', 'EVALSHA']);
    expect((await log.thread(channelId, userId, null, 10)).map((entry) => entry.position.member)).toEqual(['wamid.second', 'wamid.first']);
  });

  it('a user id read once without an alias is remembered as having none: its next message alone costs one run of the script', async () => {
    const channelId = newChannel();
    const verbs: string[] = [];
    const log = countingLog(verbs);
    await log.append(channelId, [fromUser(channelId, 'wamid.unlinked-1', 'DE.unlinked1', recent(40))]);
    verbs.length = 0;
    await log.append(channelId, [fromUser(channelId, 'wamid.unlinked-2', 'DE.unlinked1', recent(30))]);
    expect(verbs).toEqual(['EVALSHA']);
    expect(await log.conversation(channelId, 'DE.unlinked1')).toMatchObject({ contact: 'DE.unlinked1', lastMessageId: 'wamid.unlinked-2' });
  });

  it('a user id seen beside another wa_id links to it; the conversation of the wa_id it named before stays that one’s', async () => {
    const channelId = newChannel();
    const [userId, firstWaId, secondWaId] = ['DE.renumbered1', '4917000000073', '4917000000074'];
    const log = eventLog();
    await log.append(channelId, [fromUser(channelId, 'wamid.by-first', userId, recent(50), firstWaId)]);
    // The user id alone still goes to the first wa_id's; the item after it names the second.
    await log.append(channelId, [
      fromUser(channelId, 'wamid.alone', userId, recent(40)),
      fromUser(channelId, 'wamid.by-second', userId, recent(30), secondWaId),
    ]);
    const threadOf = async (contact: string) => (await log.thread(channelId, contact, null, 10)).map((entry) => entry.position.member);
    expect(await threadOf(firstWaId)).toEqual(['wamid.alone', 'wamid.by-first']);
    expect(await threadOf(secondWaId)).toEqual(['wamid.by-second']);
    expect(await log.conversation(channelId, userId)).toMatchObject({ contact: secondWaId });
  });

  it('a user id change told again, with a message under the old id in the same notification: the conversation keeps its thread, the message joins it', async () => {
    const channelId = newChannel();
    const [previous, next] = ['DE.toldagain1', 'DE.toldagain2'];
    const log = eventLog();
    await log.append(channelId, [fromUser(channelId, 'wamid.by-previous', previous, recent(50))]);
    await log.append(channelId, [userIdChange(channelId, 'wamid.change', previous, next, recent(45))]);
    await log.append(channelId, [
      userIdChange(channelId, 'wamid.change-again', previous, next, recent(40)),
      fromUser(channelId, 'wamid.previous-again', previous, recent(35)),
    ]);
    expect((await log.thread(channelId, next, null, 10)).map((entry) => entry.position.member)).toEqual([
      'wamid.previous-again',
      'wamid.change-again',
      'wamid.change',
      'wamid.by-previous',
    ]);
    expect(await log.conversation(channelId, next)).toMatchObject({ contact: previous, lastMessageId: 'wamid.previous-again' });
  });

  it('an alias that changes before every script: three runs, then the append fails and leaves nothing, so the notification can be delivered again', async () => {
    const channelId = newChannel();
    const userId = 'DE.restless1';
    const verbs: string[] = [];
    let links = 0;
    // Another instance links the user id to yet another number between each read and script.
    const log = logWithCommands(async (routing, args) => {
      verbs.push(args[0]);
      if (args[0].startsWith('EVAL')) await redis.command(routing, ['SET', key(channelId, `alias:${userId}`), `49170000001${(links += 1)}`]);
      return redis.command(routing, args);
    });
    const message = fromUser(channelId, 'wamid.restless', userId, recent(20));
    // The script loaded already (by another channel's append), so each run is one EVALSHA.
    await eventLog().append(newChannel(), [errorEvent(channelId, 1)]);
    await expect(log.append(channelId, [message])).rejects.toThrow(
      'events: a contact alias kept changing during the append; the notification is refused for a retry',
    );
    expect(verbs).toEqual(['MGET', 'EVALSHA', 'MGET', 'EVALSHA', 'MGET', 'EVALSHA']);
    expect(await redis.client.exists([key(channelId, 'log'), key(channelId, 'seen:message:wamid.restless')])).toBe(0);
    expect((await eventLog().append(channelId, [message])).appended).toHaveLength(1);
  });
});

describeWithRedis('RedisEventLog: threads', () => {
  it('an entry of a thread whose record is gone has a null record', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const at = recent();
    await log.append(channelId, [inbound(channelId, 'in1', '491', at), inbound(channelId, 'in2', '491', at + 1_000)]);
    await redis.client.del(key(channelId, 'message:in1'));
    expect((await log.thread(channelId, '491', null, 10))[1]).toEqual({ position: { member: 'in1', ms: at }, record: null });
  });
  it('drops thread entries older than the retention on the next message', async () => {
    const channelId = newChannel();
    const log = eventLog({ retentionMs: 60_000 });
    const thread = key(channelId, 'thread:491');
    const old = Date.now() - 120_000;
    await redis.client.zAdd(thread, [
      { value: 'old', score: old },
      { value: 'recent', score: Date.now() - 30_000 },
    ]);
    await log.append(channelId, [inbound(channelId, 'in', '491', Date.now() - 1_000)]);
    expect(await redis.client.zRange(thread, 0, -1)).toEqual(['recent', 'in']);
    const ttl = await redis.client.pTTL(thread);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describeWithRedis('RedisEventLog: watched channels', () => {
  it('a notification renews the watch mark for a window', async () => {
    const channelId = newChannel();
    const log = eventLog();
    await log.append(channelId, [errorEvent(channelId, 1)]);
    const since = await log.watchedSince(channelId);
    await redis.client.pExpire(key(channelId, 'watched'), 60_000);
    await log.append(channelId, [errorEvent(channelId, 1)]);
    expect(await log.watchedSince(channelId)).toBe(since);
    await expectFreshTtl(key(channelId, 'watched'), SERVICE_WINDOW_MS);
  });

  it('restarts the watch: the mark becomes the time now, for a window', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const long = Date.now() - SERVICE_WINDOW_MS - 60_000;
    await redis.client.set(key(channelId, 'watched'), String(long), { PX: 60_000 });
    expect(await log.watchedSince(channelId)).toBe(long);
    const before = Date.now();
    await log.restartWatch(channelId);
    const since = await log.watchedSince(channelId);
    // The server's clock, on this machine.
    expect(since).toBeGreaterThanOrEqual(before - 1_000);
    expect(since).toBeLessThanOrEqual(Date.now() + 1_000);
    await expectFreshTtl(key(channelId, 'watched'), SERVICE_WINDOW_MS);
  });
});

describeWithRedis('RedisEventLog: fan-out', () => {
  it('delivers appended events and changed conversations to every listener, in order, from any instance', async () => {
    const channelId = newChannel();
    // Another instance's connection, ready before it writes: a cluster client has no slot map to route by until then.
    const other = connection();
    await waitUntil(() => other.isReady, 'the second connection');
    const [reader, writer] = [eventLog(), eventLog({ on: other })];
    const [first, second] = [recorder(), recorder()];
    const unsubscribeFirst = await reader.tail(channelId, first.listener);
    const unsubscribeSecond = await reader.tail(channelId, second.listener);
    expect(await feedSubscribers(redis, channelId)).toBe(1);

    const at = recent();
    const { appended } = await writer.append(channelId, [
      inbound(channelId, 'in', '491', at),
      errorEvent(channelId, 1),
      status(channelId, 'out', 'sent', '492', at),
    ]);
    await writer.append(channelId, [errorEvent(channelId, 2)]);
    await writer.recordSend(channelId, { messageId: 'sent', contact: '493', type: 'text', text: 'x' });
    await writer.closeWindow(channelId, '494');
    await waitUntil(() => first.seen.contacts.length === 3 && second.seen.contacts.length === 3, 'every publication at both listeners');
    await waitUntil(() => first.seen.events.length === 2 && second.seen.events.length === 2, 'both event batches at both listeners');
    for (const { seen } of [first, second]) {
      expect(seen.events[0].map(({ id, kind, payload }) => ({ id, kind, payload }))).toEqual(appended.map(({ id, kind, payload }) => ({ id, kind, payload })));
      expect(seen.events[1].map((event) => event.kind)).toEqual(['error']);
      expect(seen.contacts).toEqual([['491', '492'], ['493'], ['494']]);
      expect(seen.gaps).toBe(0);
    }

    await unsubscribeFirst();
    expect(await feedSubscribers(redis, channelId)).toBe(1);
    await writer.append(channelId, [errorEvent(channelId, 3)]);
    await waitUntil(() => second.seen.events.length === 3, 'the event at the remaining listener');
    expect(first.seen.events).toHaveLength(2);
    await unsubscribeSecond();
    expect(await feedSubscribers(redis, channelId)).toBe(0);
    // Unsubscribing twice changes nothing.
    await unsubscribeSecond();
  });

  it('sizes each event of a publication by its share of the text', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const { seen, listener } = recorder();
    await log.tail(channelId, listener);
    const publication = JSON.stringify({
      q: 1,
      e: [
        { id: '1-1', e: { k: 'error', p: channelError(channelId, 1) } },
        { id: '1-2', e: { k: 'error', p: channelError(channelId, 2) } },
      ],
    });
    await publish(channelId, publication);
    await waitUntil(() => seen.events.length === 1, 'the publication');
    expect(seen.events[0].map((event) => [idText(event), event.size])).toEqual([
      ['1-1', Math.ceil(publication.length / 2)],
      ['1-2', Math.ceil(publication.length / 2)],
    ]);
    expect(seen.contacts).toEqual([]);
  });

  it('tells listeners of a gap in the sequence, ignores what is not a publication, skips entries without a valid id', async () => {
    const channelId = newChannel();
    const capture = new LogCapture();
    const log = eventLog({ capture });
    const { seen, listener } = recorder();
    await log.tail(channelId, listener);
    const entry = (id: string) => ({ id, e: { k: 'error', p: channelError(channelId, 1) } });
    await publish(channelId, JSON.stringify({ q: 7, e: [entry('5-0')] }));
    await publish(channelId, 'not json');
    await publish(channelId, JSON.stringify({ q: 8, e: [entry('bad'), entry('6-0')] }));
    await publish(channelId, JSON.stringify({ q: 8, e: [], c: ['491'] }));
    await publish(channelId, JSON.stringify({ q: 12, e: [], c: [] }));
    await publish(channelId, JSON.stringify({ q: 13, e: [entry('also bad')] }));
    await publish(channelId, JSON.stringify({ q: 14, e: [entry('7-0')] }));
    await waitUntil(() => seen.events.length === 3, 'the last publication');
    expect(seen.events.map((events) => events.map(idText))).toEqual([['5-0'], ['6-0'], ['7-0']]);
    expect(seen.contacts).toEqual([['491']]);
    // 8 after 8, then 12 after 8: two gaps.
    expect(seen.gaps).toBe(2);
    expect(capture.entries().map((line) => [line.msg, line.channelId])).toEqual([['events: ignored a non-JSON publication on the fan-out channel', channelId]]);
  });

  it('a closed log follows no feed any more, on one server and on a cluster', async () => {
    const [channelId, otherChannelId] = [newChannel(), newChannel()];
    const log = eventLog();
    await log.tail(channelId, recorder().listener);
    await log.tail(otherChannelId, recorder().listener);
    expect(await feedSubscribers(redis, channelId)).toBe(1);
    await log.close();
    await waitUntil(async () => (await feedSubscribers(redis, channelId)) + (await feedSubscribers(redis, otherChannelId)) === 0, 'both feeds unsubscribed');
  });

  it('a listener without onConversations gets only the events', async () => {
    const channelId = newChannel();
    const log = eventLog();
    const events: LoggedEvent[][] = [];
    await log.tail(channelId, { onEvents: (batch) => events.push(batch), onGap: () => undefined });
    await log.recordSend(channelId, { messageId: 'sent', contact: '493', type: 'text', text: 'x' });
    await log.append(channelId, [errorEvent(channelId, 1)]);
    await waitUntil(() => events.length === 1, 'the event');
    expect(events[0].map((event) => event.kind)).toEqual(['error']);
  });

  it('tells listeners of a gap when the fan-out connection comes back; a closed log closes its subscriber connection', async () => {
    // A server of its own, whose subscriber connections are all this test's to kill.
    const server = await DisposableRedis.start();
    const own = connection(server.url);
    try {
      await waitUntil(() => own.isReady, 'the connection');
      const channelId = newChannel();
      const log = eventLog({ on: own });
      // A listener that left (and unsubscribes twice) does not take a later listener's channel with it.
      const gone = recorder();
      const unsubscribeGone = await log.tail(channelId, gone.listener);
      await unsubscribeGone();
      const { seen, listener } = recorder();
      await log.tail(channelId, listener);
      await unsubscribeGone();
      const subscribed = async () => (await feedSubscribers(own, channelId)) === 1;
      expect(await subscribed()).toBe(true);
      expect(seen.gaps).toBe(0);
      await own.client.clientKill({ filter: 'TYPE', type: 'pubsub' });
      await waitUntil(() => seen.gaps === 1, 'a gap after the reconnect');
      await waitUntil(subscribed, 'the renewed subscription');
      await log.append(channelId, [errorEvent(channelId, 1)]);
      await waitUntil(() => seen.events.length === 1, 'the event after the reconnect');
      expect(gone.seen).toEqual({ events: [], contacts: [], gaps: 0 });

      // A closed log follows no channel any more: its subscriber connection is gone, the main one stays.
      await log.close();
      await waitUntil(async () => (await own.client.clientList({ TYPE: 'PUBSUB' })).length === 0, 'no subscriber connection left');
      expect(await feedSubscribers(own, channelId)).toBe(0);
      expect(seen.gaps).toBe(1);
    } finally {
      await own.close();
      await server.kill();
    }
  });

  it('a subscription that fails is tried again by the next listener; canAccept follows the connection', async () => {
    const server = await DisposableRedis.start();
    await server.kill();
    const own = connection(server.url);
    const log = eventLog({ on: own, connectWaitMs: 200 });
    const channelId = newChannel();
    expect(log.canAccept()).toBe(false);
    await expect(log.tail(channelId, recorder().listener)).rejects.toThrow();
    try {
      await server.resume();
      await waitUntil(() => own.isReady, 'the connection to the restarted server');
      expect(log.canAccept()).toBe(true);
      const { seen, listener } = recorder();
      await waitUntil(
        async () =>
          log.tail(channelId, listener).then(
            () => true,
            () => false,
          ),
        'a subscription once the subscriber connected',
      );
      await log.append(channelId, [errorEvent(channelId, 1)]);
      await waitUntil(() => seen.events.length === 1, 'the event');
    } finally {
      await own.close();
      await server.kill();
    }
  });

  it('loads its script on a server that does not have it, then runs it by its hash', async () => {
    const server = await DisposableRedis.start();
    const own = connection(server.url);
    try {
      await waitUntil(() => own.isReady, 'the connection');
      const log = eventLog({ on: own });
      const channelId = newChannel();
      await log.append(channelId, [errorEvent(channelId, 1)]);
      await log.append(channelId, [errorEvent(channelId, 2)]);
      expect((await log.read(channelId, null, 10)).map((event) => (event.kind === 'error' ? event.payload.code : null))).toEqual([1, 2]);
      const stats = await own.client.info('commandstats');
      expect(stats).toMatch(/cmdstat_eval:calls=1,/);
      expect(stats).toMatch(/cmdstat_evalsha:calls=2,.*,failed_calls=1/);
    } finally {
      await own.close();
      await server.kill();
    }
  });
});

describeWithRedis('RedisEventLog: the event log contract', () => {
  eventLogContract('redis', () => eventLog());
});
