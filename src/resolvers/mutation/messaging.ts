import { requirePartnerId } from '../../identity/caller.js';
import { requireGrantedChannel } from '../../identity/grants.js';
import { channelOfGatewayWebhookUrl } from '../../events/ingest/credentials.js';
import { webhookPointedAtGateway } from '../../messaging/webhook-connection.js';
import { BadUserInputError } from '../../errors.js';
import type { MutationResolvers } from '../../generated/graphql.js';
import { createApiKey } from '../../messaging/api-keys.js';
import { checkPhoneNumber, checkReason } from '../../messaging/blocking.js';
import { buildBusinessProfileUpdate, profileForGraph } from '../../messaging/business-profile.js';
import { sendMessage } from '../../messaging/send-flow.js';
import { buildLimitedTimeOfferTemplate } from '../../messaging/templates.js';
import { validateWebhookConfig, WABA_WEBHOOK_ACTIVATION_MS, wabaWebhookAnswer, webhookAnswer } from '../../messaging/webhooks.js';

/** Area B mutations and A6 (whose point is the area-B key). */
export const messagingMutations: MutationResolvers = {
  sendMessage: (_parent, { channelId, input }, context) =>
    sendMessage(
      {
        channels: context.dataSources.messaging,
        idempotency: context.idempotentSends,
        windows: context.events,
        recorder: context.events,
        onPremiseVersions: context.onPremiseVersions,
        logger: context.logger,
        settings: context.config,
      },
      { partnerId: requirePartnerId(context.caller), channelId, input, sentBy: context.caller.actor },
    ),

  createLimitedTimeOfferTemplate: async (_parent, { channelId, input }, { caller, dataSources: { messaging } }) => {
    const body = buildLimitedTimeOfferTemplate(input);
    const route = await messaging.routeFor(requirePartnerId(caller), channelId, 'CLOUD', 'Limited-time-offer templates');
    return messaging.createTemplate(route, body);
  },

  updateBusinessProfile: async (_parent, { channelId, input }, { caller, config, dataSources: { messaging } }) => {
    const partnerId = requirePartnerId(caller);
    const route = await messaging.route(partnerId, channelId);
    await messaging.updateBusinessProfile(route, buildBusinessProfileUpdate(input, route.hosting, config.messagingProduct));
    // The update's answer is not specified (spec B4): the profile is read back.
    return { ...profileForGraph(await messaging.businessProfile(route), route.hosting), channelRef: { partnerId, channelId } };
  },

  setWebhook: async (_parent, { channelId, input }, context) => {
    const { messaging } = context.dataSources;
    const partnerId = requirePartnerId(context.caller);
    const route = await messaging.route(partnerId, channelId);
    const config = validateWebhookConfig(input, route.hosting);
    const stored = await messaging.setWebhook(partnerId, channelId, config);
    const receiving = channelOfGatewayWebhookUrl(context.config.publicUrl, config.url);
    if (receiving !== null) await webhookPointedAtGateway(context, partnerId, receiving, [channelId]);
    return { ...webhookAnswer(stored, config), channelRef: { partnerId, channelId } };
  },

  setWabaWebhook: async (_parent, { channelId, input }, context) => {
    const { messaging } = context.dataSources;
    const partnerId = requirePartnerId(context.caller);
    const route = await messaging.routeFor(partnerId, channelId, 'CLOUD', 'The business-account webhook');
    const config = validateWebhookConfig(input, 'CLOUD');
    const answer = await messaging.setWabaWebhook(route, { ...config, override_all: input.overrideAll ?? false });
    // Every number of the account may now be served by that receiver URL: its channels are kept for routing and watched afresh.
    const receiving = channelOfGatewayWebhookUrl(context.config.publicUrl, config.url);
    if (receiving !== null) await webhookPointedAtGateway(context, partnerId, receiving, null, WABA_WEBHOOK_ACTIVATION_MS);
    return { ...wabaWebhookAnswer(config, answer.message), channelRef: { partnerId, channelId } };
  },

  blockContact: async (_parent, { channelId, phoneNumber, reason }, { caller, dataSources: { messaging } }) => {
    const number = checkPhoneNumber(phoneNumber);
    const checkedReason = checkReason(reason);
    const partnerId = requirePartnerId(caller);
    const route = await messaging.routeFor(partnerId, channelId, 'ON_PREMISE', 'Blocking contacts');
    await messaging.blockContact(route, number, checkedReason);
    return { success: true, phoneNumber, blocked: true, channelRef: { partnerId, channelId } };
  },

  unblockContact: async (_parent, { channelId, phoneNumber }, { caller, dataSources: { messaging } }) => {
    const number = checkPhoneNumber(phoneNumber);
    const partnerId = requirePartnerId(caller);
    const route = await messaging.routeFor(partnerId, channelId, 'ON_PREMISE', 'Unblocking contacts');
    await messaging.unblockContact(route, number);
    return { success: true, phoneNumber, blocked: false, channelRef: { partnerId, channelId } };
  },

  reportContact: async (_parent, { channelId, phoneNumber, reason, block, messageId }, { caller, dataSources: { messaging } }) => {
    const number = checkPhoneNumber(phoneNumber);
    const checkedReason = checkReason(reason);
    if (messageId !== null && messageId !== undefined && messageId.trim() === '') {
      throw new BadUserInputError('messageId must not be empty (omit it to forward the last 5 messages)', 'messageId');
    }
    const partnerId = requirePartnerId(caller);
    const route = await messaging.routeFor(partnerId, channelId, 'ON_PREMISE', 'Reporting contacts');
    await messaging.reportContact(route, number, {
      ...(checkedReason !== undefined && { reason: checkedReason }),
      block: block ?? false,
      ...(messageId && { message_id: messageId }),
    });
    return { success: true, phoneNumber, blocked: block ? true : null, channelRef: { partnerId, channelId } };
  },

  createApiKey: async (_parent, { channelId }, { caller, dataSources: { partner, messaging }, keys, loaders, logger }) => {
    const partnerId = requirePartnerId(caller);
    // The key is created even when the old webhook cannot be read: the channel is checked against the grant first.
    await requireGrantedChannel(caller.grant, channelId, (id) => loaders.channelById.load({ partnerId, id }));
    return createApiKey({ partner, messaging, keys, logger }, partnerId, channelId);
  },
};
