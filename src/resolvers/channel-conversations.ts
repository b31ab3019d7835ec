import { checkPhoneNumber } from '../datasources/upstream-path.js';
import type { ChannelResolvers } from '../generated/graphql.js';
import { toGraphWindow } from './conversation.js';

/** A `contact` argument as the store keys it: a wa_id, digits without the optional leading +. */
const contactArgument = (value: string): string => checkPhoneNumber(value, 'contact').replace(/^\+/, '');

/**
 * Channel.conversations, conversation and serviceWindow: the channel was resolved through its
 * owner's listing, so the caller owns it; all three read only the gateway's own store.
 */
export const ChannelConversations: Pick<ChannelResolvers, 'conversations' | 'conversation' | 'serviceWindow'> = {
  conversations: (channel, { first, after, filter }, { services }) =>
    services.events.conversations(channel.id, { first: first ?? 20, after: after ?? null, window: filter?.window ?? null }),
  conversation: (channel, { contact }, { services }) => services.events.conversation(channel.id, contactArgument(contact)),
  serviceWindow: async (channel, { contact }, { services }) => toGraphWindow(await services.events.serviceWindow(channel.id, contactArgument(contact))),
};
