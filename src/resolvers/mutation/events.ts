import { requirePartnerId } from '../../identity/caller.js';
import { BadUserInputError } from '../../errors.js';
import { gatewayWebhook } from '../../events/ingest/credentials.js';
import type { Config } from '../../config.js';
import type { MutationResolvers } from '../../generated/graphql.js';
import type { MessagingHosting } from '../../messaging/send-message.js';
import { webhookPointedAtGateway } from '../../messaging/webhook-connection.js';
import {
  HTTPS_REQUIRED,
  isLoopbackHttpUrl,
  validateWebhookConfig,
  WABA_WEBHOOK_ACTIVATION_MS,
  wabaWebhookAnswer,
  webhookAnswer,
} from '../../messaging/webhooks.js';

/** Webhooks pointed at this gateway's receiver (the events it logs and serves). */
export const eventsMutations: MutationResolvers = {
  /**
   * B6 number-level webhook → PUBLIC_URL/webhooks/{channelId} with the channel's derived Basic
   * credential. The answer shows the credential redacted: only the upstream needs it, and any
   * instance recomputes it from KEYSTORE_SECRET.
   */
  connectWebhookToGateway: async (_parent, { channelId }, context) => {
    const partnerId = requirePartnerId(context.caller);
    const { messaging } = context.dataSources;
    const route = await messaging.route(partnerId, channelId);
    const config = gatewayWebhookConfig(context.config, channelId, route.hosting);
    const stored = await messaging.setWebhook(partnerId, channelId, config);
    await webhookPointedAtGateway(context, partnerId, channelId, [channelId]);
    return { ...webhookAnswer(stored, config), channelRef: { partnerId, channelId } };
  },

  /**
   * B6 business-account webhook → this channel's gateway URL and credential: every cloud number of
   * the account then delivers here, and the receiver routes each notification to its number's
   * channel by its metadata. The account's channels are kept for that routing and watched afresh.
   */
  connectWabaWebhookToGateway: async (_parent, { channelId, overrideAll }, context) => {
    const partnerId = requirePartnerId(context.caller);
    const { messaging } = context.dataSources;
    const route = await messaging.routeFor(partnerId, channelId, 'CLOUD', 'The business-account webhook');
    const config = gatewayWebhookConfig(context.config, channelId, 'CLOUD');
    const answer = await messaging.setWabaWebhook(route, { ...config, override_all: overrideAll ?? false });
    await webhookPointedAtGateway(context, partnerId, channelId, null, WABA_WEBHOOK_ACTIVATION_MS);
    return { ...wabaWebhookAnswer(config, answer.message), channelRef: { partnerId, channelId } };
  },
};

/**
 * The channel's gateway webhook (PUBLIC_URL/webhooks/{channelId} with its derived Basic credential),
 * refused with BAD_USER_INPUT when PUBLIC_URL could never receive the upstream's notifications.
 */
function gatewayWebhookConfig(gatewayConfig: Config, channelId: string, hosting: MessagingHosting) {
  const { publicUrl } = gatewayConfig;
  if (!/^https:/i.test(publicUrl) && !isLoopbackHttpUrl(publicUrl)) {
    throw new BadUserInputError(
      `PUBLIC_URL (${publicUrl}) is not https: ${HTTPS_REQUIRED}, so it could never reach this gateway. ` +
        "Set PUBLIC_URL to the gateway's public https:// address (e.g. a TLS-terminating proxy in front of it); " +
        'plain http is accepted only for a loopback address, which only an upstream on this machine (the embedded simulator) can reach.',
      'channelId',
    );
  }
  try {
    // A loopback PUBLIC_URL keeps its port on cloud channels only for the embedded simulator, the one upstream that reaches it.
    return validateWebhookConfig(gatewayWebhook(gatewayConfig, channelId), hosting, 'input', {
      allowLoopbackHttp: true,
      allowLoopbackPort: gatewayConfig.embeddedSimulator,
    });
  } catch (error) {
    if (!(error instanceof BadUserInputError)) throw error;
    // The only input here is the configured PUBLIC_URL (e.g. a port, which cloud webhooks refuse).
    throw new BadUserInputError(`PUBLIC_URL cannot receive this channel's notifications: ${error.message}`, 'channelId');
  }
}
