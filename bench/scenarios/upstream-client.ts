import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import got from 'got';
import { CircuitBreakers } from '../../src/datasources/circuit-breaker.js';
import { UpstreamClient } from '../../src/datasources/http.js';
import { pathFromUpstream } from '../../src/datasources/upstream-path.js';
import { Metrics } from '../../src/observability/metrics.js';
import { SIM_PARTNERS } from '../../simulator/seed.js';
import { startSimulator } from '../../simulator/server.js';
import type { Table } from '../support/report.js';
import { ms, percentile } from '../support/stats.js';

const WARM_UP = 300;
const SAMPLES = 2_000;
const ROUNDS = 5;

/**
 * The cost of one upstream call in the gateway's HTTP client (src/datasources/http.ts on undici,
 * with a circuit breaker and the metrics observer as in production) against bare node:http, for the
 * same A1 request to a simulator without latency, all in this process: the difference is what the
 * client adds to every call. got, the first choice of client, is timed the same way (the reason for
 * the switch, docs/architecture.md, "Why undici"); it stays a dev dependency of the bench for this row only.
 */
export async function upstreamClientCost(): Promise<Table> {
  const simulator = await startSimulator({});
  const partner = SIM_PARTNERS[0];
  const path = `partners/${partner.id}/clients?filters=${encodeURIComponent('{"id":"client-001"}')}`;
  const headers = { authorization: `Bearer ${partner.token}` };
  const agent = new Agent({ keepAlive: true });
  const metrics = new Metrics();
  const client = new UpstreamClient({
    upstream: 'partner',
    prefixUrl: simulator.urls.partner,
    timeoutMs: 10_000,
    retries: 2,
    breakers: new CircuitBreakers({ upstream: 'partner', threshold: 5, cooldownMs: 30_000 }),
    onResponse: (attempt) => metrics.recordUpstream(attempt),
  });
  const previous = got.extend({ prefixUrl: simulator.urls.partner, timeout: { request: 10_000 }, retry: { limit: 2 }, responseType: 'json' });
  const bare = () =>
    new Promise<unknown>((resolve, reject) => {
      const outgoing = request(`${simulator.urls.partner}/${path}`, { headers, agent }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  const viaClient = async () => {
    const { body } = await client.json({ method: 'GET', endpoint: 'A1', path: pathFromUpstream(path), headers, requestId: 'bench' });
    return body;
  };
  const viaGot = () => previous(path, { headers }).json();

  // The three clients take turns, a round of calls each, so a host whose speed drifts hits them alike;
  // each figure is the median of its rounds.
  const calls = { bare, client: viaClient, got: viaGot };
  const rounds: Record<keyof typeof calls, Array<{ p50: number; cpu: number }>> = { bare: [], client: [], got: [] };
  const measure = async (call: () => Promise<unknown>) => {
    const samples: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let run = 0; run < SAMPLES / ROUNDS; run += 1) {
      const started = performance.now();
      await call();
      samples.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuBefore);
    return { p50: percentile(samples, 50), cpu: (cpu.user + cpu.system) / 1000 / (SAMPLES / ROUNDS) };
  };
  try {
    for (const call of Object.values(calls)) for (let run = 0; run < WARM_UP; run += 1) await call();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, call] of Object.entries(calls) as Array<[keyof typeof calls, () => Promise<unknown>]>) rounds[name].push(await measure(call));
    }
    const median = (name: keyof typeof calls) => ({
      p50: percentile(
        rounds[name].map((round) => round.p50),
        50,
      ),
      cpu: percentile(
        rounds[name].map((round) => round.cpu),
        50,
      ),
    });
    const bareResult = median('bare');
    const clientResult = median('client');
    const gotResult = median('got');
    return {
      columns: [
        'upstream HTTP client (same A1 call, simulator without latency, in the bench process; median of 5 alternating rounds)',
        'p50',
        'CPU per call (client + simulator)',
      ],
      rows: [
        ['bare node:http, keep-alive agent', ms(bareResult.p50, 2), ms(bareResult.cpu, 2)],
        ["the gateway's client (src/datasources/http.ts: undici, timeout, retry policy, breaker, observer)", ms(clientResult.p50, 2), ms(clientResult.cpu, 2)],
        ['difference: what the client adds to every upstream call', ms(clientResult.p50 - bareResult.p50, 2), ms(clientResult.cpu - bareResult.cpu, 2)],
        ['got 14 (prefixUrl, timeout, retry, JSON), the first choice of client, for comparison', ms(gotResult.p50, 2), ms(gotResult.cpu, 2)],
      ],
    };
  } finally {
    agent.destroy();
    await client.close();
    await simulator.close();
  }
}
