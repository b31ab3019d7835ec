import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import { ResponseCache, stableStringify, type Tenant } from '../../src/store/cache.js';

const TENANT: Tenant = { partnerId: 'partner-1', credentialFingerprint: 'fp' };
const PAGE = { total: 1, data: [{ id: 'channel-001', setup_info: { phone_number: '+4915100000001' } }] };

async function cachedTwice(cache: ResponseCache) {
  const key = cache.key(TENANT, 'channels', await cache.generation(TENANT, 'channels'), stableStringify(['/channels', { limit: '10' }]));
  await cache.set(key, structuredClone(PAGE), 60_000);
  return [await cache.get<typeof PAGE>(key), await cache.get<typeof PAGE>(key)] as const;
}

describe('ResponseCache entries', () => {
  it('in the in-process store: one deep-frozen object shared by every hit, no parse', async () => {
    const [first, second] = await cachedTwice(new ResponseCache(new Keyv({ serialize: undefined, deserialize: undefined }), undefined, true));
    expect(first).toEqual(PAGE);
    expect(second).toBe(first);
    expect(Object.isFrozen(first!.data[0].setup_info)).toBe(true);
    expect(() => {
      first!.data[0].setup_info.phone_number = 'changed';
    }).toThrow(TypeError);
  });

  it('in a serializing store: JSON text, each hit a fresh copy', async () => {
    const [first, second] = await cachedTwice(new ResponseCache(new Keyv()));
    expect(first).toEqual(PAGE);
    expect(second).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
  });
});

describe('ResponseCache.fill', () => {
  const keyOf = async (cache: ResponseCache) =>
    cache.key(TENANT, 'channels', await cache.generation(TENANT, 'channels'), stableStringify(['/channels', { limit: '10' }]));

  it('shares one load among concurrent misses of a key and stores its answer', async () => {
    const cache = new ResponseCache(new Keyv());
    const key = await keyOf(cache);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return structuredClone(PAGE);
    };
    const answers = await Promise.all([cache.fill(key, 60_000, load), cache.fill(key, 60_000, load), cache.fill(key, 60_000, load)]);
    expect(loads).toBe(1);
    expect(answers).toEqual([PAGE, PAGE, PAGE]);
    expect(await cache.get(key)).toEqual(PAGE);
  });

  it('shares a failure with the misses waiting for it, stores nothing, and lets the next miss load again', async () => {
    const cache = new ResponseCache(new Keyv());
    const key = await keyOf(cache);
    const failure = new Error('upstream down');
    let loads = 0;
    const failing = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw failure;
    };
    const settled = await Promise.allSettled([cache.fill(key, 60_000, failing), cache.fill(key, 60_000, failing)]);
    expect(settled).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
    expect(loads).toBe(1);
    expect(await cache.get(key)).toBeUndefined();
    expect(await cache.fill(key, 60_000, async () => structuredClone(PAGE))).toEqual(PAGE);
  });
});

describe('stableStringify', () => {
  it('sorts keys, drops undefined members and writes undefined items as null, like JSON', () => {
    expect(stableStringify({ b: [1, undefined, 'x'], a: { d: null, c: true, e: undefined } })).toBe('{"a":{"c":true,"d":null},"b":[1,null,"x"]}');
    expect(stableStringify([])).toBe('[]');
    expect(stableStringify({})).toBe('{}');
    expect(stableStringify('plain')).toBe('"plain"');
  });

  it('digests a value nested 100,000 levels deep without recursion', () => {
    let value: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) value = level % 2 ? { a: value } : [value];
    const text = stableStringify(value);
    expect(text.length).toBeGreaterThan(300_000);
    expect(text.startsWith('{"a":[{"a":[')).toBe(true);
    expect(text.endsWith(']}]}')).toBe(true);
  });
});

describe('ResponseCache tenant scope', () => {
  const REQUEST = stableStringify(['/channels', { limit: '10' }]);

  it('never answers one tenant from another tenant entry of the same request: other partner or other credential', async () => {
    const cache = new ResponseCache(new Keyv());
    const entryOf = async (tenant: Tenant) => cache.get<typeof PAGE>(cache.key(tenant, 'channels', await cache.generation(tenant, 'channels'), REQUEST));
    await cache.set(cache.key(TENANT, 'channels', await cache.generation(TENANT, 'channels'), REQUEST), PAGE, 60_000);
    expect(await entryOf(TENANT)).toEqual(PAGE);
    expect(await entryOf({ ...TENANT, partnerId: 'partner-2' })).toBeUndefined();
    expect(await entryOf({ ...TENANT, credentialFingerprint: 'another-credential' })).toBeUndefined();
  });

  it('invalidates a scope for its partner only', async () => {
    const cache = new ResponseCache(new Keyv());
    const other: Tenant = { partnerId: 'partner-2', credentialFingerprint: 'fp' };
    const before = await cache.generation(other, 'channels');
    await cache.invalidate(TENANT, 'channels');
    expect(await cache.generation(TENANT, 'channels')).not.toBe(0);
    expect(await cache.generation(other, 'channels')).toBe(before);
  });
});
