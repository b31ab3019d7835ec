import type { UsageDto, UsagePeriodDto } from '../datasources/types.js';
import { ErrorCode, HubgraphError } from '../errors.js';
import type {
  ChannelResolvers,
  ClientResolvers,
  ConversationCount,
  Granularity,
  UsagePeriodResolvers,
  UsageResolvers,
  UsageTotals,
} from '../generated/graphql.js';

type Figures = Omit<UsageTotals, '__typename'>;

type Category = 'authentication' | 'marketing' | 'service' | 'utility' | 'business_initiated' | 'user_initiated';

/** Sums of decimal prices are rounded to 6 places so 0.1 + 0.2 reads 0.3. */
const roundPrice = (value: number) => Math.round(value * 1e6) / 1e6;

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

/** A2 */
export const clientUsage: ClientResolvers['usage'] = (client, args, { dataSources }) => dataSources.partner.clientUsage(client.partnerId, client.id, args);

/** A3: the path names the channel's owning client. */
export const channelUsage: ChannelResolvers['usage'] = (channel, args, { dataSources }) =>
  dataSources.partner.channelUsage(channel.partnerId, channel.client_id, channel.id, args);
