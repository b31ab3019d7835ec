import { requirePartnerId } from '../identity/caller.js';
import type { UserRefDto } from '../datasources/types.js';
import type { ClientResolvers, UserRef } from '../generated/graphql.js';

const userRef = (user: UserRefDto | null | undefined): UserRef | null => (user ? { userId: user.user_id ?? null, userName: user.user_name ?? null } : null);

export const Client: ClientResolvers = {
  __resolveReference: (reference, { caller, loaders }) => loaders.clientById.load({ partnerId: requirePartnerId(caller), id: reference.id }),
  partnerPayload: (client) => client.partner_payload ?? null,
  maxChannels: (client) => client.max_channels ?? null,
  createdAt: (client) => client.created_at ?? null,
  modifiedAt: (client) => client.modified_at ?? null,
  metaInfo: (client) =>
    client.meta_info
      ? {
          businessVertical: client.meta_info.business_vertical ?? null,
          timezone: client.meta_info.timezone ?? null,
          about: client.meta_info.about ?? null,
          businessDescription: client.meta_info.business_description ?? null,
          useCase: client.meta_info.use_case ?? null,
        }
      : null,
  contactInfo: (client) =>
    client.contact_info
      ? {
          webpageUrl: client.contact_info.webpage_url ?? null,
          phone: client.contact_info.phone ?? null,
          language: client.contact_info.language ?? null,
          country: client.contact_info.country ?? null,
          streetName: client.contact_info.street_name ?? null,
          city: client.contact_info.city ?? null,
          email: client.contact_info.email ?? null,
          fullName: client.contact_info.full_name ?? null,
          zipCode: client.contact_info.zip_code ?? null,
        }
      : null,
  contactUser: (client) => client.contact_user ?? null,
  createdBy: (client) => userRef(client.created_by),
  modifiedBy: (client) => userRef(client.modified_by),
  channels: async (client, args, { dataSources, loaders }) => {
    const { partnerId } = client;
    const list = await dataSources.partner.listChannels(partnerId, {
      ...args,
      filter: { ...args.filter, clientId: client.id },
    });
    loaders.primeChannels(partnerId, list.nodes);
    return list;
  },
  manageableChannels: (client, _args, { dataSources }) => dataSources.partner.sharedClientNumbers(client.partnerId, client.id),
  /** A2 */
  usage: (client, args, { dataSources }) => dataSources.partner.clientUsage(client.partnerId, client.id, args),
  insights: (client) => ({ partnerId: client.partnerId, clientId: client.id }),
};
