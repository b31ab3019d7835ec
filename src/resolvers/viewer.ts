import { LISTING_LIMIT_MAX } from '../datasources/filters.js';
import { requirePartnerId } from '../identity/caller.js';
import type { ViewerResolvers } from '../generated/graphql.js';

export const Viewer: ViewerResolvers = {
  actor: (caller) => caller.actor,
  scopes: (caller) => [...caller.scopes],
  allClients: (caller) => caller.grant.allClients,
  clientIds: async (caller, _args, { dataSources }) => {
    const partnerId = requirePartnerId(caller);
    const ids: string[] = [];
    // Page by page through the (cached) listing: a grant names ids, only the partner's own count.
    for (let offset = 0; ; offset += LISTING_LIMIT_MAX) {
      const page = await dataSources.partner.listClients(partnerId, { limit: LISTING_LIMIT_MAX, offset });
      ids.push(...page.nodes.map((client) => client.id));
      if (page.nodes.length < LISTING_LIMIT_MAX) break;
    }
    const { grant } = caller;
    return grant.allClients ? ids : ids.filter((id) => grant.clientIds.has(id));
  },
};
