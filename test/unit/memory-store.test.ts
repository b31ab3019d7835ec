import { afterEach, describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import { fingerprint } from '../../src/lib/secrets.js';
import { stableStringify } from '../../src/lib/stable-stringify.js';
import { ResponseCache, type Tenant } from '../../src/store/cache.js';
import { BoundedMemoryStore } from '../../src/store/memory-store.js';
import { KeyStore } from '../../src/store/keystore.js';

const TENANT: Tenant = { partnerId: 'partner-1', credentialFingerprint: fingerprint('token') };
const NAMESPACE = 'hubgraph';
/** A listing page of about 400 bytes of JSON, as a distinct read would cache it. */
const pageOf = (index: number) => ({
  total: 1,
  data: [{ id: `channel-${index}`, setup_info: { phone_number: `+49151${String(index).padStart(8, '0')}` }, filler: 'x'.repeat(300) }],
});

const stores: BoundedMemoryStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.disconnect();
});

function boundedCache(maxResponseBytes: number) {
  const store = new BoundedMemoryStore(NAMESPACE, { maxResponseBytes, sweepIntervalMs: 60_000 });
  stores.push(store);
  const keyv = new Keyv({ store, namespace: NAMESPACE, serialize: undefined, deserialize: undefined });
  return { store, keyv, cache: new ResponseCache(keyv, undefined, true) };
}

async function fillDistinct(cache: ResponseCache, count: number, ttlMs: number) {
  const generation = await cache.generation(TENANT, 'channels');
  for (let index = 0; index < count; index += 1) {
    await cache.set(cache.key(TENANT, 'channels', generation, stableStringify(['/channels', { offset: index }])), pageOf(index), ttlMs);
  }
}

describe('BoundedMemoryStore: the in-process store stays within its bound', () => {
  it('50,000 distinct reads past their TTL: the store never holds more than its bound, and nothing once swept', async () => {
    const bound = 2 * 1024 * 1024;
    const { store, cache } = boundedCache(bound);
    await fillDistinct(cache, 50_000, 50);
    // 50,000 pages of ~0.7 KB each would be ~35 MB: the least recently used went first.
    expect(store.responseBytes).toBeLessThanOrEqual(bound);
    expect(store.responseBytes).toBeGreaterThan(bound / 2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    store.sweep();
    expect(store.responseBytes).toBe(0);
    expect(store.size).toBe(0);
  });

  it('serves a fresh entry as the frozen object it stored, and nothing past its TTL', async () => {
    const { cache } = boundedCache(1024 * 1024);
    const key = cache.key(TENANT, 'channels', 0, stableStringify(['/channels', {}]));
    await cache.set(key, pageOf(1), 40);
    const hit = await cache.get<ReturnType<typeof pageOf>>(key);
    expect(hit).toEqual(pageOf(1));
    expect(Object.isFrozen(hit)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await cache.get(key)).toBeUndefined();
  });

  it('never evicts what is not a cached response: API keys and cache generations survive a flood of reads', async () => {
    const { keyv, cache, store } = boundedCache(64 * 1024);
    const keys = new KeyStore(keyv, 'test-keystore-secret-0123456789', {});
    await keys.set('partner-1', 'channel-001', 'api-key-1');
    await cache.invalidate(TENANT, 'channels');
    const generation = await cache.generation(TENANT, 'channels');
    await fillDistinct(cache, 5_000, 60_000);
    expect(store.responseBytes).toBeLessThanOrEqual(64 * 1024);
    expect(await keys.get('partner-1', 'channel-001')).toBe('api-key-1');
    expect(await cache.generation(TENANT, 'channels')).toBe(generation);
  });

  it('drops other entries past their TTL on a sweep too, and refuses nothing it can hold', () => {
    const store = new BoundedMemoryStore(NAMESPACE, { maxResponseBytes: 1024, sweepIntervalMs: 60_000 });
    stores.push(store);
    store.set(`${NAMESPACE}:idem:1`, { state: 'done' }, 1);
    store.set(`${NAMESPACE}:apikey:1`, 'sealed');
    const until = Date.now() + 5;
    while (Date.now() < until) {
      // Past the 1 ms TTL.
    }
    store.sweep();
    expect(store.get(`${NAMESPACE}:idem:1`)).toBeUndefined();
    expect(store.get(`${NAMESPACE}:apikey:1`)).toBe('sealed');
    expect(store.size).toBe(1);
    // A response larger than the whole bound is not stored (it would evict everything else).
    store.set(`${NAMESPACE}:res:p:big`, { value: 'x'.repeat(2048) }, 60_000);
    expect(store.get(`${NAMESPACE}:res:p:big`)).toBeUndefined();
  });
});
