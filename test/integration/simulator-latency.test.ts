import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { latencyMiddleware } from '../../src/simulator/latency.js';
import { SIM_PARTNERS } from '../../src/simulator/seed.js';
import { startSimulator, type Simulator } from '../../src/simulator/server.js';

const LATENCY_MS = 150;
const PARTNER = SIM_PARTNERS[0];

describe('simulator latency', () => {
  let simulator: Simulator;
  beforeAll(async () => {
    simulator = await startSimulator({ latencyMs: LATENCY_MS });
  });
  afterAll(async () => {
    await simulator.close();
  });

  const timedRead = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${simulator.urls.partner}/partners/${PARTNER.id}/${path}`, { headers: { authorization: `Bearer ${PARTNER.token}` } });
    await response.json();
    return { status: response.status, elapsed: performance.now() - started };
  };

  it('answers no earlier than the latency after the request arrived', async () => {
    const { status, elapsed } = await timedRead('clients?limit=5');
    expect(status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(LATENCY_MS - 1);
  });

  /** A server whose only route busy-waits `handlingMs` (a large aggregation, say) behind the latency middleware. */
  async function slowServer(handlingMs: number) {
    const app = express();
    app.use(latencyMiddleware(LATENCY_MS));
    app.get('/slow', (_request, response) => {
      const busyUntil = performance.now() + handlingMs;
      while (performance.now() < busyUntil) {
        // Synchronous handling, as the simulator's own is.
      }
      response.json({ ok: true });
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
    return { url, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('counts the handling into the latency: a slow handler delays the answer no further', async () => {
    const server = await slowServer(LATENCY_MS / 2);
    try {
      const started = performance.now();
      const response = await fetch(server.url);
      expect(await response.json()).toEqual({ ok: true });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(LATENCY_MS - 1);
      // Latency and then handling would take 1.5 latencies.
      expect(elapsed).toBeLessThan(1.4 * LATENCY_MS);
    } finally {
      await server.close();
    }
  });

  it('stamps parallel requests on arrival, before handling any of them', async () => {
    const server = await slowServer(LATENCY_MS / 6);
    try {
      // Five keep-alive connections, warmed, then five requests written in one tick: they arrive together.
      const agent = new Agent({ keepAlive: true, maxSockets: 5 });
      const get = () =>
        new Promise<void>((resolve, reject) => {
          request(server.url, { agent }, (answer) => answer.resume().on('end', resolve))
            .on('error', reject)
            .end();
        });
      await Promise.all(Array.from({ length: 5 }, get));
      const started = performance.now();
      await Promise.all(Array.from({ length: 5 }, get));
      agent.destroy();
      // Stamped after the others' handling, the fifth would answer 4 × latency/6 late (1.67 latencies in all).
      expect(performance.now() - started).toBeLessThan(1.4 * LATENCY_MS);
    } finally {
      await server.close();
    }
  });
});
