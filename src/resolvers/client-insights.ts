import type { ClientInsightsResolvers } from '../generated/graphql.js';

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
