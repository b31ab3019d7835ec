import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

async function scrape(harness: TestGateway): Promise<string> {
  const response = await fetch(new URL('/metrics', harness.url));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/text\/plain/);
  return response.text();
}

function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics with METRICS_TOKEN', () => {
  const token = 'scrape-token-0123456789';
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await harness.close();
  });

  it.each([
    ['no Authorization', undefined],
    ['another token', 'Bearer scrape-token-9876543210'],
    ['the token without Bearer', token],
  ])('refuses a scrape with %s: 401 with a Bearer challenge, no metrics', async (_case, authorization) => {
    const response = await fetch(new URL('/metrics', harness.url), authorization ? { headers: { authorization } } : {});
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(JSON.stringify(body)).not.toContain('hubgraph_');
  });

  it('serves the metrics to a scrape presenting the token', async () => {
    const response = await fetch(new URL('/metrics', harness.url), { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('hubgraph_graphql_operations_total');
  });
});

describe('/metrics (Prometheus text, one registry per gateway)', () => {
  let harness: TestGateway;
  let other: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ BALANCE_RATE_LIMIT_POINTS: '1', BALANCE_RATE_LIMIT_MAX_WAIT_MS: '0' });
    other = await startTestGateway();
  });
  afterAll(async () => {
    await harness.close();
    await other.close();
  });

  it('counts upstream requests by endpoint and status, with latency, and cache hits and misses', async () => {
    const query = 'query ClientsPage { partner { clients(limit: 3) { total } } }';
    expect((await harness.graphql(query)).body.errors).toBeUndefined();
    expect((await harness.graphql(query)).body.errors).toBeUndefined();
    const text = await scrape(harness);
    expect(value(text, 'hubgraph_upstream_requests_total{upstream="partner",endpoint="A1",method="GET",status="200"}')).toBe(1);
    expect(value(text, 'hubgraph_upstream_request_duration_seconds_count{upstream="partner",endpoint="A1"}')).toBe(1);
    expect(value(text, 'hubgraph_cache_lookups_total{result="hit"}')).toBe(1);
    expect(value(text, 'hubgraph_cache_lookups_total{result="miss"}')).toBe(1);
    expect(value(text, 'hubgraph_graphql_operations_total{operation="ClientsPage",type="query",outcome="success"}')).toBe(2);
    // The other gateway in this process has its own registry.
    expect(value(await scrape(other), 'hubgraph_graphql_operations_total{operation="ClientsPage",type="query",outcome="success"}')).toBeUndefined();
  });

  it('classifies operations as success, partial, error or rejected', async () => {
    harness.simulator.faults.add({ path: '/channels$', status: 404, times: 1 });
    await harness.graphql('query Partial { client(id: "client-001") { id } channel(id: "channel-009") { id } }');
    await harness.graphql('query Broken { partner { nope } }');
    await harness.graphql('{ client(id: "client-002") { id } }');
    const text = await scrape(harness);
    expect(value(text, 'hubgraph_graphql_operations_total{operation="Partial",type="query",outcome="partial"}')).toBe(1);
    expect(value(text, 'hubgraph_graphql_operations_total{operation="anonymous",type="query",outcome="success"}')).toBe(1);
    expect(text).toMatch(/hubgraph_graphql_operations_total\{operation="(Broken|anonymous)",type="unknown",outcome="rejected"\} 1/);
    expect(value(text, 'hubgraph_upstream_requests_total{upstream="partner",endpoint="A4",method="GET",status="404"}')).toBe(1);
  });

  it('counts limiter rejections of the A2 budget', async () => {
    const usage = (from: string) => `{ client(id: "client-002") { usage(from: "${from}", granularity: DAY) { balance } } }`;
    expect((await harness.graphql(usage('2026-01-01T00:00:00Z'))).body.errors).toBeUndefined();
    const refused = await harness.graphql(usage('2026-02-01T00:00:00Z'));
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const text = await scrape(harness);
    expect(value(text, 'hubgraph_limiter_rejections_total{endpoint="A2"}')).toBe(1);
    for (const name of ['hubgraph_webhook_notifications_total', 'hubgraph_open_subscriptions', 'hubgraph_upstream_retries_total', 'hubgraph_circuit_state']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });
});

describe('/metrics: a call that waits for an A2 slot', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    // One slot per 1 s window, and time enough to wait for it.
    harness = await startTestGateway({ BALANCE_RATE_LIMIT_POINTS: '1', BALANCE_RATE_LIMIT_WINDOW_MS: '1000', BALANCE_RATE_LIMIT_MAX_WAIT_MS: '5000' });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('counts the wait once per call that waited, and no rejection', async () => {
    const usage = (from: string) => `{ client(id: "client-002") { usage(from: "${from}", granularity: DAY) { balance } } }`;
    expect((await harness.graphql(usage('2026-01-01T00:00:00Z'))).body.errors).toBeUndefined();
    expect(value(await scrape(harness), 'hubgraph_limiter_waits_total{endpoint="A2"}')).toBeUndefined();
    expect((await harness.graphql(usage('2026-02-01T00:00:00Z'))).body.errors).toBeUndefined();
    const text = await scrape(harness);
    expect(value(text, 'hubgraph_limiter_waits_total{endpoint="A2"}')).toBe(1);
    expect(value(text, 'hubgraph_limiter_rejections_total{endpoint="A2"}')).toBeUndefined();
    expect(harness.simulator.recorder.matching(/\/info\/balance$/, 'GET')).toHaveLength(2);
  });
});
