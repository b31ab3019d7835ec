import { requirePartnerId } from '../http/auth.js';
import type { Context } from '../context.js';
import { NotFoundError } from '../errors.js';
import type { EventKind, LoggedEvent } from '../events/types.js';
import type { SubscriptionResolvers } from '../generated/graphql.js';
import { requireWebhookConnected } from './webhook-connection.js';
import { toGraphEvent } from './channel-events.js';

/**
 * A subscription to the events of one channel (of some kinds, or all of them). The connection
 * was authenticated in onConnect; here the channel must belong to the caller's partner (channel
 * listing, A4), so a caller can never listen to another partner's channel. The cursor is checked
 * before: BAD_USER_INPUT when malformed, CURSOR_EXPIRED when older than the retention window.
 */
function channelSubscription(kinds: EventKind[] | null) {
  return {
    subscribe: async (_parent: unknown, { channelId, after }: { channelId: string; after?: string | null }, context: Context) => {
      const { caller, loaders, services } = context;
      const partnerId = requirePartnerId(caller);
      const position = after === undefined || after === null ? null : services.events.position(channelId, after, 'after');
      const channel = await loaders.channelById.load({ partnerId, id: channelId });
      if (!channel) throw new NotFoundError(`Channel ${channelId} not found`);
      await requireWebhookConnected(context, partnerId, channelId);
      const iterator = await services.events.subscribe(kinds, channelId, position, () => services.metrics.openSubscriptions.dec());
      services.metrics.openSubscriptions.inc();
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
};
