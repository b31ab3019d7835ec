import { createHash } from 'node:crypto';
import type Keyv from 'keyv';
import { stableStringify } from '../lib/stable-stringify.js';
import { BadUserInputError, ErrorCode, HubgraphError, UpstreamUnavailableError } from '../errors.js';
import type { Logger } from '../observability/logger.js';
import type { RedisConnection } from '../store/redis.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

type Settled<T> = { state: 'done'; request: string; result: T } | { state: 'unknown'; request: string; message: string };
type Entry<T> = { state: 'pending'; request: string } | Settled<T>;

/** Who may send for an idempotency key right now: at most one holder across every instance. */
export interface SendLock {
  /** true when the caller now holds the key's lock (for at most ttlMs). */
  acquire(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

/** Atomic across instances: Redis SET NX PX on a key of the shared namespace. */
export function redisSendLock(redis: RedisConnection): SendLock {
  return {
    async acquire(key, ttlMs) {
      return (await redis.withTimeout(redis.client.set(redis.key(`idem-lock:${key}`), '1', { NX: true, PX: ttlMs }))) === 'OK';
    },
    async release(key) {
      await redis.withTimeout(redis.client.del(redis.key(`idem-lock:${key}`)));
    },
  };
}

/** For the in-process store: JavaScript runs this check-and-set without interleaving, so it is atomic here. */
export function memorySendLock(): SendLock {
  const held = new Map<string, number>();
  return {
    async acquire(key, ttlMs) {
      const until = held.get(key);
      if (until !== undefined && until > Date.now()) return false;
      held.set(key, Date.now() + ttlMs);
      return true;
    },
    async release(key) {
      held.delete(key);
    },
  };
}

export interface IdempotencyOptions {
  /** How long a send may hold the lock; a duplicate waits at most this long for the first result. */
  pendingMs: number;
  /** Poll interval while another instance's send is pending. */
  pollMs?: number;
  /** Told of a store failure after the send was decided (the caller still gets the send's own outcome). */
  logger?: Pick<Logger, 'warn'>;
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * idempotencyKey of sendMessage: the same key (per partner and channel) within 24 h returns the
 * first result without sending again. Only the holder of the key's lock sends; a concurrent
 * duplicate waits for the stored result instead of sending too (within one process it simply
 * shares the in-flight promise). A send whose outcome is unknown (timeout after it left) stays
 * recorded as such: repeating the key reports that instead of risking a second message. A send
 * the upstream refused frees the key.
 */
export class IdempotentSends {
  private readonly inflight = new Map<string, { fingerprint: string; promise: Promise<unknown> }>();

  constructor(
    private readonly store: Keyv,
    private readonly lock: SendLock,
    private readonly options: IdempotencyOptions,
  ) {}

  async run<T>(scope: { partnerId: string; channelId: string; key: string }, request: unknown, send: () => Promise<T>): Promise<T> {
    const storeKey = `idem:${scope.partnerId}:${scope.channelId}:${digest(scope.key)}`;
    const fingerprint = digest(stableStringify(request));
    const running = this.inflight.get(storeKey);
    if (running) {
      if (running.fingerprint !== fingerprint) throw this.mismatch();
      return (await running.promise) as T;
    }
    const promise = this.first(storeKey, fingerprint, send);
    this.inflight.set(storeKey, { fingerprint, promise });
    try {
      return await promise;
    } finally {
      this.inflight.delete(storeKey);
    }
  }

  private async first<T>(storeKey: string, fingerprint: string, send: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.options.pendingMs;
    for (;;) {
      const entry = await this.entry<T>(storeKey);
      if (entry && entry.state !== 'pending') return this.replay(entry, fingerprint);
      if (await this.lock.acquire(storeKey, this.options.pendingMs)) break;
      if (Date.now() >= deadline) {
        throw new UpstreamUnavailableError(
          'A send with this idempotencyKey is still in progress elsewhere; its outcome is unknown yet, so nothing was sent again',
          { outcome: 'UNKNOWN' },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 100));
    }
    try {
      // The previous holder may have finished between the read above and taking the lock.
      const entry = await this.entry<T>(storeKey);
      if (entry && entry.state !== 'pending') return this.replay(entry, fingerprint);
      await this.store.set(storeKey, { state: 'pending', request: fingerprint } satisfies Entry<T>, this.options.pendingMs);
      let result: T;
      try {
        result = await send();
      } catch (error) {
        if (error instanceof HubgraphError && error.code === ErrorCode.UpstreamUnavailable && error.extensions.outcome === 'UNKNOWN') {
          const unknown: Entry<T> = { state: 'unknown', request: fingerprint, message: error.message };
          await this.recordAfterSend(() => this.store.set(storeKey, unknown, IDEMPOTENCY_WINDOW_MS), 'the send had an unknown outcome');
        } else {
          await this.recordAfterSend(() => this.store.delete(storeKey), 'the send was refused');
        }
        throw error;
      }
      await this.recordAfterSend(
        () => this.store.set(storeKey, { state: 'done', request: fingerprint, result } satisfies Entry<T>, IDEMPOTENCY_WINDOW_MS),
        'the message was sent',
      );
      return result;
    } finally {
      // The lock expires on its own (pendingMs): failing to free it early must not replace the send's outcome.
      await this.lock
        .release(storeKey)
        .catch((error: unknown) => this.options.logger?.warn({ err: error }, 'idempotency: the send lock could not be freed; it expires on its own'));
    }
  }

  /**
   * Once the send is decided, its outcome is what the caller must learn: a store failure while
   * recording it is logged, never thrown in its place (a sent message reported as an error would
   * invite the repeat the key exists to prevent).
   */
  private async recordAfterSend(write: () => Promise<unknown>, outcome: string): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.options.logger?.warn({ err: error }, `idempotency: ${outcome}, but the store could not record it; a repeat of the key may not see it`);
    }
  }

  private async entry<T>(storeKey: string): Promise<Entry<T> | undefined> {
    return await this.store.get<Entry<T>>(storeKey);
  }

  private replay<T>(entry: Settled<T>, fingerprint: string): T {
    if (entry.request !== fingerprint) throw this.mismatch();
    if (entry.state === 'unknown') {
      throw new UpstreamUnavailableError(`The first send with this idempotencyKey had an unknown outcome: ${entry.message}`, {
        outcome: 'UNKNOWN',
      });
    }
    return entry.result;
  }

  private mismatch() {
    return new BadUserInputError('idempotencyKey was already used within 24 h for a different message', 'input.idempotencyKey');
  }
}

const perStore = new WeakMap<Keyv, IdempotentSends>();

/** One instance per store, so every request of the process shares the in-flight sends and the lock. */
export function idempotentSendsFor(store: Keyv, redis: RedisConnection | null, options: IdempotencyOptions): IdempotentSends {
  let sends = perStore.get(store);
  if (!sends) {
    sends = new IdempotentSends(store, redis ? redisSendLock(redis) : memorySendLock(), options);
    perStore.set(store, sends);
  }
  return sends;
}
