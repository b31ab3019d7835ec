import { requirePartnerId } from '../identity/caller.js';
import { gatewayWebhookUrl } from '../events/credentials.js';
import { restartWatch } from './webhook-connection.js';
import type { Context } from '../context.js';
import { BadUserInputError, ErrorCode, HubgraphError, ServiceWindowClosedError } from '../errors.js';
import type { MutationResolvers } from '../generated/graphql.js';
import { createApiKey } from '../messaging/api-keys.js';
import { checkPhoneNumber, checkReason } from '../messaging/blocking.js';
import { buildBusinessProfileUpdate, profileForGraph } from '../messaging/business-profile.js';
import { idempotentSendsFor } from '../messaging/idempotency.js';
import { isoOrNull } from './conversation.js';
import { buildSendMessageBody, recipientKeyOf, toSentMessage, type SentMessageResult, withAccountNamespace } from '../messaging/send-message.js';
import type { ChannelRoute } from '../datasources/messaging-api.js';
import { requiresTemplateNamespace } from '../datasources/hosting.js';
import { buildLimitedTimeOfferTemplate } from '../messaging/templates.js';
import { redactedHeaders, validateWebhookConfig, WABA_WEBHOOK_ACTIVATION_MS, webhookAnswer } from '../messaging/webhooks.js';

const IDEMPOTENCY_KEY_MAX = 256;

/**
 * SERVICE_WINDOW_GUARD: a free-form message to a contact whose window the gateway knows to be closed is
 * refused before anything is sent. UNKNOWN goes through (the upstream decides), and so does every send
 * while the store cannot be read: the guard saves a failed send, it must never block a good one.
 */
async function guardServiceWindow({ services, logger }: Context, channelId: string, contact: string, type: string): Promise<void> {
  if (type === 'template' || services.config.serviceWindowGuard === 'off') return;
  const window = await services.events.serviceWindow(channelId, contact).catch((error: unknown) => {
    logger.warn({ err: error, channelId }, 'the service window could not be read; sending unguarded');
    return null;
  });
  if (window?.state === 'CLOSED') {
    throw new ServiceWindowClosedError({ lastInboundAt: isoOrNull(window.lastInboundMs), sent: false });
  }
}

/**
 * An on-premise send's body: a template without namespace gets the business account's when the channel's server is
 * known to be below 2.41 (its version from the last send answer); unknown, it goes as given.
 */
async function onPremiseBody({ services, logger }: Context, route: ChannelRoute, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (body.type !== 'template') return body;
  const version = await services.onPremiseVersions.get(route.tenant.partnerId, route.channel.id).catch((error: unknown) => {
    logger.warn({ err: error, channelId: route.channel.id }, 'the on-premise version could not be read');
    return null;
  });
  return withAccountNamespace(body, version !== null && requiresTemplateNamespace(version), route.channel.waba_account?.namespace);
}

/** Area B mutations and A6 (whose point is the area-B key); spread into Mutation in index.ts. */
export const messagingMutations: MutationResolvers = {
  sendMessage: async (_parent, { channelId, input }, context) => {
    const partnerId = requirePartnerId(context.caller);
    const { messaging } = context.dataSources;
    const { config, events } = context.services;
    const idempotencyKey = input.idempotencyKey ?? undefined;
    if (idempotencyKey !== undefined && (idempotencyKey.trim() === '' || idempotencyKey.length > IDEMPOTENCY_KEY_MAX)) {
      throw new BadUserInputError(`idempotencyKey must have 1 to ${IDEMPOTENCY_KEY_MAX} characters`, 'input.idempotencyKey');
    }
    const route = await messaging.route(partnerId, channelId);
    const body = buildSendMessageBody(input, { hosting: route.hosting, messagingProduct: config.messagingProduct });
    const type = String(body.type);
    // The contact key the body sends to: digits for a phone number, else a business-scoped user id.
    const recipient = recipientKeyOf(body);
    const send = async () => {
      await guardServiceWindow(context, channelId, recipient, type);
      const sent = route.hosting === 'ON_PREMISE' ? await onPremiseBody(context, route, body) : body;
      let answer;
      try {
        answer = await messaging.sendMessage(route, sent);
      } catch (error) {
        if (error instanceof ServiceWindowClosedError) {
          await events
            .closeWindow(channelId, recipient)
            .catch((failure: unknown) => context.logger.warn({ err: failure, channelId }, 'the closed window could not be recorded'));
        }
        throw error;
      }
      if (route.hosting === 'ON_PREMISE') {
        await context.services.onPremiseVersions
          .record(partnerId, channelId, answer.meta?.version)
          .catch((error: unknown) => context.logger.warn({ err: error, channelId }, 'the on-premise version could not be recorded'));
      }
      const result = toSentMessage(String(body.to ?? body.recipient), answer);
      if (!result) {
        throw new HubgraphError('The upstream answered the send without a message id', ErrorCode.UpstreamError, {
          upstream: { endpoint: 'B1', status: 200 },
        });
      }
      context.logger.info({ channelId, type, messageId: result.id }, 'message sent');
      // The message is sent whatever happens to its record: a store failure here is logged, never the answer.
      await events
        .recordSend(channelId, {
          messageId: result.id,
          contact: result.waId ?? recipient,
          type,
          text: type === 'text' ? (input.text?.body ?? null) : null,
          body,
        })
        .catch((error: unknown) => context.logger.warn({ err: error, channelId, messageId: result.id }, 'the sent message could not be recorded'));
      return result;
    };
    // The channel and contact ride along (not stored with an idempotent result) so the answer can lead to the record and conversation.
    const answer = (result: SentMessageResult) => ({ ...result, channelId, contact: result.waId ?? recipient });
    if (idempotencyKey === undefined) return answer(await send());
    const sends = idempotentSendsFor(context.services.store, context.services.redis, {
      pendingMs: config.upstreamTimeoutMs * 2,
      logger: context.services.logger,
    });
    return answer(await sends.run({ partnerId, channelId, key: idempotencyKey }, body, send));
  },

  createLimitedTimeOfferTemplate: async (_parent, { channelId, input }, { caller, dataSources: { messaging } }) => {
    const body = buildLimitedTimeOfferTemplate(input);
    const route = await messaging.routeFor(requirePartnerId(caller), channelId, 'CLOUD', 'Limited-time-offer templates');
    return messaging.createTemplate(route, body);
  },

  updateBusinessProfile: async (_parent, { channelId, input }, { caller, services, dataSources: { messaging } }) => {
    const partnerId = requirePartnerId(caller);
    const route = await messaging.route(partnerId, channelId);
    await messaging.updateBusinessProfile(route, buildBusinessProfileUpdate(input, route.hosting, services.config.messagingProduct));
    // The update's answer is not specified (spec B4): the profile is read back.
    return { ...profileForGraph(await messaging.businessProfile(route), route.hosting), channelRef: { partnerId, channelId } };
  },

  setWebhook: async (_parent, { channelId, input }, context) => {
    const { messaging } = context.dataSources;
    const partnerId = requirePartnerId(context.caller);
    const route = await messaging.route(partnerId, channelId);
    const config = validateWebhookConfig(input, route.hosting);
    const stored = await messaging.setWebhook(partnerId, channelId, config);
    if (config.url === gatewayWebhookUrl(context.services.config.publicUrl, channelId)) await restartWatch(context, channelId);
    return { ...webhookAnswer(stored, config), channelRef: { partnerId, channelId } };
  },

  setWabaWebhook: async (_parent, { channelId, input }, { caller, dataSources: { messaging } }) => {
    const partnerId = requirePartnerId(caller);
    const route = await messaging.routeFor(partnerId, channelId, 'CLOUD', 'The business-account webhook');
    const config = validateWebhookConfig(input, 'CLOUD');
    const answer = await messaging.setWabaWebhook(route, { ...config, override_all: input.overrideAll ?? false });
    return {
      wabaId: null,
      numbers: null,
      url: config.url,
      headers: redactedHeaders(config.headers),
      message: answer.message ?? null,
      activatesAt: new Date(Date.now() + WABA_WEBHOOK_ACTIVATION_MS).toISOString(),
      channelRef: { partnerId, channelId },
    };
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

  createApiKey: (_parent, { channelId }, context) => createApiKey(context, requirePartnerId(context.caller), channelId),
};
