import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { upstreamUrlEnv } from '../../src/config.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { builtGatewayMain, PROJECT_ROOT } from '../support/built-gateway.js';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';

const BASE_ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0' };

describe('HTTP routes', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('serves the Apollo Sandbox landing page on a browser GET of /graphql', async () => {
    const response = await fetch(harness.url, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/sandbox/i);
    expect(html).toContain('Apollo');
    expect(harness.simulator.recorder.requests).toEqual([]);
  });

  it('answers /healthz', async () => {
    const response = await fetch(harness.url.replace(/\/graphql$/, '/healthz'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

/** Starts the built server and resolves once it printed its ready line. */
function startServer(main: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [main], { env: { ...BASE_ENV, ...env }, cwd: PROJECT_ROOT });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // 'close': exited, and its output read to the end.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('hubgraph ready at '));
      if (line) resolve(line);
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready: ${stderr}`)));
  });
  // Config-failure tests never wait for the ready line.
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => ({ stdout, stderr }) };
}

describe('the built server process (npm start)', () => {
  let simulator: Simulator;
  let main: string;
  const children: ChildProcessWithoutNullStreams[] = [];

  beforeAll(async () => {
    main = await builtGatewayMain();
    simulator = await startSimulator();
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await simulator.close();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ UPSTREAM_TIMEOUT_MS: '-1' }, 'UPSTREAM_TIMEOUT_MS'],
    [{ CHANNEL_API_KEYS: '{broken' }, 'CHANNEL_API_KEYS'],
  ])('refuses %j with one line naming %s and exit code 1, no stack trace', async (env, variable) => {
    const server = startServer(main, env);
    children.push(server.child);
    expect(await server.exited).toBe(1);
    const { stdout, stderr } = server.output();
    expect(stdout).toBe('');
    expect(stderr.endsWith('\n')).toBe(true);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^hubgraph: invalid configuration: ${variable}: `));
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  /** The lines a server that could not start wrote: stderr only, each ending in a newline, no stack trace. */
  async function refusal(env: Record<string, string>): Promise<string[]> {
    const server = startServer(main, env);
    children.push(server.child);
    expect(await server.exited).toBe(1);
    const { stdout, stderr } = server.output();
    expect(stdout).toBe('');
    expect(stderr.endsWith('\n')).toBe(true);
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
    return stderr.trimEnd().split('\n');
  }

  it('names every bad variable at once, one line each', async () => {
    const lines = await refusal({ PORT: 'abc', LOG_LEVEL: 'loud', UPSTREAM_TIMEOUT_MS: '-1' });
    expect(lines.map((line) => /^hubgraph: invalid configuration: (\w+): \S/.exec(line)?.[1]).sort()).toEqual(['LOG_LEVEL', 'PORT', 'UPSTREAM_TIMEOUT_MS']);
  });

  it('names each upstream URL missing beside one that is set, one line each', async () => {
    const lines = await refusal({ PARTNER_API_URL: 'http://127.0.0.1:1/api/v2' });
    expect(lines.map((line) => /^hubgraph: invalid configuration: (\w+): set all four upstream URLs/.exec(line)?.[1])).toEqual([
      'CLOUD_API_URL',
      'ONPREM_API_URL',
      'INSIGHTS_API_URL',
    ]);
  });

  it('says in one line that PORT is taken when another process listens there', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      expect(await refusal({ PORT: String(port), LOG_LEVEL: 'warn' })).toEqual([
        `hubgraph: failed to start: PORT ${port} is already in use on 127.0.0.1: stop the process listening there, or set PORT to a free port`,
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('starts on the embedded simulator, says so with its URL, serves, and exits 0 on SIGTERM', async () => {
    const server = startServer(main, { LOG_LEVEL: 'warn' });
    children.push(server.child);
    const line = await server.ready;
    const match = line.match(/^hubgraph ready at (http:\/\/127\.0\.0\.1:\d+\/graphql) \(embedded upstream simulator at http:\/\/127\.0\.0\.1:\d+\)$/);
    expect(match).not.toBeNull();
    const url = match![1];
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ partner { id clients(limit: 1) { total } } }' }),
    });
    expect(await response.json()).toEqual({ data: { partner: { id: ACME.id, clients: { total: 6 } } } });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stderr).toBe('');
  });

  it('names the configured upstream and drains an in-flight request on SIGTERM', async () => {
    const server = startServer(main, {
      ...upstreamUrlEnv(simulator.urls),
      PARTNER_ID: ACME.id,
      PARTNER_TOKEN: ACME.token,
      KEYSTORE_SECRET: 'server-test-keystore-secret-0123',
      LOG_LEVEL: 'warn',
    });
    children.push(server.child);
    const line = await server.ready;
    expect(line).toMatch(
      new RegExp(`^hubgraph ready at http://127\\.0\\.0\\.1:\\d+/graphql \\(upstream: ${simulator.urls.partner.replace(/[.]/g, '\\.')}\\)$`),
    );
    expect(line).not.toContain('simulator at');
    const url = line.split(' ')[3];

    // The upstream holds the answer until the shutdown has begun; the request must still complete.
    simulator.faults.add({ path: '/clients$', delayMs: 1_500, times: 1 });
    const arrived = new Promise<void>((resolve) => {
      simulator.server.once('request', () => resolve());
    });
    const pending = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ partner { clients(limit: 2) { total } } }' }),
    });
    await arrived;
    server.child.kill('SIGTERM');
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { partner: { clients: { total: 6 } } } });
    expect(await server.exited).toBe(0);
  });
});
