import type { InsightSourceModel } from '../datasources/types.js';
import { BadUserInputError } from '../errors.js';
import { requirePartnerId } from '../identity/caller.js';
import { requireGrantedClient } from '../identity/grants.js';
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

export const insightsMutations: Pick<MutationResolvers, 'renameInsightsSource' | 'exportInsightsContacts'> = {
  renameInsightsSource: async (_parent, { clientId, sourceId, name }, { caller, dataSources, loaders }) => {
    const partnerId = requirePartnerId(caller);
    await requireGrantedClient(caller.grant, clientId, (id) => loaders.clientById.load({ partnerId, id }));
    return {
      success: await dataSources.insights.renameSource(partnerId, clientId, sourceId, name),
      source: { source: { id: sourceId, client_id: clientId, name }, insights: null },
    };
  },
  exportInsightsContacts: async (_parent, { clientId }, { caller, dataSources, loaders }) => {
    const partnerId = requirePartnerId(caller);
    await requireGrantedClient(caller.grant, clientId, (id) => loaders.clientById.load({ partnerId, id }));
    return dataSources.insights.exportContacts(partnerId, clientId);
  },
};
