import { requirePartnerId } from '../identity/caller.js';
import { BadUserInputError } from '../errors.js';
import { gatewayWebhook } from '../events/credentials.js';
import type { MutationResolvers } from '../generated/graphql.js';
import { webhookPointedAtGateway } from './webhook-connection.js';
import { HTTPS_REQUIRED, isLoopbackHttpUrl, validateWebhookConfig, webhookAnswer } from '../messaging/webhooks.js';

export const eventsMutations: MutationResolvers = {
  /**
   * B6 number-level webhook → PUBLIC_URL/webhooks/{channelId} with the channel's derived Basic
   * credential. The answer shows the credential redacted: only the upstream needs it, and any
   * instance recomputes it from KEYSTORE_SECRET.
   */
  connectWebhookToGateway: async (_parent, { channelId }, context) => {
    const {
      caller,
      config: gatewayConfig,
      dataSources: { messaging },
    } = context;
    const partnerId = requirePartnerId(caller);
    const route = await messaging.route(partnerId, channelId);
    const { publicUrl } = gatewayConfig;
    if (!/^https:/i.test(publicUrl) && !isLoopbackHttpUrl(publicUrl)) {
      throw new BadUserInputError(
        `PUBLIC_URL (${publicUrl}) is not https: ${HTTPS_REQUIRED}, so it could never reach this gateway. ` +
          "Set PUBLIC_URL to the gateway's public https:// address (e.g. a TLS-terminating proxy in front of it); " +
          'plain http is accepted only for a loopback address, which only an upstream on this machine (the embedded simulator) can reach.',
        'channelId',
      );
    }
    let config;
    try {
      // A loopback PUBLIC_URL keeps its port on cloud channels only for the embedded simulator, the one upstream that reaches it.
      config = validateWebhookConfig(gatewayWebhook(gatewayConfig, channelId), route.hosting, 'input', {
        allowLoopbackHttp: true,
        allowLoopbackPort: gatewayConfig.embeddedSimulator,
      });
    } catch (error) {
      if (!(error instanceof BadUserInputError)) throw error;
      // The only input here is the configured PUBLIC_URL (e.g. a port, which cloud webhooks refuse).
      throw new BadUserInputError(`PUBLIC_URL cannot receive this channel's notifications: ${error.message}`, 'channelId');
    }
    const stored = await messaging.setWebhook(partnerId, channelId, config);
    await webhookPointedAtGateway(context, partnerId, channelId, [channelId]);
    return { ...webhookAnswer(stored, config), channelRef: { partnerId, channelId } };
  },
};
