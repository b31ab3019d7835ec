import { requirePartnerId } from '../identity/caller.js';
import type { Context } from '../context.js';
import { NotFoundError } from '../errors.js';
import type { ChannelNode } from '../datasources/types.js';
import { feedWithinGrant } from '../identity/grants.js';
import type { ConversationView } from '../events/hub.js';
import type { EventKind, LoggedEvent } from '../events/types.js';
import type { SubscriptionResolvers } from '../generated/graphql.js';
import { requireWebhookConnected } from '../messaging/webhook-connection.js';
import { toGraphEvent } from './channel-event.js';

/**
 * The connection was authenticated in onConnect; here the channel must belong to the caller's
 * partner (channel listing, A4), so a caller can never listen to another partner's channel, and
 * its notifications must reach this gateway (else no event would ever come).
 */
async function requireListenableChannel(context: Context, channelId: string): Promise<ChannelNode> {
  const partnerId = requirePartnerId(context.caller);
  // Null outside the caller's client grant too: NOT_FOUND, as for a channel that does not exist.
  const channel = await context.loaders.channelById.load({ partnerId, id: channelId });
  if (!channel) throw new NotFoundError(`Channel ${channelId} not found`);
  await requireWebhookConnected(context, partnerId, channelId);
  return channel;
}

/**
 * A subscription to the events of one channel (of some kinds, or all of them). The cursor is
 * checked first: BAD_USER_INPUT when malformed, CURSOR_EXPIRED when older than the retention window.
 */
function channelSubscription(kinds: EventKind[] | null) {
  return {
    subscribe: async (_parent: unknown, { channelId, after }: { channelId: string; after?: string | null }, context: Context) => {
      const { events, metrics } = context;
      requirePartnerId(context.caller);
      const position = after === undefined || after === null ? null : events.position(channelId, after, 'after');
      const channel = await requireListenableChannel(context, channelId);
      const iterator = await events.subscribe(kinds, channelId, position, () => metrics.openSubscriptions.dec());
      metrics.openSubscriptions.inc();
      return feedWithinGrant(context.caller.grant, channel, iterator, (event) => event.payload.channelId);
    },
    // The feed yields only `kinds`, so each field receives its own type; the union is the wider static type.
    resolve: (event: LoggedEvent) => toGraphEvent(event.payload.channelId, event) as never,
  };
}

export const Subscription: SubscriptionResolvers = {
  messageReceived: channelSubscription(['message']),
  messageStatusChanged: channelSubscription(['status']),
  channelError: channelSubscription(['error']),
  channelEvents: channelSubscription(null),
  templateUpdated: channelSubscription(['template']),
  conversationUpdated: {
    subscribe: async (_parent, { channelId }, context) => {
      const { events, metrics } = context;
      const channel = await requireListenableChannel(context, channelId);
      const iterator = await events.subscribeConversations(channelId, () => metrics.openSubscriptions.dec());
      metrics.openSubscriptions.inc();
      return feedWithinGrant(context.caller.grant, channel, iterator, (conversation) => conversation.channelId);
    },
    resolve: (conversation: ConversationView) => conversation,
  },
};
