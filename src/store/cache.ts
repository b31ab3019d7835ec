import { randomInt } from 'node:crypto';
import Keyv from 'keyv';
import { StoreUnavailableError } from '../errors.js';
import { fingerprint } from '../lib/secrets.js';

/** Who the cached data belongs to: the partner and a fingerprint of the credential used upstream. */
export interface Tenant {
  partnerId: string;
  credentialFingerprint: string;
}

/** Generation of a scope whose real generation could not be read: its reads bypass the cache. */
const UNKNOWN_GENERATION = -1;
const BYPASS = 'bypass:';

/** Deep-frozen in place: an entry of the in-process store is the very object every later hit gets. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** The store's answer, or `fallback` when Redis is lost (any other failure still throws). */
async function orWhenStoreLost<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof StoreUnavailableError) return fallback;
    throw error;
  }
}

/**
 * Response cache shared by all requests. Keys always start with the tenant, so one caller's
 * data can never be served to another (the flaw of URL-only keys). Invalidation bumps a
 * generation number per scope (e.g. a partner's channel listings); entries of older generations
 * are never read again and expire by TTL. Generations live in the same store, so every instance
 * on one Redis sees an invalidation made by another.
 *
 * With Redis lost, reads degrade to uncached upstream calls (fresh, so never stale): a scope
 * whose generation cannot be read is neither read from nor written to the cache, so no entry
 * can be stored under a generation that is not the current one. Invalidation does not degrade:
 * a lost one would let other instances serve stale data once Redis is back, so it throws.
 */
export class ResponseCache {
  private readonly filling = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: Keyv,
    /** Observes each lookup (metrics). */
    private readonly onLookup: (hit: boolean) => void = () => undefined,
    /**
     * The store keeps values as given (the in-process store, no serialization): entries are kept
     * as deep-frozen objects, so a hit costs no parse at all. Otherwise (Redis) they are JSON text.
     */
    private readonly storesObjects = false,
  ) {}

  private generationKey(tenant: Tenant, scope: string): string {
    return `gen:${tenant.partnerId}:${scope}`;
  }

  async generation(tenant: Tenant, scope: string): Promise<number> {
    const read = async () => (await this.store.get<number>(this.generationKey(tenant, scope))) ?? 0;
    return orWhenStoreLost(read, UNKNOWN_GENERATION);
  }

  /**
   * Makes every entry of the scope unreachable for every tenant credential of the partner. The
   * new generation is a fresh value rather than an increment: two instances invalidating at once
   * cannot both write the same number (a lost update that could revive a stale entry).
   */
  async invalidate(tenant: Tenant, scope: string): Promise<void> {
    await this.store.set(this.generationKey(tenant, scope), Date.now() * 1000 + randomInt(1000));
  }

  /** `request` is the request's stable text (readKey of its path and parameters, upstream-source.ts). */
  key(tenant: Tenant, scope: string, generation: number, request: string): string {
    if (generation === UNKNOWN_GENERATION) return BYPASS;
    return `res:${tenant.partnerId}:${tenant.credentialFingerprint}:${scope}:${generation}:${fingerprint(request)}`;
  }

  /**
   * A serializing store holds JSON text: keyv's default deserializer runs a reviver over every
   * value of an object, which made a cached 10-channel listing cost ~3x a plain JSON.parse
   * (bench/, scenario 3); a string is revived as one value. Anything else there counts as a miss.
   * In-process entries are the frozen objects themselves (parsing the page was the largest single
   * cost of a cached listing after the HTTP layer).
   */
  async get<T>(key: string): Promise<T | undefined> {
    const stored = key === BYPASS ? undefined : await orWhenStoreLost(() => this.store.get<unknown>(key), undefined);
    const value = this.storesObjects ? (stored as T | undefined) : typeof stored === 'string' ? (JSON.parse(stored) as T) : undefined;
    this.onLookup(value !== undefined);
    return value;
  }

  /**
   * The entry for a key that missed, loaded once however many requests miss it at the same time:
   * concurrent misses of one key (same tenant, scope, generation and request) share one upstream
   * call instead of each making its own when a popular entry expires under load. Per process.
   */
  async fill<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (key === BYPASS) return load();
    const pending = this.filling.get(key);
    if (pending) return pending as Promise<T>;
    const filled = load().then(async (value) => {
      await this.set(key, value, ttlMs);
      return value;
    });
    this.filling.set(key, filled);
    const settled = () => this.filling.delete(key);
    filled.then(settled, settled);
    return filled;
  }

  /** With an in-process store, `value` itself is frozen (callers must never mutate upstream answers). */
  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    if (ttlMs <= 0 || key === BYPASS) return;
    const entry = this.storesObjects ? deepFreeze(value) : JSON.stringify(value);
    await orWhenStoreLost(() => this.store.set(key, entry, ttlMs), true);
  }
}
