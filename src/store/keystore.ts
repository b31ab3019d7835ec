import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type Keyv from 'keyv';

/** Channel keys as a caller sees them (the process-wide store, or one request's view of it). */
export interface ChannelKeys {
  get(partnerId: string, channelId: string): Promise<string | null>;
  set(partnerId: string, channelId: string, apiKey: string): Promise<void>;
}

/**
 * Area-B API keys per channel: CHANNEL_API_KEYS first, then keys created through A6, which are
 * kept in the shared store encrypted with AES-256-GCM under a key derived from KEYSTORE_SECRET
 * (so a Redis dump alone reveals nothing, and every instance with the secret can read them).
 */
export class KeyStore implements ChannelKeys {
  private readonly key: Buffer;

  constructor(
    private readonly store: Keyv,
    secret: string,
    private readonly configured: Readonly<Record<string, string>>,
  ) {
    this.key = createHash('sha256').update(`hubgraph-keystore:${secret}`).digest();
  }

  private storeKey(partnerId: string, channelId: string): string {
    return `apikey:${partnerId}:${channelId}`;
  }

  async get(partnerId: string, channelId: string): Promise<string | null> {
    const sealed = await this.store.get<string>(this.storeKey(partnerId, channelId));
    if (typeof sealed === 'string') return this.open(sealed);
    return this.configured[channelId] ?? null;
  }

  async set(partnerId: string, channelId: string, apiKey: string): Promise<void> {
    await this.store.set(this.storeKey(partnerId, channelId), this.seal(apiKey));
  }

  /**
   * One request's view: every area-B field routes through its channel's key, so a channel's key is
   * read from the store (a Redis round trip) and opened once per request, not once per field; the
   * request's own writes (createApiKey) are seen at once. A failed read is not kept.
   */
  forRequest(): ChannelKeys {
    const known = new Map<string, Promise<string | null>>();
    return {
      get: (partnerId, channelId) => {
        const slot = this.storeKey(partnerId, channelId);
        let key = known.get(slot);
        if (!key) {
          key = this.get(partnerId, channelId);
          known.set(slot, key);
          key.catch(() => known.delete(slot));
        }
        return key;
      },
      set: async (partnerId, channelId, apiKey) => {
        await this.set(partnerId, channelId, apiKey);
        known.set(this.storeKey(partnerId, channelId), Promise.resolve(apiKey));
      },
    };
  }

  private seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), encrypted.toString('base64url')].join('.');
  }

  /** null when the entry was sealed under another secret or tampered with. */
  private open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
