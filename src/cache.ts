import { createHash, randomInt } from 'node:crypto';
import Keyv from 'keyv';

/** Who the cached data belongs to: the partner and a fingerprint of the credential used upstream. */
export interface Tenant {
  partnerId: string;
  credentialFingerprint: string;
}

export function fingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 16);
}

/** Deterministic JSON (sorted keys) so equal parameters make equal keys. */
export function stableStringify(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableStringify(item)}`).join(',')}}`;
}

/**
 * Response cache shared by all requests. Keys always start with the tenant, so one caller's
 * data can never be served to another (the flaw of URL-only keys). Invalidation bumps a
 * generation number per scope (e.g. a partner's channel listings); entries of older generations
 * are never read again and expire by TTL. Generations live in the same store, so every instance
 * on one Redis sees an invalidation made by another.
 */
export class ResponseCache {
  constructor(
    private readonly store: Keyv,
    /** Observes each lookup (metrics). */
    private readonly onLookup: (hit: boolean) => void = () => undefined,
  ) {}

  private generationKey(tenant: Tenant, scope: string): string {
    return `gen:${tenant.partnerId}:${scope}`;
  }

  async generation(tenant: Tenant, scope: string): Promise<number> {
    return ((await this.store.get<number>(this.generationKey(tenant, scope))) ?? 0) as number;
  }

  /**
   * Makes every entry of the scope unreachable for every tenant credential of the partner. The
   * new generation is a fresh value rather than an increment: two instances invalidating at once
   * cannot both write the same number (a lost update that could revive a stale entry).
   */
  async invalidate(tenant: Tenant, scope: string): Promise<void> {
    await this.store.set(this.generationKey(tenant, scope), Date.now() * 1000 + randomInt(1000));
  }

  key(tenant: Tenant, scope: string, generation: number, request: unknown): string {
    return `res:${tenant.partnerId}:${tenant.credentialFingerprint}:${scope}:${generation}:${fingerprint(stableStringify(request))}`;
  }

  /**
   * Entries are stored as JSON text: keyv's default deserializer runs a reviver over every value
   * of an object, which made a cached 10-channel listing cost ~3x a plain JSON.parse (bench/,
   * scenario 3); a string is revived as one value. Anything else under the key counts as a miss.
   */
  async get<T>(key: string): Promise<T | undefined> {
    const text = await this.store.get<string>(key);
    const value = typeof text === 'string' ? (JSON.parse(text) as T) : undefined;
    this.onLookup(value !== undefined);
    return value;
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    if (ttlMs > 0) await this.store.set(key, JSON.stringify(value), ttlMs);
  }
}
