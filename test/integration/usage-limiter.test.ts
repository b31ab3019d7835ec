import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { balanceLimitState } from '../../simulator/partner-ops-routes.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, testRedisUrl, uniqueNamespace } from '../support/redis.js';

type Answer = Awaited<ReturnType<TestGateway['graphql']>>;

/** A distinct A2 request per n (so neither dedup nor the cache can answer it). */
const usageQuery = (n: number) => {
  const from = new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
  return [`query ($from: DateTime) { client(id: "client-001") { usage(from: $from, granularity: DAY) { totals { quantity } } } }`, { from }] as const;
};

const a2Calls = (simulator: Simulator) => simulator.recorder.matching(/\/clients\/[^/]+\/info\/balance$/, 'GET');

function classify(answers: Answer[]) {
  const ok = answers.filter((answer) => !answer.body.errors && answer.body.data);
  const limited = answers.filter((answer) => answer.body.errors?.[0]?.extensions?.code === 'RATE_LIMITED');
  return { ok, limited, other: answers.length - ok.length - limited.length };
}

describe('A2 budget: 5 requests per window and partner, never an upstream 429', () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((item) => item.close()));
  });

  it('spends budget only on upstream calls: cache hits are free, the 6th distinct call is refused', async () => {
    const harness = await startTestGateway({ BALANCE_RATE_LIMIT_MAX_WAIT_MS: '0' });
    open.push(harness);
    const [query, variables] = usageQuery(0);
    for (let i = 0; i < 10; i += 1) expect((await harness.graphql(query, variables)).body.errors).toBeUndefined();
    expect(a2Calls(harness.simulator)).toHaveLength(1);
    for (let n = 1; n <= 4; n += 1) {
      const [more, vars] = usageQuery(n);
      expect((await harness.graphql(more, vars)).body.errors).toBeUndefined();
    }
    const [sixth, vars] = usageQuery(5);
    const refused = await harness.graphql(sixth, vars);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = refused.body.errors![0].extensions!.retryAfterSeconds as number;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(31);
    expect(a2Calls(harness.simulator)).toHaveLength(5);
    expect(balanceLimitState(harness.simulator.state).rejected).toBe(0);
    // Cached answers still come while the budget is spent.
    expect((await harness.graphql(query, variables)).body.errors).toBeUndefined();
  });

  it('concurrent identical requests of different callers share one upstream call', async () => {
    const harness = await startTestGateway({ BALANCE_RATE_LIMIT_MAX_WAIT_MS: '0' }, { latencyMs: 200 });
    open.push(harness);
    const answers = await Promise.all(Array.from({ length: 8 }, () => harness.graphql(...usageQuery(0))));
    expect(classify(answers).ok).toHaveLength(8);
    expect(a2Calls(harness.simulator)).toHaveLength(1);
  });

  it('under concurrent load waits for slots within the bound, and the upstream never sees a 6th call in a window', async () => {
    const windowMs = 1_000;
    const harness = await startTestGateway(
      { BALANCE_RATE_LIMIT_WINDOW_MS: String(windowMs), BALANCE_RATE_LIMIT_MAX_WAIT_MS: '1500' },
      { balanceRateLimit: { points: 5, windowMs } },
    );
    open.push(harness);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => harness.graphql(...usageQuery(n))));
    const { ok, limited, other } = classify(answers);
    expect(other).toBe(0);
    expect(ok.length).toBeGreaterThanOrEqual(5);
    expect(ok.length + limited.length).toBe(16);
    for (const answer of limited) expect(answer.body.errors![0].extensions!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Every call that reached the simulator was answered (its sliding log refuses a 6th call within a window).
    expect(balanceLimitState(harness.simulator.state).rejected).toBe(0);
    expect(a2Calls(harness.simulator)).toHaveLength(ok.length);
  });

  it('honours an upstream 429 (budget spent by another client of the partner) and pauses its own calls', async () => {
    const harness = await startTestGateway({ BALANCE_RATE_LIMIT_MAX_WAIT_MS: '0' });
    open.push(harness);
    // Another application of the same partner spends the upstream budget directly.
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${harness.simulator.urls.partner}/partners/${ACME.id}/clients/client-002/info/balance`, {
        headers: { authorization: `Bearer ${ACME.token}` },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    harness.simulator.recorder.clear();
    const refused = await harness.graphql(...usageQuery(0));
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.body.errors![0].extensions!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Sent once: a retry would spend budget again.
    expect(a2Calls(harness.simulator)).toHaveLength(1);
    expect(balanceLimitState(harness.simulator.state).rejected).toBe(1);
    // Until the upstream's Retry-After has passed the gateway does not try again.
    const paused = await harness.graphql(...usageQuery(1));
    expect(paused.body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(a2Calls(harness.simulator)).toHaveLength(1);
  });
});

describeWithRedis('A2 budget on Redis', () => {
  const namespace = uniqueNamespace('usage-limiter');
  const open: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(open.splice(0).map((item) => item.close()));
    await dropNamespace(namespace);
  });

  it('shares one budget between two instances on Redis', async () => {
    const simulator = await startSimulator();
    open.push(simulator);
    const env = { REDIS_URL: testRedisUrl(), REDIS_NAMESPACE: namespace, BALANCE_RATE_LIMIT_MAX_WAIT_MS: '0' };
    const first = await startTestGateway(env, {}, simulator);
    open.push(first);
    const second = await startTestGateway(env, {}, simulator);
    open.push(second);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? first : second).graphql(...usageQuery(n))));
    const { ok, limited, other } = classify(answers);
    expect(other).toBe(0);
    expect(ok).toHaveLength(5);
    expect(limited).toHaveLength(5);
    expect(a2Calls(simulator)).toHaveLength(5);
    expect(balanceLimitState(simulator.state).rejected).toBe(0);
  });
});
