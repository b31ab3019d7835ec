import type { Context } from '../context.js';
import { ErrorCode, HubgraphError } from '../errors.js';
import { gatewayWebhookUrl } from '../events/credentials.js';

/**
 * A subscription never waits in silence: on a channel whose effective webhook (number-level, else on cloud the
 * business account's) does not point at this gateway's receiver no event would ever arrive, so it is refused with
 * WEBHOOK_NOT_CONNECTED and a hint. The webhook reads are never cached, so the check sees a change made anywhere (a key
 * created outside the gateway, a business-account webhook that has just activated); when the check itself fails
 * (upstream down, no key known), the subscription goes ahead rather than being blocked by the check.
 */
export async function requireWebhookConnected(context: Context, partnerId: string, channelId: string): Promise<void> {
  const { config, dataSources, logger } = context;
  if (config.webhookCheck === 'off') return;
  let effective: string | null;
  try {
    effective = await dataSources.messaging.effectiveWebhookUrl(partnerId, channelId);
  } catch (error) {
    logger.warn({ channelId, code: error instanceof HubgraphError ? error.code : 'INTERNAL' }, 'webhook check failed: subscribing without it');
    return;
  }
  if (effective === gatewayWebhookUrl(config.publicUrl, channelId)) return;
  throw new HubgraphError(
    effective
      ? `Channel ${channelId}'s notifications go to another URL, so no event of it reaches this gateway`
      : `Channel ${channelId} has no webhook, so no event of it reaches this gateway`,
    ErrorCode.WebhookNotConnected,
    { channelId, hint: `Point its webhook at this gateway with the mutation connectWebhookToGateway(channelId: "${channelId}")` },
  );
}

/**
 * The channel's webhook now points at this gateway: notifications sent while it pointed elsewhere never came, so the
 * window guard starts watching afresh (for a window it refuses nothing on a missing inbound message). A failure is
 * logged: the webhook is set either way.
 */
export async function restartWatch({ events, logger }: Context, channelId: string): Promise<void> {
  await events.restartWatch(channelId).catch((error: unknown) => logger.warn({ err: error, channelId }, 'the watch of the channel could not be restarted'));
}
