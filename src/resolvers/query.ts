import { requirePartnerId } from '../http/auth.js';
import type { QueryResolvers } from '../generated/graphql.js';

export const Query: QueryResolvers = {
  partner: (_parent, { id }, { caller }) => ({ id: requirePartnerId(caller, id) }),
  client: (_parent, { id }, { caller, loaders }) => loaders.clientById.load({ partnerId: requirePartnerId(caller), id }),
  channel: (_parent, { id }, { caller, loaders }) => loaders.channelById.load({ partnerId: requirePartnerId(caller), id }),
};
