import { requirePartnerId } from '../identity/caller.js';
import type { PartnerResolvers } from '../generated/graphql.js';

export const Partner: PartnerResolvers = {
  __resolveReference: (reference, { caller }) => ({ id: requirePartnerId(caller, reference.id) }),
  clients: async ({ id }, args, { dataSources, loaders }) => {
    const list = await dataSources.partner.listClients(id, args);
    loaders.primeClients(id, list.nodes);
    return list;
  },
  channels: async ({ id }, args, { dataSources, loaders }) => {
    const list = await dataSources.partner.listChannels(id, args);
    loaders.primeChannels(id, list.nodes);
    return list;
  },
  client: ({ id }, args, { loaders }) => loaders.clientById.load({ partnerId: id, id: args.id }),
  channel: ({ id }, args, { loaders }) => loaders.channelById.load({ partnerId: id, id: args.id }),
};
