import { encodeCursor } from '../../events/log/cursor.js';
import type { EventKind } from '../../events/types.js';
import type { ChannelEventKind, ChannelResolvers } from '../../generated/graphql.js';
import { toGraphEvent } from '../channel-event.js';
import { toGraphRecord } from '../message-record.js';

const KIND_OF: Record<ChannelEventKind, EventKind> = {
  MESSAGE: 'message',
  STATUS: 'status',
  ERROR: 'error',
  ECHO: 'echo',
  PREFERENCE: 'preference',
  OTHER: 'other',
  TEMPLATE: 'template',
};

/**
 * Channel.events and Channel.message: the channel was resolved through its owner's listing, so
 * the caller owns it; both read only the gateway's own log (no upstream call).
 */
export const ChannelEvents: Pick<ChannelResolvers, 'events' | 'message'> = {
  events: async (channel, { after, first, kinds, contact }, { events }) => {
    const page = await events.page(channel.id, {
      after: after ?? null,
      first: first ?? 50,
      kinds: kinds ? kinds.map((kind) => KIND_OF[kind]) : null,
      contact: contact ?? null,
    });
    return {
      nodes: page.nodes.map((event) => toGraphEvent(channel.id, event)),
      endCursor: page.end ? encodeCursor(channel.id, page.end) : null,
      hasMore: page.hasMore,
    };
  },
  message: async (channel, { id }, { events }) => {
    const record = await events.message(channel.id, id);
    return record ? toGraphRecord(record) : null;
  },
};
