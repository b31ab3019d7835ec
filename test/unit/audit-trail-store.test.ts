import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { serviceActor } from '../../src/identity/actor.js';
import { createLogger } from '../../src/observability/logger.js';
import { MemoryAuditTrail, RedisAuditTrail, type AuditTrail, type AuditWrite } from '../../src/store/audit-trail.js';
import { RedisConnection } from '../../src/store/redis.js';
import { describeWithRedis, dropNamespace, namespaceKeys, TEST_REDIS_MODE, testRedisUrl, uniqueNamespace } from '../support/redis.js';
import { waitUntil } from '../support/events.js';

const DAY = 24 * 60 * 60 * 1000;
const RETENTION = 90 * DAY;

const write = (overrides: Partial<AuditWrite> = {}): AuditWrite => ({
  actor: serviceActor('gateway-token-1'),
  operation: 'sendMessage',
  clientId: null,
  channelId: 'channel-001',
  messageId: null,
  outcome: 'DONE',
  code: null,
  ...overrides,
});

/** What both stores promise: newest first, filters, cursor paging, and nothing answered past the retention. */
function auditTrailContract(make: (now: () => number) => AuditTrail) {
  let clock = Date.UTC(2026, 10, 1);
  let trail: AuditTrail;
  // Made once the suite's own set-up (a Redis connection) has run.
  beforeAll(() => {
    trail = make(() => clock);
  });
  let partner = 0;
  const nextPartner = () => `partner-${++partner}`;

  it('answers newest first, a page at a time, with a cursor that continues where the page ended', async () => {
    const partnerId = nextPartner();
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      clock += 1;
      ids.push((await trail.record(partnerId, write({ operation: `op${index}` }))).id);
    }
    const first = await trail.page(partnerId, { first: 2, after: null, actor: null, channelId: null });
    expect(first.nodes.map((entry) => entry.operation)).toEqual(['op4', 'op3']);
    expect(first.hasMore).toBe(true);
    const second = await trail.page(partnerId, { first: 2, after: first.endCursor, actor: null, channelId: null });
    expect(second.nodes.map((entry) => entry.operation)).toEqual(['op2', 'op1']);
    const last = await trail.page(partnerId, { first: 2, after: second.endCursor, actor: null, channelId: null });
    expect(last.nodes.map((entry) => entry.operation)).toEqual(['op0']);
    expect(last.hasMore).toBe(false);
    expect(last.nodes[0]).toMatchObject({
      id: ids[0],
      at: new Date(clock - 4).toISOString(),
      actor: { kind: 'SERVICE', subject: 'gateway-token-1', name: null },
    });
    const empty = await trail.page(partnerId, { first: 2, after: last.endCursor, actor: null, channelId: null });
    expect(empty).toEqual({ nodes: [], endCursor: null, hasMore: false });
  });

  it('filters by actor, by channel and by both, and keeps each partner to its own trail', async () => {
    const partnerId = nextPartner();
    const writes = [
      write({ actor: serviceActor('gateway-token-1'), channelId: 'channel-001', operation: 'a' }),
      write({ actor: serviceActor('gateway-token-2'), channelId: 'channel-001', operation: 'b' }),
      write({ actor: serviceActor('gateway-token-2'), channelId: 'channel-002', operation: 'c' }),
      write({ actor: serviceActor('gateway-token-2'), channelId: null, clientId: 'client-1', operation: 'd' }),
    ];
    for (const each of writes) {
      clock += 1;
      await trail.record(partnerId, each);
    }
    const operations = async (actor: string | null, channelId: string | null, of = partnerId) =>
      (await trail.page(of, { first: 10, after: null, actor, channelId })).nodes.map((entry) => entry.operation);
    expect(await operations(null, null)).toEqual(['d', 'c', 'b', 'a']);
    expect(await operations('gateway-token-2', null)).toEqual(['d', 'c', 'b']);
    expect(await operations(null, 'channel-001')).toEqual(['b', 'a']);
    expect(await operations('gateway-token-2', 'channel-001')).toEqual(['b']);
    expect(await operations('gateway-token-3', null)).toEqual([]);
    expect(await operations(null, null, nextPartner())).toEqual([]);
  });

  it('answers no entry older than the retention, and trims it on the next write', async () => {
    const partnerId = nextPartner();
    await trail.record(partnerId, write({ operation: 'old' }));
    clock += RETENTION - 1;
    await trail.record(partnerId, write({ operation: 'recent' }));
    const read = async () => (await trail.page(partnerId, { first: 10, after: null, actor: null, channelId: null })).nodes.map((entry) => entry.operation);
    expect(await read()).toEqual(['recent', 'old']);
    clock += 2;
    expect(await read()).toEqual(['recent']);
    expect((await trail.page(partnerId, { first: 10, after: null, actor: 'gateway-token-1', channelId: 'channel-001' })).nodes).toHaveLength(1);
  });

  it('refuses a page size outside 1..200 and a cursor that is not one of its own', async () => {
    const partnerId = nextPartner();
    for (const first of [0, 201]) {
      await expect(trail.page(partnerId, { first, after: null, actor: null, channelId: null })).rejects.toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field: 'first' },
      });
    }
    await expect(trail.page(partnerId, { first: 1, after: 'bm90LWEtY3Vyc29y', actor: null, channelId: null })).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'after' },
    });
  });
}

describe('MemoryAuditTrail', () => {
  auditTrailContract((now) => new MemoryAuditTrail(RETENTION, now));

  it('drops expired entries from memory on a write', async () => {
    let clock = 1_000_000;
    const trail = new MemoryAuditTrail(RETENTION, () => clock);
    await trail.record('p', write());
    clock += RETENTION + 1;
    await trail.record('p', write());
    expect((trail as unknown as { entries: Map<string, unknown[]> }).entries.get('p')).toHaveLength(1);
  });
});

describeWithRedis('RedisAuditTrail', () => {
  const namespace = uniqueNamespace('audit-trail');
  let redis: RedisConnection;
  beforeAll(async () => {
    redis = new RedisConnection({ url: testRedisUrl(), mode: TEST_REDIS_MODE, namespace, timeoutMs: 2_000, logger: createLogger('silent') });
    // A cluster client has no slot map to route a transaction by until it is ready.
    await waitUntil(() => redis.isReady, 'the Redis connection');
  });
  afterAll(async () => {
    await redis.close();
    await dropNamespace(namespace);
  });

  auditTrailContract((now) => new RedisAuditTrail(redis, RETENTION, now));

  it('keeps a partner under one hash tag, trims expired members on a write and expires each set after the retention', async () => {
    let clock = Date.UTC(2026, 10, 1);
    const trail = new RedisAuditTrail(redis, RETENTION, () => clock);
    await trail.record('partner-ttl', write({ operation: 'old' }));
    clock += RETENTION + 1;
    await trail.record('partner-ttl', write({ operation: 'new' }));
    const keys = await namespaceKeys(namespace, undefined, 'audit:{partner-ttl}:*');
    // all, by actor, by channel, by both: every one on the partner's slot.
    expect(keys).toHaveLength(4);
    for (const key of keys) {
      expect(await redis.command<number>(key, ['ZCARD', key])).toBe(1);
      const ttl = await redis.command<number>(key, ['PTTL', key]);
      expect(ttl).toBeGreaterThan(RETENTION - 60_000);
      expect(ttl).toBeLessThanOrEqual(RETENTION);
    }
  });
});
