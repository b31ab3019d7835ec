import type { UsageDto, UsagePeriodDto } from '../datasources/types.js';
import { ErrorCode, HubgraphError } from '../errors.js';
import type { ConversationCount, Granularity, UsageResolvers } from '../generated/graphql.js';
import { periodFigures, type Figures } from './usage-period.js';

/** Sums of decimal prices are rounded to 6 places so 0.1 + 0.2 reads 0.3. */
const roundPrice = (value: number) => Math.round(value * 1e6) / 1e6;

const addCounts = (a: ConversationCount, b: ConversationCount): ConversationCount => ({
  quantity: a.quantity + b.quantity,
  paidQuantity: a.paidQuantity + b.paidQuantity,
  price: roundPrice(a.price + b.price),
});

/** Every figure of every group summed over the periods. */
export function sumPeriods(periods: readonly UsagePeriodDto[]): Figures {
  const zero: ConversationCount = { quantity: 0, paidQuantity: 0, price: 0 };
  return periods.map(periodFigures).reduce<Figures>(
    (total, figures) => ({
      quantity: total.quantity + figures.quantity,
      paidQuantity: total.paidQuantity + figures.paidQuantity,
      totalPrice: roundPrice(total.totalPrice + figures.totalPrice),
      freeQuantity: total.freeQuantity + figures.freeQuantity,
      freeEntryPoint: total.freeEntryPoint + figures.freeEntryPoint,
      freeTier: total.freeTier + figures.freeTier,
      businessInitiated: addCounts(total.businessInitiated, figures.businessInitiated),
      userInitiated: addCounts(total.userInitiated, figures.userInitiated),
      authentication: addCounts(total.authentication, figures.authentication),
      marketing: addCounts(total.marketing, figures.marketing),
      service: addCounts(total.service, figures.service),
      utility: addCounts(total.utility, figures.utility),
    }),
    {
      quantity: 0,
      paidQuantity: 0,
      totalPrice: 0,
      freeQuantity: 0,
      freeEntryPoint: 0,
      freeTier: 0,
      businessInitiated: zero,
      userInitiated: zero,
      authentication: zero,
      marketing: zero,
      service: zero,
      utility: zero,
    },
  );
}

const GRANULARITIES: Record<string, Granularity> = { day: 'DAY', month: 'MONTH' };

export const Usage: UsageResolvers = {
  balance: (usage) => usage.balance ?? 0,
  currency: (usage) => (usage.currency ?? '').toUpperCase(),
  lastRenewal: (usage) => (usage.last_renewal ? { date: usage.last_renewal.date ?? null, amount: usage.last_renewal.amount ?? null } : null),
  businessInitiatedPrice: (usage) => usage.bi_price_for_currency_and_client_country ?? null,
  userInitiatedPrice: (usage) => usage.ui_price_for_currency_and_client_country ?? null,
  estimatedTemplateCost: (usage) => usage.estimated_template_cost ?? null,
  granularity: (usage: UsageDto) => {
    const granularity = GRANULARITIES[String(usage.granularity).toLowerCase()];
    if (granularity) return granularity;
    throw new HubgraphError(`Unknown usage granularity ${JSON.stringify(usage.granularity)}`, ErrorCode.UpstreamError, {
      upstreamField: 'granularity',
      upstreamValue: usage.granularity,
    });
  },
  periods: (usage) => usage.usage ?? [],
  totals: (usage) => sumPeriods(usage.usage ?? []),
};
