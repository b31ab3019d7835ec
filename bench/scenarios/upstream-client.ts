import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { createUpstreamClient } from '../../src/datasources/http.js';
import { SIM_PARTNERS } from '../../src/simulator/seed.js';
import { startSimulator } from '../../src/simulator/server.js';
import type { Table } from '../support/report.js';
import { ms, percentile } from '../support/stats.js';

const WARM_UP = 300;
const SAMPLES = 2_000;

/**
 * The cost of one upstream call in the HTTP client the gateway uses (got, configured as in
 * src/datasources/http.ts) against bare node:http, for the same A1 request to a simulator without
 * latency, both in this process: the difference is what the client library adds to every call.
 * undici (a keep-alive pool, JSON parsed the same way) shows what a lighter client would cost:
 * a measurement for the choice of client, not used by the gateway.
 */
export async function upstreamClientCost(): Promise<Table> {
  const simulator = await startSimulator({});
  const partner = SIM_PARTNERS[0];
  const path = `partners/${partner.id}/clients?filters=${encodeURIComponent('{"id":"client-001"}')}`;
  const headers = { authorization: `Bearer ${partner.token}` };
  const agent = new Agent({ keepAlive: true });
  const client = createUpstreamClient({ upstream: 'partner', prefixUrl: simulator.urls.partner, timeoutMs: 10_000, retries: 2 });
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
  const viaGot = () => client(path, { headers, responseType: 'json', context: { endpoint: 'A1', requestId: 'bench' } }).then((response) => response.body);
  const pool = new Pool(simulator.baseUrl());
  const rootPath = new URL(simulator.urls.partner).pathname;
  const viaUndici = async () => {
    const { body } = await pool.request({ method: 'GET', path: `${rootPath}/${path}`, headers });
    return body.json();
  };

  const measure = async (call: () => Promise<unknown>) => {
    for (let run = 0; run < WARM_UP; run += 1) await call();
    const samples: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let run = 0; run < SAMPLES; run += 1) {
      const started = performance.now();
      await call();
      samples.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuBefore);
    return { p50: percentile(samples, 50), cpu: (cpu.user + cpu.system) / 1000 / SAMPLES };
  };
  try {
    const bareResult = await measure(bare);
    const gotResult = await measure(viaGot);
    const undiciResult = await measure(viaUndici);
    return {
      columns: ['upstream HTTP client (same A1 call, simulator without latency, in the bench process)', 'p50', 'CPU per call (client + simulator)'],
      rows: [
        ['bare node:http, keep-alive agent', ms(bareResult.p50, 2), ms(bareResult.cpu, 2)],
        ['got as configured in src/datasources/http.ts (hooks, retry, timeout)', ms(gotResult.p50, 2), ms(gotResult.cpu, 2)],
        ['difference: what the client library adds to every upstream call', ms(gotResult.p50 - bareResult.p50, 2), ms(gotResult.cpu - bareResult.cpu, 2)],
        ['undici Pool.request, for comparison (not used by the gateway)', ms(undiciResult.p50, 2), ms(undiciResult.cpu, 2)],
      ],
    };
  } finally {
    agent.destroy();
    await pool.close();
    await simulator.close();
  }
}
