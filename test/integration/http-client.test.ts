import { afterAll, describe, expect, it } from '@jest/globals';
import type { FaultInput } from '../../simulator/control-routes.js';
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
