import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createLogger } from '../../src/observability/logger.js';
import { FairShare, ShareUsedUpError } from '../../src/store/fair-share.js';
import { RedisConnection } from '../../src/store/redis.js';
import { describeWithRedis, dropNamespace, TEST_REDIS_MODE, testRedisUrl, uniqueNamespace } from '../support/redis.js';
import { waitUntil } from '../support/events.js';
import { freePort } from '../support/free-port.mjs';

/** One caller's share on one instance (no Redis): the in-flight bound and the cost budget of each second. */

const LIMITS = { maxInFlight: 2, costPerSecond: 100, upstreamCallCost: 25 };

async function refusal(work: Promise<unknown> | (() => unknown)): Promise<ShareUsedUpError> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    expect(error).toBeInstanceOf(ShareUsedUpError);
    return error as ShareUsedUpError;
  }
  throw new Error('expected RATE_LIMITED');
}

describe('FairShare: operations in flight', () => {
  it('refuses a caller past its in-flight bound with RATE_LIMITED, retry in 1 s, while another caller enters', async () => {
    const share = new FairShare(LIMITS, null);
    share.enter('a');
    share.enter('a');
    const error = await refusal(() => share.enter('a'));
    expect(error.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1, http: { status: 429 } });
    expect(error.retryAfterSeconds).toBe(1);
    expect(error.message).toBe('This caller already has 2 operations in flight (MAX_OPERATIONS_IN_FLIGHT_PER_CALLER); retry when one has finished');
    expect(() => share.enter('b')).not.toThrow();
  });

  it('gives a slot back when the operation leaves, once however often it says so', async () => {
    const share = new FairShare(LIMITS, null);
    const leave = share.enter('a');
    share.enter('a');
    leave();
    leave();
    share.enter('a');
    await refusal(() => share.enter('a'));
  });

  it('lets a caller in again once every slot is given back', () => {
    const share = new FairShare({ ...LIMITS, maxInFlight: 1 }, null);
    share.enter('a')();
    share.enter('a')();
    expect(() => share.enter('a')).not.toThrow();
  });
});

describe('FairShare: query cost per second', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00.200Z') });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("refuses the spend past the second's budget with the seconds until it refills, and nothing of another caller", async () => {
    const share = new FairShare(LIMITS, null);
    await share.spend('a', 60);
    const error = await refusal(share.spend('a', 60));
    expect(error.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1, http: { status: 429 } });
    // Over HTTP, Apollo sets the answer's headers from extensions.http.
    expect((error.extensions.http as { headers: Map<string, string> }).headers).toEqual(new Map([['retry-after', '1']]));
    expect(error.message).toBe("This caller's query cost budget (MAX_COST_PER_SECOND_PER_CALLER, 100 per second) is used up; retry in 1 s");
    await expect(share.spend('b', 60)).resolves.toBeUndefined();
  });

  it('charges a cost over the whole budget as the whole budget, so it runs once', async () => {
    const share = new FairShare(LIMITS, null);
    await expect(share.spend('a', 5_000)).resolves.toBeUndefined();
    await refusal(share.spend('a', 1));
  });

  it('spends nothing for an operation that costs nothing', async () => {
    const share = new FairShare({ ...LIMITS, costPerSecond: 1 }, null);
    await share.spend('a', 0);
    await share.spend('a', -5);
    await expect(share.spend('a', 1)).resolves.toBeUndefined();
  });

  it('never refuses an operation that costs nothing, even past the budget', async () => {
    const share = new FairShare(LIMITS, null);
    await share.spend('a', 60);
    await refusal(share.spend('a', 60));
    await expect(share.spend('a', 0)).resolves.toBeUndefined();
  });

  it('refuses the next operation at the door once the budget is spent to the last point, not before', async () => {
    const share = new FairShare(LIMITS, null);
    await share.spend('a', 100);
    expect((await refusal(() => share.enter('a'))).retryAfterSeconds).toBe(1);
    await share.spend('b', 99);
    expect(() => share.enter('b')).not.toThrow();
  });

  it('refuses a caller without budget at the door until its budget refills', async () => {
    const share = new FairShare(LIMITS, null);
    await share.spend('a', 60);
    await refusal(share.spend('a', 60));
    const atTheDoor = await refusal(() => share.enter('a'));
    expect(atTheDoor.retryAfterSeconds).toBe(1);
    expect(atTheDoor.message).toMatch(/query cost budget .* is used up; retry in 1 s$/);
    expect(() => share.enter('b')).not.toThrow();
    jest.advanceTimersByTime(1_000);
    expect(() => share.enter('a')).not.toThrow();
    await expect(share.spend('a', 60)).resolves.toBeUndefined();
  });

  it('charges a refused operation the limit it was refused at without refusing the charge itself', async () => {
    const share = new FairShare(LIMITS, null);
    await share.chargeRefused('a', 60);
    await refusal(share.spend('a', 60));
    await expect(share.chargeRefused('a', 60)).resolves.toBeUndefined();
    await refusal(() => share.enter('a'));
  });

  it('charges the upstream calls an operation made, UPSTREAM_CALL_COST each, without refusing the operation that made them', async () => {
    const share = new FairShare(LIMITS, null);
    // Two calls at 25: half the budget of 100; two more use it up, so the caller's next operation meets the door.
    await share.chargeUpstreamCalls('a', 2);
    await expect(share.spend('a', 50)).resolves.toBeUndefined();
    await expect(share.chargeUpstreamCalls('a', 2)).resolves.toBeUndefined();
    const atTheDoor = await refusal(() => share.enter('a'));
    expect(atTheDoor.budgetRefillsInMs).toBeGreaterThan(0);
    expect(atTheDoor.budgetRefillsInMs).toBeLessThanOrEqual(1_000);
    expect(() => share.enter('b')).not.toThrow();
  });

  it('charges nothing for an operation the cache answered whole', async () => {
    const share = new FairShare(LIMITS, null);
    await share.chargeUpstreamCalls('a', 0);
    await expect(share.spend('a', 100)).resolves.toBeUndefined();
  });

  it('answers a refusal for operations in flight at once: it names no refill', async () => {
    const share = new FairShare(LIMITS, null);
    share.enter('a');
    share.enter('a');
    expect((await refusal(() => share.enter('a'))).budgetRefillsInMs).toBeUndefined();
  });
});

describeWithRedis('FairShare on Redis', () => {
  const namespace = uniqueNamespace('fair-share');
  const connections: RedisConnection[] = [];
  const connection = (url = testRedisUrl(), mode = TEST_REDIS_MODE) => {
    const created = new RedisConnection({ url, mode, namespace, timeoutMs: 2_000, logger: createLogger('silent') });
    connections.push(created);
    return created;
  };

  beforeAll(async () => {
    const first = connection();
    await waitUntil(() => first.isReady, 'the Redis connection');
  });

  afterAll(async () => {
    await dropNamespace(namespace);
    for (const opened of connections) await opened.close();
  });

  it('spends one budget across instances', async () => {
    const [redis, other] = [connections[0], connection()];
    await waitUntil(() => other.isReady, 'the second Redis connection');
    const [one, two] = [new FairShare(LIMITS, redis), new FairShare(LIMITS, other)];
    // The budget is per second: a second that ends between the two spends gives a fresh one, so a few callers are tried.
    let refused: ShareUsedUpError | undefined;
    for (let caller = 0; caller < 3 && !refused; caller += 1) {
      await one.spend(`caller-${caller}`, 100);
      refused = await two.spend(`caller-${caller}`, 1).then(
        () => undefined,
        (error: unknown) => error as ShareUsedUpError,
      );
    }
    expect(refused).toBeInstanceOf(ShareUsedUpError);
  });

  it('refuses nothing while its Redis cannot be reached', async () => {
    const unreachable = connection(`redis://127.0.0.1:${await freePort()}`, 'standalone');
    const share = new FairShare(LIMITS, unreachable);
    await expect(share.spend('a', 100)).resolves.toBeUndefined();
    await expect(share.spend('a', 100)).resolves.toBeUndefined();
    expect(() => share.enter('a')).not.toThrow();
  });
});
