import { isoOrNull } from '../events/conversations/window.js';
import type { ConversationResolvers } from '../generated/graphql.js';
import { toGraphRecord } from './message-record.js';
import { toGraphWindow } from './service-window.js';

/** A conversation read from the gateway's own store (no upstream call); its thread and last message are message records. */
export const Conversation: ConversationResolvers = {
  id: ({ channelId, contact }) => `${channelId}:${contact}`,
  contactName: ({ name }) => name,
  lastInboundAt: ({ lastInboundMs }) => isoOrNull(lastInboundMs),
  lastActivityAt: ({ lastActivityMs }) => new Date(lastActivityMs).toISOString(),
  serviceWindow: ({ window }) => toGraphWindow(window),
  lastMessage: async ({ channelId, lastMessageId }, _args, { events }) => {
    const record = lastMessageId === null ? null : await events.message(channelId, lastMessageId);
    return record ? toGraphRecord(record) : null;
  },
  messages: async ({ channelId, contact, pageReads }, { first, before }, { events }) => {
    const page = await events.thread(channelId, contact, { first: first ?? 50, before: before ?? null, reads: pageReads });
    return { ...page, nodes: page.nodes.map(toGraphRecord) };
  },
};
