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
import type { MessageRecordDto } from '../events/types.js';
import type { ResolversParentTypes } from '../generated/graphql.js';
import { toGraphEvent, type ChannelEvent } from './channel-event.js';
import { toGraphContent } from './message-content.js';

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

/** A message record of the gateway's own store as the schema shows it (MessageRecord): its content, context and statuses read from what was logged. */
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
