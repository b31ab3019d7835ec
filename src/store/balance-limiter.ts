import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError, StoreUnavailableError } from '../errors.js';

export interface BalanceLimiterOptions {
  /** Upstream calls allowed per window and partner (A2: 5). */
  points: number;
  /** Window length (A2: 30 s); rounded up to whole seconds, the resolution of Redis expiry. */
  windowMs: number;
  /** How long a call over budget waits for a slot before it fails with RATE_LIMITED. */
  maxWaitMs: number;
  /** Shared budget of every instance on one Redis; absent: this process only. */
  redis?: { client: unknown; keyPrefix: string } | undefined;
  /** Metrics: a call had to wait for a slot (once per call), a call was refused with RATE_LIMITED. */
  onWait?: () => void;
  onReject?: () => void;
  /** Bounds the wait for Redis's answer (RedisConnection.withTimeout), so a hung Redis fails the call instead of hanging it. */
  bounded?: <T>(command: Promise<T>) => Promise<T>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A sliding-window budget per partner for A2 (5 requests / 30 s upstream).
 *
 * The budget is `points` slots, each a rate-limiter-flexible key worth one point. A call takes
 * a free slot, and when the upstream has answered the slot is held for one full window more.
 * A slot therefore serves at most one call that reaches the upstream in any window, whatever
 * the timing: no window of the upstream's own clock, fixed or sliding, can ever see more than
 * `points` calls. (A plain fixed-window counter lets 2×points through around a window edge.)
 * With Redis the slots are shared, so several instances spend one budget.
 */
export class BalanceLimiter {
  private readonly slots: RateLimiterAbstract;
  private readonly windowSeconds: number;
  /** Calls waiting for or holding a slot, by request identity: concurrent identical requests spend one. */
  private readonly shared = new Map<string, Promise<unknown>>();

  constructor(private readonly options: BalanceLimiterOptions) {
    this.windowSeconds = Math.max(1, Math.ceil(options.windowMs / 1000));
    const common = { points: 1, duration: this.windowSeconds };
    this.slots = options.redis
      ? new RateLimiterRedis({
          ...common,
          storeClient: options.redis.client,
          keyPrefix: options.redis.keyPrefix,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
        })
      : new RateLimiterMemory({ ...common, keyPrefix: 'a2-balance' });
  }

  /**
   * Runs `call` within the partner's budget: waits at most maxWaitMs for a slot, else RATE_LIMITED.
   * A call with the `shareKey` of one already waiting or running in this process joins it.
   */
  schedule<T>(partnerId: string, call: () => Promise<T>, shareKey?: string): Promise<T> {
    if (shareKey === undefined) return this.run(partnerId, call);
    const pending = this.shared.get(shareKey);
    if (pending) return pending as Promise<T>;
    const promise = this.run(partnerId, call);
    this.shared.set(shareKey, promise);
    const forget = () => this.shared.delete(shareKey);
    promise.then(forget, forget);
    return promise;
  }

  private async run<T>(partnerId: string, call: () => Promise<T>): Promise<T> {
    const slot = await this.acquire(partnerId);
    let pauseSeconds = 0;
    try {
      return await call();
    } catch (error) {
      // Another client of the partner spent the upstream budget: nobody calls until it says so.
      if (error instanceof RateLimitedError) pauseSeconds = Math.max(1, error.retryAfterSeconds);
      throw error;
    } finally {
      await this.release(partnerId, slot, pauseSeconds);
    }
  }

  private key(partnerId: string, slot: number): string {
    return `${partnerId}:${slot}`;
  }

  private async acquire(partnerId: string): Promise<number> {
    const deadline = Date.now() + this.options.maxWaitMs;
    let waited = false;
    for (;;) {
      let waitMs = Number.POSITIVE_INFINITY;
      for (let slot = 0; slot < this.options.points; slot += 1) {
        try {
          const consumed = this.slots.consume(this.key(partnerId, slot));
          await (this.options.bounded ? this.options.bounded(consumed) : consumed);
          return slot;
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) {
            throw new StoreUnavailableError();
          }
          waitMs = Math.min(waitMs, Math.max(rejection.msBeforeNext, 0));
        }
      }
      if (Date.now() + waitMs > deadline) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        this.options.onReject?.();
        throw new RateLimitedError(
          `The usage and balance budget (${this.options.points} requests per ${this.windowSeconds} s upstream) is spent for now; retry in ${seconds} s`,
          seconds,
        );
      }
      if (!waited) this.options.onWait?.();
      waited = true;
      // A few ms past the expiry, so the key is really gone when we try again.
      await sleep(waitMs + 5);
    }
  }

  private async release(partnerId: string, slot: number, pauseSeconds: number): Promise<void> {
    const seconds = Math.max(pauseSeconds, this.windowSeconds);
    const slots = pauseSeconds > 0 ? [...Array(this.options.points).keys()] : [slot];
    // If the store fails here the slot still expires one window after it was taken: only the margin is lost.
    await Promise.all(slots.map((index) => this.slots.block(this.key(partnerId, index), seconds))).catch(() => undefined);
  }
}
