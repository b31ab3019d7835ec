import { describe, expect, it } from '@jest/globals';
import { BadUserInputError } from '../../src/errors.js';
import { unixSeconds, usageSearchParams } from '../../src/datasources/usage-params.js';
import { periodFigures } from '../../src/resolvers/usage-period.js';
import { sumPeriods } from '../../src/resolvers/usage.js';

describe('A2/A3 parameters', () => {
  it('sends dates as UNIX seconds (UTC) and granularity always', () => {
    expect(unixSeconds('2026-01-01T00:00:00.000Z')).toBe(1_767_225_600);
    expect(unixSeconds('2026-01-01T00:00:00.999Z')).toBe(1_767_225_600);
    expect(usageSearchParams({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T00:00:00.000Z', granularity: 'DAY' }, 'A2')).toEqual({
      start_date: 1_767_225_600,
      end_date: 1_769_817_600,
      granularity: 'DAY',
    });
    expect(usageSearchParams({}, 'A3')).toEqual({ granularity: 'MONTH' });
  });

  it('encodes app ids per endpoint: A2 an array (repeated parameter), A3 comma-separated', () => {
    expect(usageSearchParams({ appIds: ['b', 'a', 'b'] }, 'A2')).toEqual({ granularity: 'MONTH', app_id: ['a', 'b'] });
    expect(usageSearchParams({ appIds: ['b', 'a', 'b'] }, 'A3')).toEqual({ granularity: 'MONTH', app_ids: 'a,b' });
  });

  it('rejects a reversed range, an empty list, empty ids and (A3) commas', () => {
    const field = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(BadUserInputError);
        return (error as BadUserInputError).field;
      }
      throw new Error('expected BAD_USER_INPUT');
    };
    expect(field(() => usageSearchParams({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'A2'))).toBe('to');
    expect(field(() => usageSearchParams({ appIds: [] }, 'A2'))).toBe('appIds');
    expect(field(() => usageSearchParams({ appIds: ['a', ''] }, 'A2'))).toBe('appIds.1');
    expect(field(() => usageSearchParams({ appIds: ['a,b'] }, 'A3'))).toBe('appIds.0');
    expect(usageSearchParams({ appIds: ['a,b'] }, 'A2')).toMatchObject({ app_id: ['a,b'] });
  });
});

describe('usage figures', () => {
  const period = {
    period_date: '2026-01-01T00:00:00Z',
    authentication_quantity: 1,
    authentication_paid_quantity: 1,
    authentication_price: 0.1,
    marketing_quantity: 2,
    marketing_paid_quantity: 1,
    marketing_price: 0.2,
    business_initiated_quantity: 3,
    business_initiated_paid_quantity: 2,
    business_initiated_price: 0.3,
    quantity: 3,
    paid_quantity: 2,
    total_price: 0.3,
    free_quantity: 1,
    free_entry_point: 1,
    free_tier: 0,
  };

  it('maps every group; a figure the upstream left out is 0', () => {
    expect(periodFigures(period)).toEqual({
      quantity: 3,
      paidQuantity: 2,
      totalPrice: 0.3,
      freeQuantity: 1,
      freeEntryPoint: 1,
      freeTier: 0,
      businessInitiated: { quantity: 3, paidQuantity: 2, price: 0.3 },
      userInitiated: { quantity: 0, paidQuantity: 0, price: 0 },
      authentication: { quantity: 1, paidQuantity: 1, price: 0.1 },
      marketing: { quantity: 2, paidQuantity: 1, price: 0.2 },
      service: { quantity: 0, paidQuantity: 0, price: 0 },
      utility: { quantity: 0, paidQuantity: 0, price: 0 },
    });
  });

  it('sums every figure over the periods, prices without float noise', () => {
    const totals = sumPeriods([period, { ...period, period_date: '2026-01-02T00:00:00Z' }, { period_date: '2026-01-03T00:00:00Z', total_price: 0.1 }]);
    expect(totals.quantity).toBe(6);
    expect(totals.totalPrice).toBe(0.7);
    expect(totals.authentication).toEqual({ quantity: 2, paidQuantity: 2, price: 0.2 });
    expect(totals.businessInitiated).toEqual({ quantity: 6, paidQuantity: 4, price: 0.6 });
    expect(totals.freeEntryPoint).toBe(2);
    expect(sumPeriods([]).quantity).toBe(0);
  });
});
