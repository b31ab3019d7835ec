import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { CircuitBreakers, CircuitOpenError, UpstreamFault, type CircuitState } from '../../src/datasources/circuit-breaker.js';

const COOLDOWN_MS = 200;

function breakers() {
  const changes: Array<[CircuitState, number]> = [];
  let rejected = 0;
  const circuits = new CircuitBreakers({
    upstream: 'partner',
    threshold: 3,
    cooldownMs: COOLDOWN_MS,
    maxCircuits: 2,
    onStateChange: (worst, open) => changes.push([worst, open]),
    onRejected: () => (rejected += 1),
  });
  return { circuits, changes, rejected: () => rejected };
}

const fail = (key: string, circuits: CircuitBreakers) =>
  circuits.run(key, () => Promise.reject(new UpstreamFault(new Error('503')))).catch((error: unknown) => error);
const answer = (key: string, circuits: CircuitBreakers, fault = false) => circuits.run(key, async () => ({ result: 'answer', fault }));

describe('CircuitBreakers (cockatiel, one circuit per tenant)', () => {
  it('opens only after N consecutive faults; a success in between resets the count', async () => {
    const { circuits } = breakers();
    await fail('a', circuits);
    await fail('a', circuits);
    await answer('a', circuits);
    await fail('a', circuits);
    await answer('a', circuits, true);
    expect(circuits.state('a')).toBe('closed');
    await fail('a', circuits);
    expect(circuits.state('a')).toBe('open');
  });

  it('hands back the fault itself, and an error that is no upstream fault passes through uncounted', async () => {
    const { circuits } = breakers();
    const cause = new Error('503');
    await expect(circuits.run('a', () => Promise.reject(new UpstreamFault(cause)))).rejects.toBe(cause);
    const local = new TypeError('a bug');
    for (let call = 0; call < 5; call += 1) await expect(circuits.run('a', () => Promise.reject(local))).rejects.toBe(local);
    expect(circuits.state('a')).toBe('closed');
  });

  it('refuses while open with the remaining cool-down, pauses only that tenant, then lets a trial through', async () => {
    const { circuits, changes, rejected } = breakers();
    for (let call = 0; call < 3; call += 1) await fail('a', circuits);
    const refusal = await answer('a', circuits).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CircuitOpenError);
    expect((refusal as CircuitOpenError).extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', circuit: 'open', retryAfterSeconds: 1 });
    expect(rejected()).toBe(1);
    await expect(answer('b', circuits)).resolves.toBe('answer');
    expect(circuits.worst).toBe('open');

    await sleep(COOLDOWN_MS + 20);
    await expect(answer('a', circuits)).resolves.toBe('answer');
    expect(circuits.state('a')).toBe('closed');
    expect(changes).toEqual([
      ['open', 1],
      ['half-open', 0],
      ['closed', 0],
    ]);
  });

  it('a failed trial opens it for another cool-down', async () => {
    const { circuits } = breakers();
    for (let call = 0; call < 3; call += 1) await fail('a', circuits);
    await sleep(COOLDOWN_MS + 20);
    await fail('a', circuits);
    expect(circuits.state('a')).toBe('open');
    await expect(answer('a', circuits)).rejects.toBeInstanceOf(CircuitOpenError);
  });

  it('keeps at most maxCircuits: the oldest is forgotten and stops counting', async () => {
    const { circuits } = breakers();
    for (let call = 0; call < 3; call += 1) await fail('a', circuits);
    await answer('b', circuits);
    await answer('c', circuits);
    expect(circuits.state('a')).toBe('closed');
    expect(circuits.worst).toBe('closed');
  });
});
