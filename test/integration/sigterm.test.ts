import { spawn } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { waitUntil } from '../support/events.js';
import { builtGatewayMain, PROJECT_ROOT } from '../support/built-gateway.js';

/** How long the built server may take to print its ready line (the build itself comes before). */
const READY_DEADLINE_MS = 30_000;

describe('npm start process on SIGTERM', () => {
  it('finishes the request in flight, writes its buffered log lines and exits 0', async () => {
    const child = spawn(process.execPath, [await builtGatewayMain()], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', KEYSTORE_SECRET: 'sigterm-test-secret-0123456789' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // 'close': the process has exited and its output is read to the end.
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    let output = '';
    const ready = new Promise<RegExpExecArray>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /ready at (\S+) \(embedded upstream simulator at (\S+)\)/.exec(output);
        if (match) resolve(match);
      });
      child.once('exit', () => reject(new Error(`exited before ready: ${output}`)));
      setTimeout(() => reject(new Error(`not ready within ${READY_DEADLINE_MS} ms: ${output}`)), READY_DEADLINE_MS).unref();
    });
    try {
      const [, url, simulatorUrl] = await ready;
      // The embedded simulator's fault control makes the upstream call slow (times 2: a used-up rule leaves the list).
      const fault = await fetch(`${simulatorUrl}/_control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/clients$', method: 'GET', delayMs: 700, times: 2 }),
      });
      expect(fault.status).toBe(201);
      const inFlight = fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ partner { clients(limit: 1) { total } } }' }),
      });
      // SIGTERM once the upstream call is under way (the fault rule counts it).
      await waitUntil(async () => {
        const { faults } = (await (await fetch(`${simulatorUrl}/_control/faults`)).json()) as { faults: Array<{ hits: number }> };
        return (faults[0]?.hits ?? 0) > 0;
      }, 'the upstream call to reach the slow fault');
      child.kill('SIGTERM');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ data: { partner: { clients: { total: 6 } } } });
      expect(await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running 15 s after SIGTERM'), 15_000).unref())])).toBe(0);
      // Log lines wait in a buffer between flushes; exiting writes what is left.
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; outcome?: string });
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'graphql operation', outcome: 'success' }));
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'shutting down' }));
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});
