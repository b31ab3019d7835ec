/**
 * Which events one process already logged, for long enough to cover the upstream's re-delivery
 * window: a Map of key → expiry. The TTL is the same for every key, so insertion order is expiry
 * order and the oldest entries are dropped first, both when expired and when the bound is reached
 * (an entry evicted early can then be logged again: the bound wins over exactness, to keep memory
 * flat under floods of unique ids). With Redis the claim is part of the append script (append.lua).
 */
export class MemoryDedupStore {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.expiries.size;
  }

  /** true when the key was not seen within the TTL; it is remembered from now on. */
  claim(key: string): boolean {
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

  private sweep(now: number): void {
    for (const [key, expiry] of this.expiries) {
      if (expiry > now) break;
      this.expiries.delete(key);
    }
  }
}
