import { requirePartnerId } from '../http/auth.js';
import type { Context } from '../context.js';
import { NotFoundError } from '../errors.js';
import type { EventKind, PayloadOf } from '../events/types.js';
import type { SubscriptionResolvers } from '../generated/graphql.js';
import { requireWebhookConnected } from './webhook-connection.js';

/**
 * A subscription to one kind of event of one channel. The connection was authenticated in
 * onConnect; here the channel must belong to the caller's partner (channel listing, A4), so a
 * caller can never listen to another partner's channel.
 */
function channelEvents<K extends EventKind>(kind: K) {
  return {
    subscribe: async (_parent: unknown, { channelId }: { channelId: string }, context: Context) => {
      const { caller, loaders, services } = context;
      const partnerId = requirePartnerId(caller);
      const channel = await loaders.channelById.load({ partnerId, id: channelId });
      if (!channel) throw new NotFoundError(`Channel ${channelId} not found`);
      await requireWebhookConnected(context, partnerId, channelId);
      const iterator = await services.events.subscribe(kind, channelId, () => services.metrics.openSubscriptions.dec());
      services.metrics.openSubscriptions.inc();
      return iterator;
    },
    resolve: (payload: PayloadOf<K>) => payload,
  };
}

export const Subscription: SubscriptionResolvers = {
  messageReceived: channelEvents('message'),
  messageStatusChanged: channelEvents('status'),
  channelError: channelEvents('error'),
};
