import { requirePartnerId } from '../identity/caller.js';
import type { Context } from '../context.js';
import { NotFoundError } from '../errors.js';
import type { ConversationView } from '../events/hub.js';
import type { EventKind, LoggedEvent } from '../events/types.js';
import type { SubscriptionResolvers } from '../generated/graphql.js';
import { requireWebhookConnected } from './webhook-connection.js';
import { toGraphEvent } from './channel-events.js';

/**
 * The connection was authenticated in onConnect; here the channel must belong to the caller's
 * partner (channel listing, A4), so a caller can never listen to another partner's channel, and
 * its notifications must reach this gateway (else no event would ever come).
 */
async function requireListenableChannel(context: Context, channelId: string): Promise<void> {
  const partnerId = requirePartnerId(context.caller);
  const channel = await context.loaders.channelById.load({ partnerId, id: channelId });
  if (!channel) throw new NotFoundError(`Channel ${channelId} not found`);
  await requireWebhookConnected(context, partnerId, channelId);
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
      await requireListenableChannel(context, channelId);
      const iterator = await events.subscribe(kinds, channelId, position, () => metrics.openSubscriptions.dec());
      metrics.openSubscriptions.inc();
      return iterator;
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
      await requireListenableChannel(context, channelId);
      const iterator = await events.subscribeConversations(channelId, () => metrics.openSubscriptions.dec());
      metrics.openSubscriptions.inc();
      return iterator;
    },
    resolve: (conversation: ConversationView) => conversation,
  },
};
