import { UpstreamUnavailableError } from '../errors.js';
import type { Upstream } from './endpoints.js';

export type CircuitState = 'closed' | 'half-open' | 'open';

export interface CircuitBreakerOptions {
  upstream: Upstream;
  /** Consecutive failed attempts (5xx, timeouts, connection errors) that open the circuit. */
  threshold: number;
  /** How long an open circuit refuses calls before one trial call is let through. */
  cooldownMs: number;
  onStateChange?: (state: CircuitState) => void;
  /** A call refused without being sent (metrics). */
  onRejected?: () => void;
  now?: () => number;
}

/** Raised instead of sending while the circuit is open; nothing reached the upstream. */
export class CircuitOpenError extends UpstreamUnavailableError {
  constructor(upstream: Upstream, retryAfterSeconds: number) {
    super(`The ${upstream} upstream keeps failing: calls to it are paused for ${retryAfterSeconds} s (circuit open)`, {
      circuit: 'open',
      upstream: { root: upstream },
      retryAfterSeconds,
    });
  }
}

/**
 * One breaker per upstream root. Closed: everything goes through and failures are counted;
 * `threshold` consecutive failures open it. Open: calls fail at once with CircuitOpenError until
 * `cooldownMs` has passed, then it is half-open: one trial call goes through; its success closes
 * the circuit, its failure opens it for another cool-down. So a failing upstream is not hammered
 * and a recovered one is used again without anybody intervening.
 */
export class CircuitBreaker {
  private state: CircuitState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private trialStartedAt: number | null = null;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get current(): CircuitState {
    return this.state;
  }

  /** Throws CircuitOpenError when the call must not be sent now. */
  acquire(): void {
    if (this.state === 'closed') return;
    const now = this.now();
    if (this.state === 'open') {
      const remaining = this.openedAt + this.options.cooldownMs - now;
      if (remaining > 0) this.reject(remaining);
      this.transition('half-open');
    }
    // Half-open: one trial at a time; a trial that never reported back (aborted) is replaced after a cool-down.
    if (this.trialStartedAt !== null && now - this.trialStartedAt < this.options.cooldownMs) this.reject(this.options.cooldownMs);
    this.trialStartedAt = now;
  }

  success(): void {
    this.failures = 0;
    this.trialStartedAt = null;
    if (this.state !== 'closed') this.transition('closed');
  }

  failure(): void {
    this.failures += 1;
    this.trialStartedAt = null;
    if (this.state === 'half-open' || (this.state === 'closed' && this.failures >= this.options.threshold)) {
      this.openedAt = this.now();
      this.transition('open');
    }
  }

  private reject(retryAfterMs: number): never {
    this.options.onRejected?.();
    throw new CircuitOpenError(this.options.upstream, Math.ceil(retryAfterMs / 1000));
  }

  private transition(state: CircuitState): void {
    this.state = state;
    this.options.onStateChange?.(state);
  }
}
