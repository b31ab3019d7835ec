import { requirePartnerId } from '../identity/caller.js';
import { clientIdOfChannel, clientIdOfClient, listWithinGrant, requireEveryClient } from '../identity/grants.js';
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
  auditTrail: async ({ id }, { first, after, actor, channelId }, { caller, config, dataSources, auditTrail }) => {
    // hubgraph:admin is checked from the SDL before this runs; the trail is partner-wide, so every client too.
    requireEveryClient(caller.grant, 'Partner.auditTrail');
    // The trail is the gateway's own store, which the upstream never checks: a forwarded credential must first show it
    // reads this partner (the cached listing), or any token naming a partner in X-Partner-Id would read its trail.
    if (!config.partnerToken) await dataSources.partner.requireReadablePartner(id);
    return auditTrail.page(id, { first: first ?? 50, after: after ?? null, actor: actor ?? null, channelId: channelId ?? null });
  },
  client: ({ id }, args, { loaders }) => loaders.clientById.load({ partnerId: id, id: args.id }),
  channel: ({ id }, args, { loaders }) => loaders.channelById.load({ partnerId: id, id: args.id }),
};
