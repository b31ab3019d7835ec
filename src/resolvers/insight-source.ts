import type { InsightSourceModel } from '../datasources/types.js';
import { BadUserInputError } from '../errors.js';
import type { InsightSourceResolvers } from '../generated/graphql.js';

/** A field a rename's answer does not carry: an error at that field rather than an invented value in a client's cache. */
function listed<T>(read: (source: InsightSourceModel['source'], insights: NonNullable<InsightSourceModel['insights']>) => T, what = 'the other fields') {
  return ({ source, insights }: InsightSourceModel): T => {
    if (insights === null) throw new BadUserInputError(`A rename answers only id, clientId and name: read ${what} from ClientInsights.sources`, 'source');
    return read(source, insights);
  };
}

export const InsightSource: InsightSourceResolvers = {
  id: ({ source }) => source.id,
  clientId: ({ source }) => source.client_id ?? null,
  name: ({ source }) => source.name ?? null,
  appId: listed((source) => source.app_id ?? null),
  message: listed((source) => source.message ?? null),
  category: listed((source) => source.category ?? null),
  type: listed((source) => source.type ?? null),
  direction: listed((source) => source.direction ?? null),
  createdTime: listed((source) => source.created_time ?? null),
  totalConversations: listed((source) => source.total_conversations ?? null),
  totalSpend: listed((source) => source.total_spend ?? null),
  currency: listed((source) => source.currency ?? null),
  insights: listed(
    (_source, insights) =>
      insights.map((point) => ({
        sourceId: point.source_id ?? null,
        date: point.date,
        conversations: point.conversations,
        spend: point.spend,
        currency: point.currency ?? null,
      })),
    'insights',
  ),
};
