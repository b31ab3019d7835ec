import { encodeCursor } from '../events/log/cursor.js';
import {
  contentOfMessage,
  contentOfSentBody,
  contextOfMessage,
  contextOfSentBody,
  DELETED_PREVIEW,
  previewOf,
  referralOfMessage,
  type MessageContentDto,
} from '../events/ingest/content.js';
import { recordCursor } from '../events/hub.js';
import { toGraphContent } from './message-content.js';
import type { ChannelErrorEventDto, EventKind, LoggedEvent, MessageRecordDto } from '../events/types.js';
import type { ChannelErrorEvent, ChannelEventKind, ChannelResolvers, ResolversParentTypes } from '../generated/graphql.js';

/** A channel event as resolvers pass it on: an inbound message's typed fields are read from its `raw` later (inbound-message.ts). */
type ChannelEvent = ResolversParentTypes['ChannelEvent'];

const KIND_OF: Record<ChannelEventKind, EventKind> = {
  MESSAGE: 'message',
  STATUS: 'status',
  ERROR: 'error',
  ECHO: 'echo',
  PREFERENCE: 'preference',
  OTHER: 'other',
  TEMPLATE: 'template',
};

const withPosition = (error: ChannelErrorEventDto, cursor: string, receivedAt: string): ChannelErrorEvent => ({ ...error, cursor, receivedAt });

/** A logged event as the schema shows it: its payload with its cursor, log time and __typename (for the ChannelEvent union). */
export function toGraphEvent(channelId: string, event: LoggedEvent): ChannelEvent {
  const cursor = encodeCursor(channelId, event.id);
  const receivedAt = new Date(event.id.ms).toISOString();
  switch (event.kind) {
    case 'message':
      return {
        __typename: 'InboundMessage',
        ...event.payload,
        // Events logged before contact keys name the sender by wa_id only.
        fromPhone: event.payload.fromPhone === undefined ? event.payload.from : event.payload.fromPhone,
        fromUserId: event.payload.fromUserId ?? null,
        username: event.payload.username ?? null,
        businessAccountId: event.payload.businessAccountId ?? null,
        phoneNumberId: event.payload.phoneNumberId ?? null,
        cursor,
        receivedAt,
      };
    case 'status':
      return {
        __typename: 'MessageStatusEvent',
        ...event.payload,
        recipientUserId: event.payload.recipientUserId ?? null,
        pricing: event.payload.pricing ?? null,
        billingConversation: event.payload.billingConversation ?? null,
        recipientType: event.payload.toGroup === true ? 'GROUP' : 'INDIVIDUAL',
        participant: event.payload.participant ?? null,
        // An error inside a status has no log position of its own: it shares its status's.
        errors: event.payload.errors.map((error) => withPosition(error, cursor, receivedAt)),
        cursor,
        receivedAt,
      };
    case 'error':
      return { __typename: 'ChannelErrorEvent', ...withPosition(event.payload, cursor, receivedAt) };
    case 'echo': {
      const content = contentOfMessage(channelId, event.payload.raw);
      return {
        __typename: 'MessageEchoEvent',
        ...event.payload,
        content: toGraphContent(content, cursor, receivedAt),
        preview: previewOf(content),
        cursor,
        receivedAt,
      };
    }
    case 'preference':
      return { __typename: 'ContactPreferenceEvent', ...event.payload, cursor, receivedAt };
    case 'other':
      return { __typename: 'OtherNotificationEvent', ...event.payload, cursor, receivedAt };
    case 'template':
      return { __typename: 'TemplateUpdateEvent', ...event.payload, cursor, receivedAt };
  }
}

/** The first error of the record's latest failed status (code, title, details), as the upstream notified it. */
function failureOf(record: MessageRecordDto): { code: number | null; title: string | null; details: string | null } | null {
  const failed = record.statuses.findLast((status) => status.payload.status === 'failed');
  const error = failed?.payload.errors[0];
  return error ? { code: error.code, title: error.title, details: error.details } : null;
}

/** What a record's message carries: read from the item received (inbound, echoes) or the body sent (sends through the gateway). */
function contentOfRecord(record: MessageRecordDto): MessageContentDto | null {
  if (record.body === null) return null;
  return record.sentFrom === 'API' ? contentOfSentBody(record.body) : contentOfMessage(record.channelId, record.body);
}

/** The message as first sent or received (before any edit): what its context and referral are read from. */
const firstVersionOf = (record: MessageRecordDto): unknown => (record.history.length > 0 ? record.history[0] : record.body);

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type MessageRecordModel = ResolversParentTypes['MessageRecord'];

export function toGraphRecord(record: MessageRecordDto): MessageRecordModel {
  const cursor = recordCursor(record);
  const at = new Date(record.atMs).toISOString();
  const content = contentOfRecord(record);
  // A deleted message's body is erased: its context and referral went with it.
  const first = firstVersionOf(record);
  const sent = record.sentFrom === 'API';
  return {
    sentAt: new Date(record.sentAtMs).toISOString(),
    receivedAt: at,
    context: first === null ? null : sent ? contextOfSentBody(first) : contextOfMessage(first),
    referral: first === null || sent ? null : referralOfMessage(first),
    contactName: record.contactName,
    sentBy: record.sentBy,
    content: content && toGraphContent(content, cursor, at),
    // The user deleted it for everyone: a conversation list no longer shows what it said.
    preview: record.revokedAtMs !== null ? DELETED_PREVIEW : content && previewOf(content),
    editedAt: isoOf(record.editedAtMs),
    revokedAt: isoOf(record.revokedAtMs),
    reactions: record.reactions.map((reaction) => ({ emoji: reaction.emoji, from: reaction.from, at: new Date(reaction.atMs).toISOString() })),
    previousVersions: record.history,
    cursor,
    text: record.text,
    error: record.status === 'failed' ? failureOf(record) : null,
    id: record.id,
    channelId: record.channelId,
    direction: record.direction,
    contact: record.contact,
    type: record.type,
    at,
    status: record.status,
    sentFrom: record.sentFrom,
    statuses: record.statuses.map((status) => toGraphEvent(record.channelId, status) as Extract<ChannelEvent, { __typename?: 'MessageStatusEvent' }>),
  };
}

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
