import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ErrorCode, HubgraphError } from '../errors.js';
import type { RedisConnection } from './redis.js';

export interface FairShareLimits {
  /** Operations one caller may have in flight on this instance. */
  maxInFlight: number;
  /** Query cost (MAX_QUERY_COST's measure) one caller may spend per second, across instances with Redis. */
  costPerSecond: number;
  /** Cost charged, after an operation ran, for each upstream call it made (a cache miss). */
  upstreamCallCost: number;
}

/** Callers remembered as out of budget before the ones past their second are dropped. */
const USED_UP_CALLERS_SWEEP_AT = 10_000;

/** The caller's share is used up: RATE_LIMITED, answered with HTTP 429 and Retry-After over HTTP (Apollo applies `extensions.http`). */
export class ShareUsedUpError extends HubgraphError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    /** For a used-up cost budget, the milliseconds until it refills; undefined for a refusal of operations in flight. */
    readonly budgetRefillsInMs?: number,
  ) {
    super(message, ErrorCode.RateLimited, {
      retryAfterSeconds,
      http: { status: 429, headers: new Map([['retry-after', String(retryAfterSeconds)]]) },
    });
  }
}

/**
 * Each caller's share of the gateway: a bounded number of operations in flight (per instance,
 * counted here) and a cost budget per second (rate-limiter-flexible; in Redis when configured, so
 * every instance spends one budget). Past either, the caller alone is refused with RATE_LIMITED
 * and `retryAfterSeconds`, before its work is done; other callers, subscriptions, webhooks and
 * health checks keep their share.
 */
export class FairShare {
  private readonly inFlight = new Map<string, number>();
  /**
   * Callers this instance found without budget, until their budget refills: refused at the door,
   * before their body is read, parsed or priced, so a caller repeating work past its budget costs
   * next to nothing instead of a full pass through the pipeline per refusal.
   */
  private readonly usedUpUntil = new Map<string, number>();
  private readonly budget: RateLimiterAbstract;
  /** A budget read bounded by REDIS_TIMEOUT_MS: a stalled Redis must not hold every operation. */
  private readonly bounded: <T>(command: Promise<T>) => Promise<T>;

  constructor(
    private readonly limits: FairShareLimits,
    redis: RedisConnection | null,
  ) {
    const common = { points: limits.costPerSecond, duration: 1 };
    this.budget = redis
      ? new RateLimiterRedis({ ...common, storeClient: redis.client, keyPrefix: redis.key('fair-share'), useRedisPackage: true, rejectIfRedisNotReady: true })
      : new RateLimiterMemory({ ...common, keyPrefix: 'fair-share' });
    this.bounded = redis ? (command) => redis.withTimeout(command) : (command) => command;
  }

  /** Throws RATE_LIMITED while this instance knows the caller's budget used up, until it refills: before anything of its request is parsed. */
  refuseIfUsedUp(key: string): void {
    const usedUpUntil = this.usedUpUntil.get(key);
    if (usedUpUntil === undefined) return;
    const msLeft = usedUpUntil - Date.now();
    if (msLeft > 0) throw this.budgetUsedUp(msLeft);
    this.usedUpUntil.delete(key);
  }

  /** Takes one of the caller's in-flight slots; the returned function gives it back (once). Throws RATE_LIMITED when none is free. */
  enter(key: string): () => void {
    this.refuseIfUsedUp(key);
    const held = this.inFlight.get(key) ?? 0;
    if (held >= this.limits.maxInFlight) {
      throw new ShareUsedUpError(
        `This caller already has ${this.limits.maxInFlight} operations in flight (MAX_OPERATIONS_IN_FLIGHT_PER_CALLER); retry when one has finished`,
        1,
      );
    }
    this.inFlight.set(key, held + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const remaining = (this.inFlight.get(key) ?? 1) - 1;
      if (remaining > 0) this.inFlight.set(key, remaining);
      else this.inFlight.delete(key);
    };
  }

  /**
   * Spends `cost` of the caller's budget of this second; RATE_LIMITED when it is used up. A store
   * that fails or stalls refuses nothing. Spent to the last point, the budget has nothing left for
   * the caller's next request, refused at the door.
   */
  async spend(key: string, cost: number): Promise<void> {
    if (cost <= 0) return;
    try {
      const spent = await this.bounded(this.budget.consume(key, Math.min(cost, this.limits.costPerSecond)));
      if (spent.remainingPoints <= 0) this.rememberUsedUp(key, Date.now() + spent.msBeforeNext);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return;
      this.rememberUsedUp(key, Date.now() + rejection.msBeforeNext);
      throw this.budgetUsedUp(rejection.msBeforeNext);
    }
  }

  /**
   * Charges refused input (an operation over MAX_QUERY_COST or refused by validation, a body
   * refused for its size or structure) `cost`: MAX_QUERY_COST, as an operation at the limit, and
   * as much again for each further MiB of body read (or, refused by its Content-Length, as far as it
   * would have been read). It was read, and maybe parsed or priced, for
   * its caller, and a caller repeating it is held to about MAX_COST_PER_SECOND_PER_CALLER / cost
   * refusals a second, the rest refused at the door.
   */
  async chargeRefused(key: string, cost: number): Promise<void> {
    await this.chargeWithoutRefusing(key, cost);
  }

  /**
   * Charges the upstream calls an operation made (its cache misses), UPSTREAM_CALL_COST each, once
   * it has run: a read the cache answers costs its estimate alone; one that reaches the upstream
   * costs what it took of the gateway and of the partner's upstream allowance, which every caller
   * shares. The operation that ran is not refused; its caller's next ones meet the door once the
   * budget is used up.
   */
  async chargeUpstreamCalls(key: string, calls: number): Promise<void> {
    await this.chargeWithoutRefusing(key, calls * this.limits.upstreamCallCost);
  }

  private async chargeWithoutRefusing(key: string, cost: number): Promise<void> {
    try {
      await this.spend(key, cost);
    } catch (error) {
      // The work was done (or refused for its own reason): what its caller gets stands.
      if (!(error instanceof ShareUsedUpError)) throw error;
    }
  }

  private budgetUsedUp(msBeforeNext: number): ShareUsedUpError {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return new ShareUsedUpError(
      `This caller's query cost budget (MAX_COST_PER_SECOND_PER_CALLER, ${this.limits.costPerSecond} per second) is used up; retry in ${seconds} s`,
      seconds,
      msBeforeNext,
    );
  }

  private rememberUsedUp(key: string, until: number): void {
    // Entries last at most a second; when many callers are refused at once, those past are dropped.
    if (this.usedUpUntil.size >= USED_UP_CALLERS_SWEEP_AT) {
      const now = Date.now();
      for (const [caller, at] of this.usedUpUntil) if (at <= now) this.usedUpUntil.delete(caller);
    }
    this.usedUpUntil.set(key, until);
  }
}
