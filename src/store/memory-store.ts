import { LRUCache } from 'lru-cache';

/** What the response cache may hold in process memory, and how often its expired entries are dropped. */
export interface MemoryStoreLimits {
  /** Approximate bytes of cached responses (their JSON size plus a fixed overhead per entry). */
  maxResponseBytes: number;
  /** How often entries past their TTL are dropped, whether or not anyone reads them again. */
  sweepIntervalMs: number;
}

/** Bookkeeping of one entry beyond its JSON: the key, the wrapper keyv adds, the LRU's own links. */
const ENTRY_OVERHEAD_BYTES = 256;

interface Lasting {
  value: unknown;
  expiresAt: number;
}

/**
 * The in-process keyv store (no Redis), bounded. Keyv alone, over a Map, drops an expired entry only
 * when its key is read again and never caps its size, so distinct reads grew the heap for ever.
 * Response-cache entries, which any caller can multiply by asking for distinct pages, live in an
 * LRU (lru-cache) bounded by their approximate size, evicting the least recently used first and
 * dropping entries past their TTL on every sweep. Everything else (encrypted API keys, cache
 * generations, idempotency records, media failures) must not be evicted to make room for reads: an
 * evicted key or idempotency record would change an answer. Those are written only by
 * authenticated writes and expire by their own TTL (swept likewise), so their number is bounded by
 * the writes themselves.
 */
export class BoundedMemoryStore {
  private readonly responses: LRUCache<string, { value: unknown }>;
  private readonly lasting = new Map<string, Lasting>();
  private readonly sweeper: NodeJS.Timeout;

  /** Response-cache entries (ResponseCache.key, `res:<partner>:…`) as keyv prefixes them with its namespace. */
  private readonly responsePrefix: string;

  constructor(namespace: string, limits: MemoryStoreLimits) {
    this.responsePrefix = `${namespace}:res:`;
    this.responses = new LRUCache({
      maxSize: limits.maxResponseBytes,
      sizeCalculation: (entry, key) => ENTRY_OVERHEAD_BYTES + key.length + (JSON.stringify(entry.value)?.length ?? 0),
      // Larger than the whole bound: refused (never stored) instead of evicting everything.
      maxEntrySize: limits.maxResponseBytes,
    });
    this.sweeper = setInterval(() => this.sweep(), limits.sweepIntervalMs);
    this.sweeper.unref();
  }

  /** Bytes the cached responses take by the LRU's count (at most `maxResponseBytes`). */
  get responseBytes(): number {
    return this.responses.calculatedSize;
  }

  /** Entries held, cached responses and the rest. */
  get size(): number {
    return this.responses.size + this.lasting.size;
  }

  get(key: string): unknown {
    if (key.startsWith(this.responsePrefix)) return this.responses.get(key)?.value;
    const entry = this.lasting.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.lasting.delete(key);
      return undefined;
    }
    return entry?.value;
  }

  /** Keyv passes its TTL in milliseconds (undefined: no expiry). */
  set(key: string, value: unknown, ttl?: number): boolean {
    const expiresIn = typeof ttl === 'number' && ttl > 0 ? ttl : undefined;
    if (key.startsWith(this.responsePrefix)) this.responses.set(key, { value }, { ttl: expiresIn });
    else this.lasting.set(key, { value, expiresAt: expiresIn === undefined ? Number.POSITIVE_INFINITY : Date.now() + expiresIn });
    return true;
  }

  /** Every cached response with keyv's stored form (`{value, expires}`), most recently used first: for inspection. */
  *responseEntries(): Generator<[string, unknown]> {
    for (const [key, entry] of this.responses.entries()) yield [key, entry.value];
  }

  delete(key: string): boolean {
    return this.responses.delete(key) || this.lasting.delete(key);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  clear(): void {
    this.responses.clear();
    this.lasting.clear();
  }

  /** Drops every entry past its TTL. */
  sweep(): void {
    this.responses.purgeStale();
    const now = Date.now();
    for (const [key, entry] of this.lasting) if (entry.expiresAt <= now) this.lasting.delete(key);
  }

  disconnect(): void {
    clearInterval(this.sweeper);
  }
}
