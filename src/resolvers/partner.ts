import { requirePartnerId } from '../identity/caller.js';
import { clientIdOfChannel, clientIdOfClient, listWithinGrant } from '../identity/grants.js';
import type { PartnerResolvers } from '../generated/graphql.js';

export const Partner: PartnerResolvers = {
  __resolveReference: (reference, { caller }) => ({ id: requirePartnerId(caller, reference.id) }),
  clients: async ({ id }, args, { caller, dataSources, loaders }) => {
    const list = await listWithinGrant(caller.grant, args, 'id', clientIdOfClient, (query) => dataSources.partner.listClients(id, query));
    loaders.primeClients(id, list.nodes);
    return list;
  },
  channels: async ({ id }, args, { caller, dataSources, loaders }) => {
    const list = await listWithinGrant(caller.grant, args, 'clientId', clientIdOfChannel, (query) => dataSources.partner.listChannels(id, query));
    loaders.primeChannels(id, list.nodes);
    return list;
  },
  client: ({ id }, args, { loaders }) => loaders.clientById.load({ partnerId: id, id: args.id }),
  channel: ({ id }, args, { loaders }) => loaders.channelById.load({ partnerId: id, id: args.id }),
};
