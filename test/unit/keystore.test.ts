import { describe, expect, it, jest } from '@jest/globals';
import Keyv from 'keyv';
import { KeyStore } from '../../src/store/keystore.js';

describe('KeyStore', () => {
  it('keeps created keys sealed in the store and falls back to configured ones', async () => {
    const store = new Keyv();
    const keys = new KeyStore(store, 'a-secret-of-thirty-two-characters', { 'channel-002': 'configured-key' });
    await keys.set('partner-1', 'channel-001', 'created-key');
    expect(await keys.get('partner-1', 'channel-001')).toBe('created-key');
    expect(JSON.stringify(await store.get('apikey:partner-1:channel-001'))).not.toContain('created-key');
    expect(await keys.get('partner-1', 'channel-002')).toBe('configured-key');
    expect(await new KeyStore(store, 'another-secret-of-32-characters!!', {}).get('partner-1', 'channel-001')).toBeNull();
  });

  it("keeps a partner's created key to that partner and channel", async () => {
    const keys = new KeyStore(new Keyv(), 'a-secret-of-thirty-two-characters', {});
    await keys.set('partner-1', 'channel-001', 'created-key');
    expect(await keys.get('partner-2', 'channel-001')).toBeNull();
    expect(await keys.get('partner-1', 'channel-002')).toBeNull();
    expect(await keys.get('partner-1', 'channel-001')).toBe('created-key');
  });

  it('opens only entries of its own format version', async () => {
    const store = new Keyv();
    const keys = new KeyStore(store, 'a-secret-of-thirty-two-characters', {});
    await keys.set('partner-1', 'channel-001', 'created-key');
    const sealed = (await store.get<string>('apikey:partner-1:channel-001'))!;
    await store.set('apikey:partner-1:channel-001', sealed.replace(/^v1\./, 'v2.'));
    expect(await keys.get('partner-1', 'channel-001')).toBeNull();
  });

  it("one request's view reads each channel's key once and sees the request's own writes", async () => {
    const store = new Keyv();
    const keyStore = new KeyStore(store, 'a-secret-of-thirty-two-characters', {});
    await keyStore.set('partner-1', 'channel-001', 'old-key');
    const reads = jest.spyOn(store, 'get');
    const request = keyStore.forRequest();
    const answers = await Promise.all([request.get('partner-1', 'channel-001'), request.get('partner-1', 'channel-001')]);
    expect(answers).toEqual(['old-key', 'old-key']);
    expect(await request.get('partner-1', 'channel-001')).toBe('old-key');
    expect(reads).toHaveBeenCalledTimes(1);
    await request.set('partner-1', 'channel-001', 'new-key');
    expect(await request.get('partner-1', 'channel-001')).toBe('new-key');
    expect(reads).toHaveBeenCalledTimes(1);
    // Another request reads the store afresh and finds the new key.
    expect(await keyStore.forRequest().get('partner-1', 'channel-001')).toBe('new-key');
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed read', async () => {
    const store = new Keyv();
    const keyStore = new KeyStore(store, 'a-secret-of-thirty-two-characters', { 'channel-001': 'configured-key' });
    const request = keyStore.forRequest();
    jest.spyOn(store, 'get').mockRejectedValueOnce(new Error('store lost'));
    await expect(request.get('partner-1', 'channel-001')).rejects.toThrow('store lost');
    expect(await request.get('partner-1', 'channel-001')).toBe('configured-key');
  });
});
