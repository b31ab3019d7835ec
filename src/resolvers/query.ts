import { requirePartnerId } from '../identity/caller.js';
import type { QueryResolvers } from '../generated/graphql.js';

export const Query: QueryResolvers = {
  partner: async (_parent, { id }, { caller, dataSources }) => {
    const partnerId = requirePartnerId(caller, id);
    // The caller's own partner needs no check; any other id must be one its credentials can read.
    if (partnerId !== caller.partnerId) await dataSources.partner.requireReadablePartner(partnerId);
    return { id: partnerId };
  },
  client: (_parent, { id }, { caller, loaders }) => loaders.clientById.load({ partnerId: requirePartnerId(caller), id }),
  channel: (_parent, { id }, { caller, loaders }) => loaders.channelById.load({ partnerId: requirePartnerId(caller), id }),
  viewer: (_parent, _args, { caller }) => caller,
};
