import { describe, expect, it, jest } from '@jest/globals';
import Keyv from 'keyv';
import { StoreUnavailableError } from '../../src/errors.js';
import { fingerprint } from '../../src/lib/secrets.js';
import { stableStringify } from '../../src/lib/stable-stringify.js';
import { ResponseCache, type Tenant } from '../../src/store/cache.js';

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

  it('writes members and items in order with their separators, keys sorted and escaped', () => {
    expect(stableStringify({ d: 4, b: [1, 'x', null, { z: true, y: false }], a: {}, c: [], 'q"': 'v\n' })).toBe(
      '{"a":{},"b":[1,"x",null,{"y":false,"z":true}],"c":[],"d":4,"q\\"":"v\\n"}',
    );
    expect(stableStringify({ b: 1, a: 2 })).toBe(stableStringify({ a: 2, b: 1 }));
    expect(stableStringify(undefined)).toBe('null');
    expect(stableStringify('text')).toBe('"text"');
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

/** A store whose every call fails as a lost Redis does (or with `failure`), counting the calls. */
function failingStore(failure: () => Error = () => new StoreUnavailableError()) {
  const calls = { get: 0, set: 0 };
  const store = {
    get: async () => {
      calls.get += 1;
      throw failure();
    },
    set: async () => {
      calls.set += 1;
      throw failure();
    },
  } as unknown as Keyv;
  return { store, calls };
}

describe('ResponseCache with Redis lost', () => {
  it('reads a scope whose generation cannot be read past the cache: no lookup, no write, no shared load', async () => {
    const { store, calls } = failingStore();
    const lookups: boolean[] = [];
    const cache = new ResponseCache(store, (hit) => lookups.push(hit));
    const generation = await cache.generation(TENANT, 'channels');
    expect(generation).toBe(-1);
    const key = cache.key(TENANT, 'channels', generation, stableStringify(['/channels']));
    expect(key).toBe('bypass:');
    expect(calls.get).toBe(1);
    expect(await cache.get(key)).toBeUndefined();
    expect(lookups).toEqual([false]);
    await cache.set(key, PAGE, 60_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await Promise.all([cache.fill(key, 60_000, load), cache.fill(key, 60_000, load)])).toEqual([1, 2]);
    expect(calls).toEqual({ get: 1, set: 0 });
  });

  it('answers a lookup that fails as a miss and drops a write that fails', async () => {
    const { store, calls } = failingStore();
    const lookups: boolean[] = [];
    const cache = new ResponseCache(store, (hit) => lookups.push(hit));
    const key = cache.key(TENANT, 'channels', 7, stableStringify(['/channels']));
    expect(await cache.get(key)).toBeUndefined();
    expect(lookups).toEqual([false]);
    await expect(cache.set(key, PAGE, 60_000)).resolves.toBeUndefined();
    expect(await cache.fill(key, 60_000, async () => PAGE)).toEqual(PAGE);
    expect(calls).toEqual({ get: 1, set: 2 });
  });

  it('throws any other store failure, and an invalidation that cannot be stored', async () => {
    const bug = new TypeError('not a lost store');
    const cache = new ResponseCache(failingStore(() => bug).store);
    await expect(cache.generation(TENANT, 'channels')).rejects.toBe(bug);
    await expect(cache.get('res:key')).rejects.toBe(bug);
    await expect(cache.set('res:key', PAGE, 60_000)).rejects.toBe(bug);
    await expect(new ResponseCache(failingStore().store).invalidate(TENANT, 'channels')).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

describe('ResponseCache keys, entries and lookups', () => {
  it('keeps entries of another scope, generation or request apart', async () => {
    const cache = new ResponseCache(new Keyv());
    const request = stableStringify(['/channels', { limit: '10' }]);
    await cache.set(cache.key(TENANT, 'channels', 0, request), PAGE, 60_000);
    expect(await cache.get(cache.key(TENANT, 'channels', 0, request))).toEqual(PAGE);
    expect(await cache.get(cache.key(TENANT, 'templates', 0, request))).toBeUndefined();
    expect(await cache.get(cache.key(TENANT, 'channels', 1, request))).toBeUndefined();
    expect(await cache.get(cache.key(TENANT, 'channels', 0, stableStringify(['/channels', { limit: '20' }])))).toBeUndefined();
  });

  it('reports each lookup as a hit or a miss; a non-text entry of a serializing store is a miss', async () => {
    const keyv = new Keyv();
    const lookups: boolean[] = [];
    const cache = new ResponseCache(keyv, (hit) => lookups.push(hit));
    await cache.set('res:a', { n: 1 }, 60_000);
    await keyv.set('res:b', { n: 2 });
    expect([await cache.get('res:a'), await cache.get('res:b'), await cache.get('res:c')]).toEqual([{ n: 1 }, undefined, undefined]);
    expect(lookups).toEqual([true, false, false]);
  });

  it('stores nothing for a TTL of zero or less, and stores with the TTL given', async () => {
    let now = 1_000_000;
    const keyv = new Keyv();
    const cache = new ResponseCache(keyv);
    await cache.set('res:zero', PAGE, 0);
    await cache.set('res:negative', PAGE, -5);
    expect([await keyv.get('res:zero'), await keyv.get('res:negative')]).toEqual([undefined, undefined]);
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      await cache.set('res:short', PAGE, 1_000);
      now += 999;
      expect(await cache.get('res:short')).toEqual(PAGE);
      now += 2;
      expect(await cache.get('res:short')).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
  });

  it('freezes nested arrays and objects of an in-process entry, which is the very object stored', async () => {
    const cache = new ResponseCache(new Keyv({ serialize: undefined, deserialize: undefined }), undefined, true);
    const value = { list: [{ tags: ['a'] }] };
    await cache.set('res:frozen', value, 60_000);
    expect(await cache.get('res:frozen')).toBe(value);
    expect(Object.isFrozen(value.list)).toBe(true);
    expect(Object.isFrozen(value.list[0].tags)).toBe(true);
  });

  it('makes each invalidation a fresh generation from the clock, never the previous one', async () => {
    const cache = new ResponseCache(new Keyv());
    const before = Date.now() * 1000;
    await cache.invalidate(TENANT, 'channels');
    const first = await cache.generation(TENANT, 'channels');
    expect(first).toBeGreaterThanOrEqual(before);
    expect(first).toBeLessThan((Date.now() + 1) * 1000);
    expect(Number.isInteger(first)).toBe(true);
  });
});

describe('fingerprint', () => {
  it('is 16 base64url characters of the secret’s SHA-256, the same for the same secret', () => {
    expect(fingerprint('token-a')).toBe(fingerprint('token-a'));
    expect(fingerprint('token-a')).toMatch(/^[\w-]{16}$/);
    expect(fingerprint('token-a')).not.toBe(fingerprint('token-b'));
    expect(fingerprint('abc')).toBe('ungWv48Bz-pBQUDe');
  });
});
