import { requirePartnerId } from '../../identity/caller.js';
import { requireGrantedClient } from '../../identity/grants.js';
import type { MutationResolvers } from '../../generated/graphql.js';

/** Area C mutations: an insights source renamed, a client's insights contacts exported. */
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
