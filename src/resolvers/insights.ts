import { requirePartnerId } from '../http/auth.js';
import type { ClientInsightsResolvers, ClientResolvers, InsightSourceResolvers, MutationResolvers } from '../generated/graphql.js';

export const clientInsights: ClientResolvers['insights'] = (client) => ({ partnerId: client.partnerId, clientId: client.id });

/** Every data field first checks insights-allowed (one cached call per client): FORBIDDEN without touching the data endpoints. */
export const ClientInsights: ClientInsightsResolvers = {
  allowed: ({ partnerId, clientId }, _args, { dataSources }) => dataSources.insights.allowed(partnerId, clientId),
  sources: async ({ partnerId, clientId }, args, { dataSources }) => {
    const page = await dataSources.insights.sources(partnerId, clientId, args);
    return { totalCount: page.total_count, offset: page.offset ?? null, limit: page.limit ?? null, nodes: page.data };
  },
  actions: async ({ partnerId, clientId }, args, { dataSources }) => {
    const page = await dataSources.insights.actions(partnerId, clientId, args);
    return {
      totalCount: page.total_count,
      offset: page.offset ?? null,
      limit: page.limit ?? null,
      nodes: page.data.map((action) => ({
        id: action.id,
        appId: action.app_id ?? null,
        clientId: action.client_id ?? null,
        message: action.message ?? null,
        type: action.type ?? null,
        hits: action.hits,
      })),
    };
  },
  actionSources: async ({ partnerId, clientId }, args, { dataSources }) => {
    const page = await dataSources.insights.actionSources(partnerId, clientId, args);
    return {
      totalCount: page.total_count,
      offset: page.offset ?? null,
      limit: page.limit ?? null,
      nodes: page.data.map((entry) => ({
        appId: entry.app_id ?? null,
        clientId: entry.client_id ?? null,
        sourceId: entry.source_id,
        hits: entry.hits,
      })),
    };
  },
};

export const InsightSource: InsightSourceResolvers = {
  id: ({ source }) => source.id,
  appId: ({ source }) => source.app_id ?? null,
  clientId: ({ source }) => source.client_id ?? null,
  name: ({ source }) => source.name ?? null,
  message: ({ source }) => source.message ?? null,
  category: ({ source }) => source.category ?? null,
  type: ({ source }) => source.type ?? null,
  direction: ({ source }) => source.direction ?? null,
  createdTime: ({ source }) => source.created_time ?? null,
  totalConversations: ({ source }) => source.total_conversations ?? null,
  totalSpend: ({ source }) => source.total_spend ?? null,
  currency: ({ source }) => source.currency ?? null,
  insights: ({ insights }) =>
    insights.map((point) => ({ date: point.date, conversations: point.conversations, spend: point.spend, currency: point.currency ?? null })),
};

export const insightsMutations: Pick<MutationResolvers, 'renameInsightsSource' | 'exportInsightsContacts'> = {
  renameInsightsSource: (_parent, { clientId, sourceId, name }, { caller, dataSources }) =>
    dataSources.insights.renameSource(requirePartnerId(caller), clientId, sourceId, name),
  exportInsightsContacts: (_parent, { clientId }, { caller, dataSources }) => dataSources.insights.exportContacts(requirePartnerId(caller), clientId),
};
