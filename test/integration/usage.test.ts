import { describe, expect, it } from '@jest/globals';
import type { UsagePeriodDto } from '../../src/datasources/types.js';
import { ACME, useTestGateway } from '../support/gateway.js';

const ROOT = `/api/v2/partners/${ACME.id}`;

const COUNT = '{ quantity paidQuantity price }';
const FIGURES = `quantity paidQuantity totalPrice freeQuantity freeEntryPoint freeTier
  businessInitiated ${COUNT} userInitiated ${COUNT} authentication ${COUNT} marketing ${COUNT} service ${COUNT} utility ${COUNT}`;
const USAGE = `{ balance currency lastRenewal { date amount } businessInitiatedPrice userInitiatedPrice estimatedTemplateCost
  granularity periods { periodDate ${FIGURES} } totals { ${FIGURES} } }`;

interface Count {
  quantity: number;
  paidQuantity: number;
  price: number;
}
interface Figures {
  quantity: number;
  paidQuantity: number;
  totalPrice: number;
  freeQuantity: number;
  freeEntryPoint: number;
  freeTier: number;
  businessInitiated: Count;
  userInitiated: Count;
  authentication: Count;
  marketing: Count;
  service: Count;
  utility: Count;
}
interface UsageAnswer {
  balance: number;
  currency: string;
  lastRenewal: { date: string; amount: number } | null;
  businessInitiatedPrice: number | null;
  userInitiatedPrice: number | null;
  estimatedTemplateCost: number | null;
  granularity: 'DAY' | 'MONTH';
  periods: Array<Figures & { periodDate: string }>;
  totals: Figures;
}

const midnight = (daysAgo: number) => {
  const date = new Date(Date.now() - daysAgo * 86_400_000);
  date.setUTCHours(0, 0, 0, 0);
  return date.toISOString();
};

const count = (period: UsagePeriodDto, category: string): Count => {
  const record = period as unknown as Record<string, number>;
  return {
    quantity: record[`${category}_quantity`],
    paidQuantity: record[`${category}_paid_quantity`],
    price: record[`${category}_price`],
  };
};

/** The graph's figures of one upstream record, written out field by field. */
const figuresOf = (period: UsagePeriodDto): Figures => ({
  quantity: period.quantity!,
  paidQuantity: period.paid_quantity!,
  totalPrice: period.total_price!,
  freeQuantity: period.free_quantity!,
  freeEntryPoint: period.free_entry_point!,
  freeTier: period.free_tier!,
  businessInitiated: count(period, 'business_initiated'),
  userInitiated: count(period, 'user_initiated'),
  authentication: count(period, 'authentication'),
  marketing: count(period, 'marketing'),
  service: count(period, 'service'),
  utility: count(period, 'utility'),
});

const sumCounts = (counts: Count[]) => ({
  quantity: counts.reduce((sum, item) => sum + item.quantity, 0),
  paidQuantity: counts.reduce((sum, item) => sum + item.paidQuantity, 0),
  price: counts.reduce((sum, item) => sum + item.price, 0),
});

function expectTotals(totals: Figures, periods: Figures[]) {
  for (const key of ['quantity', 'paidQuantity', 'freeQuantity', 'freeEntryPoint', 'freeTier'] as const) {
    expect(totals[key]).toBe(periods.reduce((sum, period) => sum + period[key], 0));
  }
  expect(totals.totalPrice).toBeCloseTo(
    periods.reduce((sum, period) => sum + period.totalPrice, 0),
    6,
  );
  for (const group of ['businessInitiated', 'userInitiated', 'authentication', 'marketing', 'service', 'utility'] as const) {
    const expected = sumCounts(periods.map((period) => period[group]));
    expect(totals[group].quantity).toBe(expected.quantity);
    expect(totals[group].paidQuantity).toBe(expected.paidQuantity);
    expect(totals[group].price).toBeCloseTo(expected.price, 6);
  }
}

describe('usage and balance (A2, A3)', () => {
  // A budget larger than the spec's so these tests are about mapping; usage-limiter.test.ts covers the limit.
  const harness = useTestGateway({ CACHE_TTL_LISTING_MS: '0', BALANCE_RATE_LIMIT_POINTS: '50' }, { balanceRateLimit: { points: 50, windowMs: 30_000 } });

  const a2Calls = () => harness.simulator.recorder.matching(/\/info\/balance$/, 'GET');

  it('maps the whole daily record of a client and sends the dates as UNIX seconds', async () => {
    const from = midnight(10);
    const to = midnight(3);
    const { body } = await harness.execute<{ client: { usage: UsageAnswer } }>(
      `query ($from: DateTime, $to: DateTime) { client(id: "client-001") { usage(from: $from, to: $to, granularity: DAY) ${USAGE} } }`,
      { from, to },
    );
    expect(body.errors).toBeUndefined();
    const usage = body.data!.client.usage;
    const seeded = harness.simulator.state.usage.get('client-001')!.filter((period) => period.period_date >= from && period.period_date <= to);
    expect(seeded).toHaveLength(8);
    expect(usage.granularity).toBe('DAY');
    expect(usage.currency).toBe('EUR'); // the seed says `eur`
    expect(usage.balance).toBe(0);
    expect(usage.lastRenewal).toEqual({ date: harness.simulator.state.balances.get('client-001')!.last_renewal.date, amount: 100 });
    expect(usage.businessInitiatedPrice).toBe(0.0712);
    expect(usage.userInitiatedPrice).toBe(0.0213);
    expect(usage.estimatedTemplateCost).toBe(0.0651);
    expect(usage.periods).toEqual(seeded.map((period) => ({ periodDate: period.period_date, ...figuresOf(period) })));
    expectTotals(usage.totals, usage.periods);

    const [call, ...more] = a2Calls();
    expect(more).toHaveLength(0);
    expect(call).toMatchObject({
      method: 'GET',
      path: `${ROOT}/clients/client-001/info/balance`,
      query: { start_date: String(Date.parse(from) / 1000), end_date: String(Date.parse(to) / 1000), granularity: 'DAY' },
    });
    expect(call.headers.authorization).toBe(`Bearer ${ACME.token}`);
    expect(call.body).toBeUndefined();
  });

  it('asks MONTH by default and sums each month', async () => {
    const { body } = await harness.execute<{ client: { usage: UsageAnswer } }>(`{ client(id: "client-002") { usage ${USAGE} } }`);
    expect(body.errors).toBeUndefined();
    const usage = body.data!.client.usage;
    expect(usage.granularity).toBe('MONTH');
    expect(usage.currency).toBe('EUR');
    expect(usage.balance).toBe(126.5);
    expect(usage.periods.length).toBeGreaterThanOrEqual(4);
    expect(usage.periods.every((period) => /^\d{4}-\d{2}-01T00:00:00.000Z$/.test(period.periodDate))).toBe(true);
    const daily = harness.simulator.state.usage.get('client-002')!.map(figuresOf);
    expect(usage.totals.quantity).toBe(daily.reduce((sum, period) => sum + period.quantity, 0));
    expect(usage.totals.marketing.paidQuantity).toBe(daily.reduce((sum, period) => sum + period.marketing.paidQuantity, 0));
    expectTotals(usage.totals, usage.periods);
    expect(a2Calls().map((call) => call.query)).toEqual([{ granularity: 'MONTH' }]);
  });

  it('sends A2 app ids as a repeated app_id parameter (sorted, de-duplicated)', async () => {
    const { body } = await harness.execute<{ client: { usage: UsageAnswer } }>(
      `{ client(id: "client-001") { usage(granularity: DAY, appIds: ["app-channel-002", "app-channel-001", "app-channel-002"]) { totals { quantity } } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(a2Calls().map((call) => call.query)).toEqual([{ granularity: 'DAY', app_id: ['app-channel-001', 'app-channel-002'] }]);
    // Two of client-001's four channels: about half of its conversations, never all of them.
    const all = harness.simulator.state.usage.get('client-001')!.reduce((sum, period) => sum + period.quantity, 0);
    expect(body.data!.client.usage.totals.quantity).toBeGreaterThan(0);
    expect(body.data!.client.usage.totals.quantity).toBeLessThan(all);
  });

  it('reads A3 under the channel owner, app ids comma-separated', async () => {
    const from = midnight(5);
    const { body } = await harness.execute<{ channel: { usage: UsageAnswer } }>(
      `query ($from: DateTime) { channel(id: "channel-006") { usage(from: $from, granularity: DAY, appIds: ["app-channel-006", "other"]) ${USAGE} } }`,
      { from },
    );
    expect(body.errors).toBeUndefined();
    const usage = body.data!.channel.usage;
    expect(usage.periods).toHaveLength(6);
    expectTotals(usage.totals, usage.periods);
    const [call, ...more] = a2Calls();
    expect(more).toHaveLength(0);
    // channel-006 belongs to client-002 (seed: 4 + 4 channels for the first two clients, counting from channel-001).
    expect(harness.simulator.state.channels.get('channel-006')!.client_id).toBe('client-002');
    expect(call).toMatchObject({
      method: 'GET',
      path: `${ROOT}/clients/client-002/channels/channel-006/info/balance`,
      query: { start_date: String(Date.parse(from) / 1000), granularity: 'DAY', app_ids: 'app-channel-006,other' },
    });
    expect(call.headers.authorization).toBe(`Bearer ${ACME.token}`);
  });

  it('calls A2 once per distinct request within an operation and then serves it from the cache', async () => {
    const query = `{ client(id: "client-003") {
      a: usage(granularity: DAY) { totals { quantity } }
      b: usage(granularity: DAY) { periods { periodDate } }
      c: usage(granularity: MONTH) { totals { quantity } }
    } }`;
    const first = await harness.execute<{ client: { a: { totals: { quantity: number } }; c: { totals: { quantity: number } } } }>(query);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data!.client.a.totals.quantity).toBe(first.body.data!.client.c.totals.quantity);
    expect(
      a2Calls()
        .map((call) => call.query.granularity)
        .sort(),
    ).toEqual(['DAY', 'MONTH']);
    harness.simulator.recorder.clear();
    const again = await harness.execute(query);
    expect(again.body).toEqual(first.body);
    expect(a2Calls()).toHaveLength(0);
    // The cache key holds the client: another client's identical request is its own call.
    await harness.execute(`{ client(id: "client-004") { usage(granularity: DAY) { totals { quantity } } } }`);
    expect(a2Calls().map((call) => call.path)).toEqual([`${ROOT}/clients/client-004/info/balance`]);
  });

  it('rejects bad input before calling upstream', async () => {
    const cases: Array<[string, string]> = [
      [`{ client(id: "client-001") { usage(from: "2026-05-02T00:00:00Z", to: "2026-05-01T00:00:00Z") { balance } } }`, 'to'],
      [`{ client(id: "client-001") { usage(appIds: []) { balance } } }`, 'appIds'],
      [`{ client(id: "client-001") { usage(appIds: ["a", " "]) { balance } } }`, 'appIds.1'],
      [`{ channel(id: "channel-001") { usage(appIds: ["a,b"]) { balance } } }`, 'appIds.0'],
    ];
    for (const [query, field] of cases) {
      const { body } = await harness.execute(query);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(a2Calls()).toHaveLength(0);
  });
});
