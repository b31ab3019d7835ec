import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { startSimulator } from '../../simulator/server.js';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';

const A1 = `^/api/v2/partners/${ACME.id}/clients$`;

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 400 && !condition(); attempt += 1) await sleep(10);
  expect(condition()).toBe(true);
}

/** A graphql-ws connection with one open subscription; resolves with the socket once acknowledged. */
async function openSubscription(harness: TestGateway): Promise<{ socket: WebSocket; closed: Promise<number> }> {
  const socket = new WebSocket(harness.url.replace(/^http/, 'ws'), 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString()) as { type: string };
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { messageReceived(channelId: "channel-001") { id } }' } }));
        resolve();
      }
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
  });
  return { socket, closed };
}

describe('graceful, bounded shutdown (what SIGTERM runs)', () => {
  it('stops accepting, finishes the request in flight, then closes subscriptions with 1001', async () => {
    const simulator = await startSimulator();
    const harness = await startTestGateway({ SHUTDOWN_TIMEOUT_MS: '10000' }, {}, simulator);
    try {
      const subscription = await openSubscription(harness);
      simulator.faults.add({ path: A1, method: 'GET', delayMs: 400, times: 1 });
      const inFlight = harness.graphql<{ partner: { clients: { total: number } } }>('{ partner { clients(limit: 1) { total } } }');
      await until(() => simulator.recorder.matching(new RegExp(A1), 'GET').length === 1);

      const stopped = harness.gateway.stop();
      // The listener closes at once: a new connection is refused while the old request is still running.
      await until(() => !harness.gateway.httpServer.listening);
      await expect(fetch(new URL('/healthz', harness.url))).rejects.toThrow();

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.data?.partner.clients.total).toBe(6);
      await stopped;
      expect(await subscription.closed).toBe(1001);
      subscription.socket.terminate();
    } finally {
      await simulator.close();
    }
  });

  it('is bounded: a request that never finishes is cut after SHUTDOWN_TIMEOUT_MS', async () => {
    const simulator = await startSimulator();
    const harness = await startTestGateway({ SHUTDOWN_TIMEOUT_MS: '300', UPSTREAM_TIMEOUT_MS: '60000' }, {}, simulator);
    try {
      simulator.faults.add({ path: A1, method: 'GET', delayMs: 2_000, times: 1 });
      const hanging = fetch(harness.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ partner { clients(limit: 1) { total } } }' }),
      }).then(
        () => 'answered',
        () => 'cut',
      );
      await until(() => simulator.recorder.matching(new RegExp(A1), 'GET').length === 1);
      await harness.gateway.stop();
      expect(await hanging).toBe('cut');
    } finally {
      await simulator.close();
    }
  });
});
