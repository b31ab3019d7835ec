import type { ChannelResolvers } from '../../generated/graphql.js';
import { toGraphWindow } from '../service-window.js';

/**
 * Channel.conversations, conversation and serviceWindow: the channel was resolved through its
 * owner's listing, so the caller owns it; all three read only the gateway's own store. `contact`
 * arrives as a contact key, normalised (src/id-arguments.ts).
 */
export const ChannelConversations: Pick<ChannelResolvers, 'conversations' | 'conversation' | 'serviceWindow'> = {
  conversations: (channel, { first, after, filter }, { events }) =>
    events.conversations(channel.id, { first: first ?? 20, after: after ?? null, window: filter?.window ?? null }),
  conversation: (channel, { contact }, { events }) => events.conversation(channel.id, contact),
  serviceWindow: async (channel, { contact }, { events }) => toGraphWindow(await events.serviceWindow(channel.id, contact)),
};
