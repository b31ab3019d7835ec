import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FaultInput } from '../../simulator/control-routes.js';
import { UpstreamClient } from '../../src/datasources/http.js';
import { toGraphQLError, UpstreamRequestError } from '../../src/datasources/upstream-errors.js';
import { upstreamPath } from '../../src/datasources/upstream-path.js';
import { ACME, startTestGateway, type TestGateway, useTestGateway } from '../support/gateway.js';

const CLIENTS_QUERY = '{ partner { clients(limit: 1) { total nodes { id } } } }';
const A1_PATH = `/api/v2/partners/${ACME.id}/clients`;

/** Faults go through the simulator's HTTP control endpoint, as any out-of-process test would use it. */
async function injectFault(harness: TestGateway, fault: FaultInput) {
  const response = await fetch(`${harness.simulator.baseUrl()}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(201);
}

function a1Requests(harness: TestGateway) {
  return harness.simulator.recorder.matching(A1_PATH, 'GET');
}

const responses: string[] = [];

/** No credential of any kind in anything the gateway returned or logged. */
function expectNoSecrets(harness: TestGateway) {
  const seen = [...responses, ...harness.logs.lines].join('\n');
  expect(seen).not.toContain(ACME.token);
  expect(seen).not.toContain('wrong-token-xyz');
  expect(seen).not.toMatch(/Bearer\s+\S/);
}

describe('upstream HTTP client (retries, timeouts, error mapping)', () => {
  const harness = useTestGateway({ UPSTREAM_RETRIES: '2', CACHE_TTL_LISTING_MS: '0' });
  afterAll(() => {
    expectNoSecrets(harness);
  });

  async function query(text = CLIENTS_QUERY) {
    const result = await harness.graphql<{ partner: { clients: { total: number; nodes: Array<{ id: string }> } } }>(text);
    responses.push(JSON.stringify(result.body));
    return result.body;
  }

  it('retries a GET answered 503 and then succeeds', async () => {
    await injectFault(harness, { path: `^${A1_PATH}$`, method: 'GET', status: 503, times: 2 });
    const body = await query();
    expect(body.errors).toBeUndefined();
    expect(body.data?.partner.clients).toEqual({ total: 6, nodes: [{ id: 'client-001' }] });
    const attempts = a1Requests(harness);
    expect(attempts).toHaveLength(3);
    for (const attempt of attempts) {
      expect(attempt.query).toEqual({ limit: '1' });
      expect(attempt.headers.authorization).toBe(`Bearer ${ACME.token}`);
    }
  });

  it('retries a GET answered 429 after the Retry-After delay and then succeeds', async () => {
    await injectFault(harness, { path: `^${A1_PATH}$`, status: 429, retryAfter: 1, times: 1 });
    const body = await query();
    expect(body.errors).toBeUndefined();
    expect(body.data?.partner.clients.total).toBe(6);
    const [first, second] = a1Requests(harness);
    expect(second).toBeDefined();
    // Retry-After: 1 means the retry may not come sooner than one second later.
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
  });

  it('gives up at once on a Retry-After beyond the request timeout: RATE_LIMITED with retryAfterSeconds', async () => {
    await injectFault(harness, { path: `^${A1_PATH}$`, status: 429, retryAfter: 120 });
    const body = await query();
    expect(body.data).toEqual({ partner: { clients: null } });
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 120 });
    expect(a1Requests(harness)).toHaveLength(1);
  });

  it('reports UPSTREAM_UNAVAILABLE when the retries are exhausted', async () => {
    await injectFault(harness, { path: `^${A1_PATH}$`, status: 503 });
    const body = await query();
    expect(body.data).toEqual({ partner: { clients: null } });
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({
      path: ['partner', 'clients'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE', upstream: { endpoint: 'A1', status: 503 } },
    });
    expect(a1Requests(harness)).toHaveLength(3);
  });

  it('never retries a POST (not idempotent), even on 503', async () => {
    await injectFault(harness, { path: '^/api/v2/partners/[^/]+/channels/[^/]+/api_keys$', status: 503 });
    const error = await harness.gateway.services.http.partner
      .json({
        method: 'POST',
        endpoint: 'A6',
        path: upstreamPath`partners/${{ partnerId: ACME.id }}/channels/channel-001/api_keys`,
        json: {},
        headers: { authorization: `Bearer ${ACME.token}` },
      })
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(Error);
    expect(harness.simulator.recorder.matching(/\/api_keys$/, 'POST')).toHaveLength(1);
  });

  it.each([
    ['a foreign partner (403)', '{ partner(id: "partner-globex") { clients { total } } }', 'NOT_FOUND', 403],
    ['an unknown partner (404)', '{ partner(id: "partner-nope") { clients { total } } }', 'NOT_FOUND', 404],
  ])('answers %s as NOT_FOUND without retrying', async (_case, text, code, status) => {
    const body = await query(text);
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions).toMatchObject({ code, upstream: { endpoint: 'A1', status } });
    expect(harness.simulator.recorder.matching(/\/clients$/, 'GET')).toHaveLength(1);
  });
});

describe('upstream timeouts and credentials', () => {
  it('turns a slow upstream into UPSTREAM_UNAVAILABLE after the retries (UPSTREAM_TIMEOUT_MS)', async () => {
    const harness = await startTestGateway({ UPSTREAM_TIMEOUT_MS: '150', UPSTREAM_RETRIES: '1' });
    try {
      await injectFault(harness, { path: `^${A1_PATH}$`, delayMs: 2_000 });
      const { body } = await harness.graphql(CLIENTS_QUERY);
      responses.push(JSON.stringify(body));
      expect(body.data).toEqual({ partner: { clients: null } });
      expect(body.errors?.[0]?.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE', endpoint: 'A1' });
      expect(body.errors?.[0]?.message).toContain('timed out');
      expect(a1Requests(harness)).toHaveLength(2);
      expectNoSecrets(harness);
    } finally {
      await harness.close();
    }
  });

  it('maps an upstream 401 (a wrong PARTNER_TOKEN) to UNAUTHENTICATED without leaking the token', async () => {
    const harness = await startTestGateway({ PARTNER_TOKEN: 'wrong-token-xyz' });
    try {
      const { body } = await harness.graphql(CLIENTS_QUERY);
      responses.push(JSON.stringify(body));
      expect(body.data).toEqual({ partner: { clients: null } });
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: { endpoint: 'A1', status: 401 } });
      expect(a1Requests(harness)).toHaveLength(1);
      expect(a1Requests(harness)[0]?.headers.authorization).toBe('Bearer wrong-token-xyz');
      expectNoSecrets(harness);
    } finally {
      await harness.close();
    }
  });
});

describe('an HTTPS upstream whose certificate fails verification (self-signed for 127.0.0.1, made by openssl for this run)', () => {
  let dir: string;
  let server: HttpsServer;
  let root: string;
  /** TCP connections the server accepted: the client did reach it. */
  let connections = 0;
  /** Requests the server read: none may arrive over a connection the client does not trust. */
  const requests: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hubgraph-untrusted-upstream-'));
    const [cert, key] = [join(dir, 'upstream.pem'), join(dir, 'upstream.key')];
    await promisify(execFile)('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
    ]);
    server = createHttpsServer({ cert: await readFile(cert), key: await readFile(key) }, (request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"messages":[{"id":"wamid.never"}]}');
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    root = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** The gateway's upstream client for the root, as a send (B1) or a read uses it: the failure it throws. */
  async function failure(method: 'POST' | 'GET', retries: number): Promise<unknown> {
    const client = new UpstreamClient({ upstream: 'cloud', prefixUrl: root, timeoutMs: 5_000, retries });
    try {
      return await client
        .json({
          method,
          endpoint: 'B1',
          path: upstreamPath`messages`,
          headers: { authorization: 'Bearer untrusted-upstream-token' },
          ...(method === 'POST' && { json: { to: '15550001111', type: 'text', text: { body: 'hello' } } }),
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
    } finally {
      await client.close();
    }
  }

  it('a send fails in the handshake: nothing was sent (no unknown outcome), and no request reached the server', async () => {
    const error = await failure('POST', 0);
    expect(error).toBeInstanceOf(UpstreamRequestError);
    expect(error).toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', sent: false });
    const reported = toGraphQLError(error, 'B1', { write: true });
    expect(reported.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE', endpoint: 'B1' });
    expect(reported.message).toBe('The upstream is unavailable (B1 failed (DEPTH_ZERO_SELF_SIGNED_CERT))');
    expect(connections).toBe(1);
    expect(requests).toEqual([]);
  });

  it('a read is not retried: a certificate does not get trusted within a backoff', async () => {
    const before = connections;
    expect(await failure('GET', 2)).toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(connections - before).toBe(1);
    expect(requests).toEqual([]);
  });
});
