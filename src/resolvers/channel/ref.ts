import type { Context } from '../../context.js';
import type { ChannelNode, ChannelRef, ChannelScoped } from '../../datasources/types.js';

export const refOf = (channel: Pick<ChannelNode, 'partnerId' | 'id'>): ChannelRef => ({ partnerId: channel.partnerId, channelId: channel.id });

/**
 * The `channel` field of every answer that carries its channel: read back through the request's loader (and so the
 * response cache, which the write invalidated), so a client cache normalizes the channel as it is after the change.
 */
export const channelOf = ({ channelRef }: ChannelScoped, _args: unknown, { loaders }: Context) =>
  loaders.channelById.load({ partnerId: channelRef.partnerId, id: channelRef.channelId });
