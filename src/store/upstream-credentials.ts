import { LRUCache } from 'lru-cache';

/** A credential the upstream answered with success is trusted as a caller of its own this long after its last success. */
const VOUCHED_FOR_MS = 10 * 60_000;
/** A credential the upstream refused (401) is refused at the door, without asking the upstream again, this long. */
const REJECTED_FOR_MS = 60_000;
/**
 * Credentials remembered each way. The two are kept apart so that a flood of made-up credentials, each refused and
 * remembered, can only push out other refused ones (which are then asked of the upstream again, at their sender's
 * cost), never a tenant the upstream vouched for.
 */
const MAX_VOUCHED = 10_000;
const MAX_REJECTED = 10_000;

/**
 * What the upstream said of each credential forwarded to it in multi-tenant mode (no PARTNER_TOKEN), by fingerprint:
 * a success vouches for it, a 401 rejects it. Until vouched a credential buys no fair share of its own (its requests
 * are charged to their address), and a rejected one is refused before anything of its request is read. Per instance:
 * each instance learns from its own calls. Bounded: least recently used entries go first, and entries expire.
 */
export class UpstreamCredentials {
  private readonly vouched = new LRUCache<string, true>({ max: MAX_VOUCHED, ttl: VOUCHED_FOR_MS });
  private readonly rejected: LRUCache<string, true>;

  constructor(rejectedForMs = REJECTED_FOR_MS) {
    this.rejected = new LRUCache<string, true>({ max: MAX_REJECTED, ttl: rejectedForMs });
  }

  /**
   * An upstream answer to a call carrying the credential. Only a success vouches: a 404 or a 429 may be answered
   * before the credential is checked, and a 403 says the credential may not do this, not that it is genuine.
   */
  observe(credentialFingerprint: string, status: number): void {
    if (status === 401) {
      this.vouched.delete(credentialFingerprint);
      this.rejected.set(credentialFingerprint, true);
    } else if (status >= 200 && status < 300) {
      this.rejected.delete(credentialFingerprint);
      this.vouched.set(credentialFingerprint, true);
    }
  }

  isVouched(credentialFingerprint: string): boolean {
    return this.vouched.has(credentialFingerprint);
  }

  isRejected(credentialFingerprint: string): boolean {
    return this.rejected.has(credentialFingerprint);
  }

  /** How many credentials are remembered each way (bounded by the caps above). */
  get size(): { vouched: number; rejected: number } {
    return { vouched: this.vouched.size, rejected: this.rejected.size };
  }
}
