import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { latencyMiddleware } from '../../simulator/latency.js';
import { SIM_PARTNERS } from '../../simulator/seed.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';

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

  /** What the slow route saw of one request: when its handling started and when its answer was due. */
  interface Handled {
    handlingStarted: number;
    answerDue: number;
    /** Whether the answer went out as soon as the handler wrote it (no wait left). */
    endedAtOnce: boolean;
  }

  /** A server whose only route busy-waits `handlingMs` (a large aggregation, say) behind the latency middleware. */
  async function slowServer(handlingMs: number) {
    const handled: Handled[] = [];
    const app = express();
    app.use(latencyMiddleware(LATENCY_MS));
    app.get('/slow', (_request, response) => {
      const handlingStarted = performance.now();
      while (performance.now() < handlingStarted + handlingMs) {
        // Synchronous handling, as the simulator's own is.
      }
      response.json({ ok: true });
      handled.push({ handlingStarted, answerDue: response.locals.answerDue as number, endedAtOnce: response.writableEnded });
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
    return { url, handled, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  // Both tests read the middleware's own stamps instead of timing the round trip, so a busy machine cannot fail them.
  it('counts the handling into the latency: an answer waits only for what is left of it after handling', async () => {
    const quick = await slowServer(LATENCY_MS / 2);
    const slow = await slowServer(LATENCY_MS + 20);
    try {
      for (const server of [quick, slow]) expect(await (await fetch(server.url)).json()).toEqual({ ok: true });
      // Stamped before handling: the latency runs while the handler works.
      for (const { handlingStarted, answerDue } of [...quick.handled, ...slow.handled]) expect(handlingStarted).toBeLessThan(answerDue);
      // Handled within the latency, the answer waits for the rest of it; handled past it, it leaves at once.
      expect(quick.handled.map((handled) => handled.endedAtOnce)).toEqual([false]);
      expect(slow.handled.map((handled) => handled.endedAtOnce)).toEqual([true]);
    } finally {
      await quick.close();
      await slow.close();
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
      server.handled.length = 0;
      await Promise.all(Array.from({ length: 5 }, get));
      agent.destroy();
      // Each answer is due one latency after its arrival, and all five arrived before the first was handled.
      const firstHandled = Math.min(...server.handled.map((handled) => handled.handlingStarted));
      expect(server.handled).toHaveLength(5);
      for (const { answerDue } of server.handled) expect(answerDue - LATENCY_MS).toBeLessThanOrEqual(firstHandled);
    } finally {
      await server.close();
    }
  });
});
