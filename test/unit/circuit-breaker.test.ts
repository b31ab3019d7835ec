import { describe, expect, it } from '@jest/globals';
import { CircuitBreaker, CircuitOpenError, type CircuitState } from '../../src/datasources/circuit-breaker.js';

function breaker() {
  let now = 1_000_000;
  const states: CircuitState[] = [];
  const circuit = new CircuitBreaker({ upstream: 'partner', threshold: 3, cooldownMs: 10_000, now: () => now, onStateChange: (state) => states.push(state) });
  return { circuit, states, advance: (ms: number) => (now += ms) };
}

describe('CircuitBreaker', () => {
  it('opens only after N consecutive failures; a success in between resets the count', () => {
    const { circuit } = breaker();
    circuit.failure();
    circuit.failure();
    circuit.success();
    circuit.failure();
    circuit.failure();
    expect(circuit.current).toBe('closed');
    expect(() => circuit.acquire()).not.toThrow();
    circuit.failure();
    expect(circuit.current).toBe('open');
  });

  it('refuses while open with the remaining cool-down, then lets exactly one trial through', () => {
    const { circuit, advance, states } = breaker();
    for (let index = 0; index < 3; index += 1) circuit.failure();
    advance(4_000);
    let refusal: unknown;
    try {
      circuit.acquire();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(CircuitOpenError);
    expect((refusal as CircuitOpenError).extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', circuit: 'open', retryAfterSeconds: 6 });

    advance(6_000);
    expect(() => circuit.acquire()).not.toThrow();
    expect(circuit.current).toBe('half-open');
    expect(() => circuit.acquire()).toThrow(CircuitOpenError);
    circuit.success();
    expect(circuit.current).toBe('closed');
    expect(states).toEqual(['open', 'half-open', 'closed']);
  });

  it('a failed trial opens it for another cool-down; a trial that never reports is replaced', () => {
    const { circuit, advance } = breaker();
    for (let index = 0; index < 3; index += 1) circuit.failure();
    advance(10_000);
    circuit.acquire();
    circuit.failure();
    expect(circuit.current).toBe('open');
    expect(() => circuit.acquire()).toThrow(CircuitOpenError);
    advance(10_000);
    circuit.acquire();
    // The trial was lost (aborted): after another cool-down a new one may go.
    expect(() => circuit.acquire()).toThrow(CircuitOpenError);
    advance(10_000);
    expect(() => circuit.acquire()).not.toThrow();
  });
});
