import type { ChannelResolvers } from '../../generated/graphql.js';
import { profileForGraph } from '../../messaging/business-profile.js';
import { checkBlocklistPage } from '../../messaging/blocking.js';
import { redactedHeaders } from '../../messaging/webhooks.js';
import { refOf } from './ref.js';

/** Channel fields served by area B with the channel's key (B3 for media). */
export const ChannelMessaging: ChannelResolvers = {
  businessProfile: async (channel, _args, { dataSources: { messaging } }) => {
    const route = await messaging.route(channel.partnerId, channel.id);
    return { ...profileForGraph(await messaging.businessProfile(route), route.hosting), channelRef: refOf(channel) };
  },
  webhook: async (channel, _args, { dataSources: { messaging } }) => {
    const webhook = await messaging.getWebhook(channel.partnerId, channel.id);
    return webhook.url ? { url: webhook.url, headers: redactedHeaders(webhook.headers), channelRef: refOf(channel) } : null;
  },
  wabaWebhook: async (channel, _args, { dataSources: { messaging } }) => {
    const route = await messaging.routeFor(channel.partnerId, channel.id, 'CLOUD', 'The business-account webhook');
    const webhook = await messaging.wabaWebhook(route);
    return {
      wabaId: webhook.waba_id ?? null,
      numbers: webhook.numbers_on_this_waba ?? null,
      url: webhook.url ?? null,
      headers: redactedHeaders(webhook.headers),
      message: null,
      activatesAt: null,
      channelRef: refOf(channel),
    };
  },
  media: async (channel, { id }, { dataSources: { media } }) => {
    const route = await media.route(channel.partnerId, channel.id);
    return media.metadata(route, id);
  },
  blockedContacts: async (channel, { limit, offset }, { dataSources: { messaging } }) => {
    const page = checkBlocklistPage(limit, offset);
    const route = await messaging.routeFor(channel.partnerId, channel.id, 'ON_PREMISE', 'Blocking contacts');
    const body = await messaging.blockedContacts(route, page);
    const waIds = (body.contacts ?? []).map((contact) => contact.wa_id);
    return {
      total: body.pagination?.total ?? waIds.length,
      limit: body.pagination?.limit ?? page.limit,
      offset: body.pagination?.offset ?? page.offset,
      waIds,
    };
  },
};
