import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import { ResponseCache, stableStringify, type Tenant } from '../../src/cache.js';

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
    expect(Object.isFrozen(first!.data[0]!.setup_info)).toBe(true);
    expect(() => {
      first!.data[0]!.setup_info.phone_number = 'changed';
    }).toThrow(TypeError);
  });

  it('in a serializing store: JSON text, each hit a fresh copy', async () => {
    const [first, second] = await cachedTwice(new ResponseCache(new Keyv()));
    expect(first).toEqual(PAGE);
    expect(second).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
  });
});
