import { createHash } from 'node:crypto';
import type Keyv from 'keyv';
import { stableStringify } from '../cache.js';
import { BadUserInputError, ErrorCode, HubgraphError, UpstreamUnavailableError } from '../errors.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

type Entry<T> =
  | { state: 'pending'; request: string }
  | { state: 'done'; request: string; result: T }
  | { state: 'unknown'; request: string; message: string };

export interface IdempotencyOptions {
  /** How long another instance's send may stay pending before a duplicate gives up waiting. */
  pendingMs: number;
  /** Poll interval while another instance's send is pending. */
  pollMs?: number;
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * idempotencyKey of sendMessage: the same key (per partner and channel) within 24 h returns the
 * first result without sending again. A pending marker in the shared store makes a concurrent
 * duplicate wait for the first send's result instead of sending too; within one process the
 * in-flight promise is shared directly, so two requests can never both pass the marker check.
 * A send whose outcome is unknown (timeout after it left) stays recorded as such: repeating the
 * key reports that instead of risking a second message.
 */
export class IdempotentSends {
  private readonly inflight = new Map<string, { fingerprint: string; promise: Promise<unknown> }>();

  constructor(
    private readonly store: Keyv,
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
    const existing = await this.settled<T>(storeKey);
    if (existing) return this.replay(existing, fingerprint);

    await this.store.set(storeKey, { state: 'pending', request: fingerprint } satisfies Entry<T>, this.options.pendingMs);
    try {
      const result = await send();
      await this.store.set(storeKey, { state: 'done', request: fingerprint, result } satisfies Entry<T>, IDEMPOTENCY_WINDOW_MS);
      return result;
    } catch (error) {
      if (error instanceof HubgraphError && error.code === ErrorCode.UpstreamUnavailable && error.extensions.outcome === 'UNKNOWN') {
        const entry: Entry<T> = { state: 'unknown', request: fingerprint, message: error.message };
        await this.store.set(storeKey, entry, IDEMPOTENCY_WINDOW_MS);
      } else {
        // Rejected before or by the upstream: nothing was sent, so the key may be used again.
        await this.store.delete(storeKey);
      }
      throw error;
    }
  }

  /** The stored entry once it is no longer pending (waiting for another instance's send). */
  private async settled<T>(storeKey: string): Promise<Exclude<Entry<T>, { state: 'pending' }> | undefined> {
    const deadline = Date.now() + this.options.pendingMs;
    for (;;) {
      const entry = (await this.store.get<Entry<T>>(storeKey)) as Entry<T> | undefined;
      if (!entry) return undefined;
      if (entry.state !== 'pending') return entry;
      if (Date.now() >= deadline) {
        throw new UpstreamUnavailableError(
          'A send with this idempotencyKey is still in progress elsewhere; its outcome is unknown yet, so nothing was sent again',
          { outcome: 'UNKNOWN' },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 100));
    }
  }

  private replay<T>(entry: Exclude<Entry<T>, { state: 'pending' }>, fingerprint: string): T {
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

/** One instance per store, so every request of the process shares the in-flight sends. */
export function idempotentSendsFor(store: Keyv, options: IdempotencyOptions): IdempotentSends {
  let sends = perStore.get(store);
  if (!sends) {
    sends = new IdempotentSends(store, options);
    perStore.set(store, sends);
  }
  return sends;
}
