import { ErrorsAreMissesCache, InMemoryLRUCache, type KeyValueCache, type KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import type Keyv from 'keyv';
import type { Logger } from '../observability/logger.js';

/** Apollo's KeyValueCache over the shared keyv store; Apollo gives the TTL in seconds, keyv takes milliseconds. */
class KeyvCache implements KeyValueCache<string> {
  constructor(private readonly store: Keyv) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.store.get<string>(key)) ?? undefined;
  }

  async set(key: string, value: string, options?: KeyValueCacheSetOptions): Promise<void> {
    await this.store.set(key, value, options?.ttl ? options.ttl * 1000 : undefined);
  }

  async delete(key: string): Promise<boolean> {
    return this.store.delete(key);
  }
}

/**
 * Where automatic persisted queries (APQ) live. With Redis: in the shared store (keys
 * `<namespace>::apq:<sha256>`, with the TTL Apollo passes), so a hash one instance learnt is known
 * to all; a store failure is a miss (the client sends the text again, as for any unknown hash),
 * never a failed operation. Without Redis: Apollo's bounded in-memory LRU, per process.
 * Query texts are no caller data: the key is their hash, so tenants sharing an entry share the same text.
 */
export function persistedQueryCache(store: Keyv | null, logger: Logger): KeyValueCache<string> {
  if (!store) return new InMemoryLRUCache<string>();
  return new ErrorsAreMissesCache(new KeyvCache(store), {
    debug: () => undefined,
    info: () => undefined,
    warn: (message: unknown) => logger.warn({ error: String(message) }, 'persisted query store unavailable: treated as a miss'),
    error: (message: unknown) => logger.warn({ error: String(message) }, 'persisted query store unavailable: treated as a miss'),
  });
}
