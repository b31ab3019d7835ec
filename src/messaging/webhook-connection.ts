import type { Config } from '../config.js';
import type { MessagingApi } from '../datasources/messaging-api.js';
import type { PartnerApi } from '../datasources/partner-api.js';
import { ErrorCode, HubgraphError } from '../errors.js';
import type { ChannelDirectory } from '../events/ingest/channel-directory.js';
import { channelOfGatewayWebhookUrl, gatewayWebhookUrl } from '../events/ingest/credentials.js';
import type { EventHub } from '../events/hub.js';
import type { Logger } from '../observability/logger.js';

/** What the webhook rules read of a request: a resolver passes its context. */
export interface WebhookConnectionScope {
  config: Pick<Config, 'webhookCheck' | 'publicUrl'>;
  dataSources: { messaging: Pick<MessagingApi, 'effectiveWebhookUrl'>; partner: Pick<PartnerApi, 'businessAccountChannels'> };
  readonly logger: Logger;
  events: Pick<EventHub, 'restartWatch'>;
  channelDirectory: Pick<ChannelDirectory, 'record'>;
}

/**
 * A subscription never waits in silence: on a channel whose effective webhook (number-level, else on cloud the
 * business account's) does not point at this gateway's receiver no event would ever arrive, so it is refused with
 * WEBHOOK_NOT_CONNECTED and a hint. The webhook reads are never cached, so the check sees a change made anywhere (a key
 * created outside the gateway, a business-account webhook that has just activated); when the check itself fails
 * (upstream down, no key known), the subscription goes ahead rather than being blocked by the check.
 */
export async function requireWebhookConnected(context: WebhookConnectionScope, partnerId: string, channelId: string): Promise<void> {
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
  // A business-account webhook pointed at another channel's receiver URL serves this number too when that channel
  // is of the same partner and business account: the receiver routes by the notification's metadata.
  const receiving = effective === null ? null : channelOfGatewayWebhookUrl(config.publicUrl, effective);
  if (receiving !== null) {
    let served: string[];
    try {
      served = await recordBusinessAccountChannels(context, partnerId, receiving);
    } catch (error) {
      logger.warn({ channelId, code: error instanceof HubgraphError ? error.code : 'INTERNAL' }, 'webhook check failed: subscribing without it');
      return;
    }
    if (served.includes(channelId)) return;
  }
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
export async function restartWatch({ events, logger }: WebhookConnectionScope, channelId: string, afterMs = 0): Promise<void> {
  await events
    .restartWatch(channelId, afterMs)
    .catch((error: unknown) => logger.warn({ err: error, channelId }, 'the watch of the channel could not be restarted'));
}

/**
 * Keeps, for the receiver's routing, the channels of the partner on the business account of `channelId` (read now
 * with the caller's credential) and answers their ids (the channel's own included).
 */
export async function recordBusinessAccountChannels(
  { channelDirectory, dataSources }: WebhookConnectionScope,
  partnerId: string,
  channelId: string,
): Promise<string[]> {
  const channels = await dataSources.partner.businessAccountChannels(partnerId, channelId);
  if (!channels) return [channelId];
  const kept = await channelDirectory.record(
    channelId,
    partnerId,
    channels.map((channel) => ({ id: channel.id, phoneNumber: channel.setup_info?.phone_number })),
  );
  return [...new Set([channelId, ...Object.values(kept.numbers)])];
}

/**
 * A webhook now points at the receiver URL of `receiving`: its business account's channels are kept for routing and
 * the watch of each channel in `watched` (the ids answered when null) starts afresh once the webhook has taken effect,
 * `effectiveAfterMs` from now at the latest. A failure is logged: the webhook is set either way, and the receiver looks
 * the listing up itself when it has a credential of its own.
 */
export async function webhookPointedAtGateway(
  context: WebhookConnectionScope,
  partnerId: string,
  receiving: string,
  watched: string[] | null,
  effectiveAfterMs = 0,
): Promise<void> {
  let channels = [receiving];
  try {
    channels = await recordBusinessAccountChannels(context, partnerId, receiving);
  } catch (error) {
    context.logger.warn({ err: error, channelId: receiving }, "the channels of the channel's business account could not be read or kept for routing");
  }
  await Promise.all((watched ?? channels).map((channelId) => restartWatch(context, channelId, effectiveAfterMs)));
}
