import type { UsagePeriodDto } from '../datasources/types.js';
import type { ConversationCount, UsagePeriodResolvers, UsageTotals } from '../generated/graphql.js';

export type Figures = Omit<UsageTotals, '__typename'>;

type Category = 'authentication' | 'marketing' | 'service' | 'utility' | 'business_initiated' | 'user_initiated';

function count(period: UsagePeriodDto, category: Category): ConversationCount {
  return {
    quantity: period[`${category}_quantity`] ?? 0,
    paidQuantity: period[`${category}_paid_quantity`] ?? 0,
    price: period[`${category}_price`] ?? 0,
  };
}

/** One period's figures; a figure the upstream left out counts as 0. */
export function periodFigures(period: UsagePeriodDto): Figures {
  return {
    quantity: period.quantity ?? 0,
    paidQuantity: period.paid_quantity ?? 0,
    totalPrice: period.total_price ?? 0,
    freeQuantity: period.free_quantity ?? 0,
    freeEntryPoint: period.free_entry_point ?? 0,
    freeTier: period.free_tier ?? 0,
    businessInitiated: count(period, 'business_initiated'),
    userInitiated: count(period, 'user_initiated'),
    authentication: count(period, 'authentication'),
    marketing: count(period, 'marketing'),
    service: count(period, 'service'),
    utility: count(period, 'utility'),
  };
}

export const UsagePeriod: UsagePeriodResolvers = {
  periodDate: (period) => period.period_date,
  quantity: (period) => periodFigures(period).quantity,
  paidQuantity: (period) => periodFigures(period).paidQuantity,
  totalPrice: (period) => periodFigures(period).totalPrice,
  freeQuantity: (period) => periodFigures(period).freeQuantity,
  freeEntryPoint: (period) => periodFigures(period).freeEntryPoint,
  freeTier: (period) => periodFigures(period).freeTier,
  businessInitiated: (period) => count(period, 'business_initiated'),
  userInitiated: (period) => count(period, 'user_initiated'),
  authentication: (period) => count(period, 'authentication'),
  marketing: (period) => count(period, 'marketing'),
  service: (period) => count(period, 'service'),
  utility: (period) => count(period, 'utility'),
};
