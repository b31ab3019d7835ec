import { describe, expect, it } from '@jest/globals';
import { BalanceLimiter } from '../../src/store/balance-limiter.js';
import { RateLimitedError, StoreUnavailableError } from '../../src/errors.js';

const ok = () => Promise.resolve('ok');

describe('BalanceLimiter', () => {
  it('lets `points` calls through per partner, then refuses with a retry time within the window', async () => {
    const limiter = new BalanceLimiter({ points: 2, windowMs: 30_000, maxWaitMs: 0 });
    await expect(limiter.schedule('p1', ok)).resolves.toBe('ok');
    await expect(limiter.schedule('p1', ok)).resolves.toBe('ok');
    const refused = limiter.schedule('p1', ok);
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refused).rejects.toMatchObject({
      retryAfterSeconds: 30,
      message: 'The usage and balance budget (2 requests per 30 s upstream) is spent for now; retry in 30 s',
    });
    // Budgets are per partner.
    await expect(limiter.schedule('p2', ok)).resolves.toBe('ok');
  });

  it('holds a slot while the call runs, so concurrent calls never exceed the budget', async () => {
    const limiter = new BalanceLimiter({ points: 3, windowMs: 30_000, maxWaitMs: 0 });
    let running = 0;
    let most = 0;
    const call = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return 'ok';
    };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => limiter.schedule('p', call)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(most).toBeLessThanOrEqual(3);
  });

  it('runs concurrent calls with one share key once, on one slot', async () => {
    const limiter = new BalanceLimiter({ points: 2, windowMs: 30_000, maxWaitMs: 0 });
    let calls = 0;
    const call = async () => {
      calls += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return calls;
    };
    await expect(Promise.all([limiter.schedule('p', call, 'k'), limiter.schedule('p', call, 'k'), limiter.schedule('p', call, 'k')])).resolves.toEqual([
      1, 1, 1,
    ]);
    expect(calls).toBe(1);
    await expect(limiter.schedule('p', call, 'other')).resolves.toBe(2);
    await expect(limiter.schedule('p', call, 'third')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('joins a share key only while its call is pending: a later call with the same key runs again', async () => {
    const limiter = new BalanceLimiter({ points: 5, windowMs: 30_000, maxWaitMs: 0 });
    let calls = 0;
    const call = async () => (calls += 1);
    await expect(limiter.schedule('p', call, 'k')).resolves.toBe(1);
    await expect(limiter.schedule('p', call, 'k')).resolves.toBe(2);
  });

  it('waits for a slot within maxWaitMs, telling onWait once per call that waited however often it retries', async () => {
    let waits = 0;
    const limiter = new BalanceLimiter({ points: 1, windowMs: 1_000, maxWaitMs: 5_000, onWait: () => (waits += 1) });
    // The first call holds the slot half a window; the slot is then held a window more, so the waiting call
    // usually wakes once before the slot is free and retries.
    const first = limiter.schedule('p', () => new Promise((resolve) => setTimeout(() => resolve('first'), 500)));
    const second = limiter.schedule('p', ok);
    await expect(first).resolves.toBe('first');
    expect(waits).toBe(1);
    await expect(second).resolves.toBe('ok');
    expect(waits).toBe(1);
  });

  it('a call failing for another reason than a 429 holds only its own slot, for one window', async () => {
    const limiter = new BalanceLimiter({ points: 2, windowMs: 30_000, maxWaitMs: 0 });
    await expect(limiter.schedule('p', () => Promise.reject(new Error('upstream 500')))).rejects.toThrow('upstream 500');
    await expect(limiter.schedule('p', ok)).resolves.toBe('ok');
    await expect(limiter.schedule('p', ok)).rejects.toBeInstanceOf(RateLimitedError);

    // And only for one window: the next call waits that long, then runs.
    const short = new BalanceLimiter({ points: 1, windowMs: 1_000, maxWaitMs: 5_000 });
    await expect(short.schedule('p', () => Promise.reject(new Error('upstream 500')))).rejects.toThrow('upstream 500');
    await expect(short.schedule('p', ok)).resolves.toBe('ok');
  });

  it('after an upstream 429 pauses every slot of the partner', async () => {
    const limiter = new BalanceLimiter({ points: 3, windowMs: 1_000, maxWaitMs: 0 });
    await expect(limiter.schedule('p', () => Promise.reject(new RateLimitedError('upstream 429', 20)))).rejects.toBeInstanceOf(RateLimitedError);
    await expect(limiter.schedule('p', ok)).rejects.toMatchObject({ retryAfterSeconds: 20 });
  });

  it('reports a store that does not answer as unavailable, not as a spent budget', async () => {
    const limiter = new BalanceLimiter({ points: 1, windowMs: 1_000, maxWaitMs: 0, redis: { client: { isReady: false }, keyPrefix: 'test' } });
    await expect(limiter.schedule('p', ok)).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

describe('BalanceLimiter slot held after the answer', () => {
  it('keeps a slot for a full window after the upstream answered, so no window sees more than `points` calls', async () => {
    // One slot of a 1 s window. The first call answers 600 ms after it took the slot; had the slot
    // been counted from when it was taken (a fixed window), the second call would start 400 ms later.
    const limiter = new BalanceLimiter({ points: 1, windowMs: 1_000, maxWaitMs: 5_000 });
    let firstAnswered = 0;
    let secondStarted = 0;
    const first = limiter.schedule('p', async () => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      firstAnswered = performance.now();
      return 'first';
    });
    const second = limiter.schedule('p', async () => {
      secondStarted = performance.now();
      return 'second';
    });
    await expect(Promise.all([first, second])).resolves.toEqual(['first', 'second']);
    // A lower bound only (timers never fire early); 1 ms for the two clocks' rounding.
    expect(secondStarted - firstAnswered).toBeGreaterThanOrEqual(999);
  });
});
