import { BrokenCircuitError, CircuitState as PolicyState, ConsecutiveBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import { UpstreamUnavailableError } from '../errors.js';
import type { Upstream } from './endpoints.js';

export type CircuitState = 'closed' | 'half-open' | 'open';

export interface CircuitBreakerOptions {
  upstream: Upstream;
  /** Consecutive upstream faults (5xx, timeouts, connection errors) that open one tenant's circuit. */
  threshold: number;
  /** How long an open circuit refuses calls before one trial call is let through. */
  cooldownMs: number;
  /** Circuits kept at most (one per credential seen); past it the least recently created is forgotten. */
  maxCircuits?: number;
  /** The upstream's worst circuit changed (metrics, logs); `open` counts its tenants' open circuits. */
  onStateChange?: (worst: CircuitState, open: number) => void;
  /** A call refused without being sent (metrics). */
  onRejected?: () => void;
}

/** Raised instead of sending while the circuit is open; nothing reached the upstream. */
export class CircuitOpenError extends UpstreamUnavailableError {
  constructor(upstream: Upstream, retryAfterSeconds: number) {
    super(`The ${upstream} upstream keeps failing for this credential: calls to it are paused for ${retryAfterSeconds} s (circuit open)`, {
      circuit: 'open',
      upstream: { root: upstream },
      retryAfterSeconds,
    });
  }
}

/**
 * The failure an upstream is blamed for. Everything else thrown inside a circuit (the caller's
 * own upload stream breaking a rule, a fault inside the gateway) passes through uncounted.
 */
export class UpstreamFault extends Error {
  constructor(override readonly cause: unknown) {
    super('upstream fault');
    this.name = 'UpstreamFault';
  }
}

/** What the caller of a call made outside any circuit receives: the fault's cause. */
export function unwrapFault(error: unknown): never {
  throw error instanceof UpstreamFault ? error.cause : error;
}

const DEFAULT_MAX_CIRCUITS = 10_000;

const STATE_NAMES: Record<PolicyState, CircuitState> = {
  [PolicyState.Closed]: 'closed',
  [PolicyState.HalfOpen]: 'half-open',
  [PolicyState.Open]: 'open',
  [PolicyState.Isolated]: 'open',
};

/** What one call inside a circuit produced, and whether the upstream is to blame for it. */
export interface Outcome<T> {
  result: T;
  fault: boolean;
}

interface Circuit {
  policy: CircuitBreakerPolicy;
  openedAt: number;
}

/**
 * The circuits of one upstream root, one per tenant: the key is the fingerprint of the credential
 * a call carries (a partner token, a channel's API key), never the credential itself. So one
 * tenant's failing calls (a revoked key, a channel the upstream chokes on) pause that tenant's
 * calls only. Each circuit is cockatiel's consecutive breaker: `threshold` faults in a row open it,
 * after `cooldownMs` one trial call goes through (concurrent calls wait for it), its success
 * closes the circuit and its failure opens it for another cool-down.
 */
export class CircuitBreakers {
  private readonly circuits = new Map<string, Circuit>();
  private open = 0;
  private halfOpen = 0;

  constructor(private readonly options: CircuitBreakerOptions) {}

  /** The state of one tenant's circuit (closed when it was never used). */
  state(tenantKey: string): CircuitState {
    const circuit = this.circuits.get(tenantKey);
    return circuit ? STATE_NAMES[circuit.policy.state] : 'closed';
  }

  /** The worst state among the tenants' circuits. */
  get worst(): CircuitState {
    return this.open > 0 ? 'open' : this.halfOpen > 0 ? 'half-open' : 'closed';
  }

  /**
   * Runs `call` in the tenant's circuit. Only an UpstreamFault thrown by it, or an outcome it marks
   * as a fault (a 5xx answer), counts as a failure; the UpstreamFault's cause is what the caller
   * receives. Throws CircuitOpenError, without calling, while the circuit is open.
   */
  async run<T>(tenantKey: string, call: () => Promise<Outcome<T>>): Promise<T> {
    const circuit = this.circuit(tenantKey);
    try {
      return (await circuit.policy.execute(call)).result;
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        this.options.onRejected?.();
        const remainingMs = circuit.openedAt + this.options.cooldownMs - Date.now();
        throw new CircuitOpenError(this.options.upstream, Math.max(1, Math.ceil(remainingMs / 1000)));
      }
      return unwrapFault(error);
    }
  }

  private circuit(tenantKey: string): Circuit {
    let circuit = this.circuits.get(tenantKey);
    if (circuit) return circuit;
    if (this.circuits.size >= (this.options.maxCircuits ?? DEFAULT_MAX_CIRCUITS)) this.forgetOldest();
    const policy = circuitBreaker(
      handleWhen((error) => error instanceof UpstreamFault).orWhenResult((outcome) => (outcome as Outcome<unknown>).fault),
      {
        halfOpenAfter: this.options.cooldownMs,
        breaker: new ConsecutiveBreaker(this.options.threshold),
      },
    );
    circuit = { policy, openedAt: 0 };
    const created = circuit;
    let previous: CircuitState = 'closed';
    policy.onStateChange((next) => {
      // A forgotten circuit's call may still finish: it no longer counts.
      if (this.circuits.get(tenantKey) !== created) return;
      const state = STATE_NAMES[next];
      if (state === 'open') created.openedAt = Date.now();
      this.count(previous, -1);
      this.count(state, +1);
      previous = state;
      this.options.onStateChange?.(this.worst, this.open);
    });
    this.circuits.set(tenantKey, circuit);
    return circuit;
  }

  private count(state: CircuitState, delta: number): void {
    if (state === 'open') this.open += delta;
    else if (state === 'half-open') this.halfOpen += delta;
  }

  /** Bounded memory: callers presenting ever new credentials cannot grow the map for ever. */
  private forgetOldest(): void {
    const [oldestKey, oldest] = this.circuits.entries().next().value as [string, Circuit];
    this.count(STATE_NAMES[oldest.policy.state], -1);
    this.circuits.delete(oldestKey);
  }
}
