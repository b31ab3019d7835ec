import type { RedisClient } from '../store/redis.js';

/**
 * Remembers which events were already published, for long enough to cover the upstream's
 * re-delivery window (7 days). `claim` is atomic: of several instances receiving the same
 * re-delivered notification at once, exactly one gets true.
 */
export interface DedupStore {
  /** true when the key was not seen within the TTL; it is remembered from now on. */
  claim(key: string): Promise<boolean>;
  /** Forgets a claim whose event could not be published, so a re-delivery may publish it. */
  release(key: string): Promise<void>;
}

/**
 * One process's memory: a Map of key → expiry. The TTL is the same for every key, so insertion
 * order is expiry order and the oldest entries are dropped first, both when expired and when the
 * bound is reached (an entry evicted early can then be published again: the bound wins over
 * exactness, to keep memory flat under floods of unique ids).
 */
export class MemoryDedupStore implements DedupStore {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.expiries.size;
  }

  async claim(key: string): Promise<boolean> {
    const now = this.now();
    this.sweep(now);
    const expiry = this.expiries.get(key);
    if (expiry !== undefined && expiry > now) return false;
    this.expiries.delete(key);
    while (this.expiries.size >= this.maxEntries) {
      const oldest = this.expiries.keys().next().value;
      if (oldest === undefined) break;
      this.expiries.delete(oldest);
    }
    this.expiries.set(key, now + this.ttlMs);
    return true;
  }

  async release(key: string): Promise<void> {
    this.expiries.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, expiry] of this.expiries) {
      if (expiry > now) break;
      this.expiries.delete(key);
    }
  }
}

/** Shared by every instance on one Redis: `SET key 1 NX PX ttl`, bounded by expiry. */
export class RedisDedupStore implements DedupStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly ttlMs: number,
    /** Bounds the wait for Redis's answer (RedisConnection.withTimeout), so a hung Redis cannot hang a delivery. */
    private readonly bounded: <T>(command: Promise<T>) => Promise<T> = (command) => command,
  ) {}

  async claim(key: string): Promise<boolean> {
    const reply = await this.bounded(
      this.client.set(`${this.prefix}${key}`, '1', {
        condition: 'NX',
        expiration: { type: 'PX', value: this.ttlMs },
      }),
    );
    return reply === 'OK';
  }

  async release(key: string): Promise<void> {
    await this.bounded(this.client.del(`${this.prefix}${key}`));
  }
}
