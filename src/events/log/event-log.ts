import type { LogId } from './cursor.js';
import { waIdOf } from '../conversations/contact-keys.js';
import { type ConversationDto } from '../types.js';
import { type ListPosition } from '../conversations/list-pages.js';
import { editedMessageIdOf, revokedMessageIdOf } from '../ingest/content.js';
import type { AcceptedSend, ChannelEvent, KindAndPayload, LoggedEvent, MessageEchoEventDto, MessageRecordDto } from '../types.js';

export type Unsubscribe = () => Promise<void>;

/** Receives a channel's new events in log order, on the instance that subscribed. */
export interface TailListener {
  onEvents(events: LoggedEvent[]): void;
  /** Conversations of the channel changed (a message in or out, a status, a window verdict), in the order of the changes; a contact per change. */
  onConversations?(contacts: string[]): void;
  /** Some events may not have reached this listener (the fan-out connection was lost): read the log to catch up. */
  onGap(): void;
}

export interface AppendResult {
  /** The events that were new, in log order, with their positions. */
  appended: LoggedEvent[];
  duplicates: number;
}

/** One message of a contact's thread: its position, and its record (null once the record is no longer retained). */
export interface ThreadEntry {
  position: ListPosition;
  record: MessageRecordDto | null;
}

/**
 * A channel's durable events, message records and conversations. `append` is the one atomic step
 * of ingestion: the dedup claim of every event, its append, and the update of its message record
 * and of its contact's conversation happen together or not at all (one Lua script on Redis), so a
 * crash never loses an acknowledged event or counts it twice, and a re-delivery changes nothing.
 */
export interface EventLog {
  /** false: EVENT_RETENTION_MS=0, nothing is kept (live delivery only). */
  readonly retains: boolean;
  append(channelId: string, events: ChannelEvent[]): Promise<AppendResult>;
  /** A send the upstream accepted: its record (while events are retained) and its conversation. */
  recordSend(channelId: string, send: AcceptedSend): Promise<void>;
  /** The upstream refused a send because the contact's window is closed (a synchronous 131047 / 470). */
  closeWindow(channelId: string, contact: string): Promise<void>;
  /** Retained events after `after` (from the oldest retained when null), oldest first, at most `limit`. */
  read(channelId: string, after: LogId | null, limit: number): Promise<LoggedEvent[]>;
  /** true when events after `id` may already be gone, so a replay from it could skip some. */
  isExpired(channelId: string, id: LogId): boolean;
  message(channelId: string, messageId: string): Promise<MessageRecordDto | null>;
  conversation(channelId: string, contact: string): Promise<ConversationDto | null>;
  /** The channel's conversations by last activity, newest first, after `after`, at most `limit`. */
  conversations(channelId: string, after: ListPosition | null, limit: number): Promise<ConversationDto[]>;
  /** A contact's thread, newest first, before `before`, at most `limit` entries. */
  thread(channelId: string, contact: string, before: ListPosition | null, limit: number): Promise<ThreadEntry[]>;
  /** Since when the channel's notifications have been arriving without a pause of a whole window; null when not now. */
  watchedSince(channelId: string): Promise<number | null>;
  /**
   * The watch starts again `afterMs` from now: the channel's webhook was (re)pointed at the gateway (a business-account
   * webhook takes effect up to 20 s later), or a notification of it was refused.
   */
  restartWatch(channelId: string, afterMs?: number): Promise<void>;
  /** Resolves once events appended from now on (by any instance) reach the listener. */
  tail(channelId: string, listener: TailListener): Promise<Unsubscribe>;
  /** false while the store is known to be unreachable: the receiver refuses deliveries at once. */
  canAccept(): boolean;
  close(): Promise<void>;
}

/** Status order of the message lifecycle; failed is final whatever arrives after it. Mirrored in the Redis script (append.lua). */
const LIFECYCLE_RANK: Record<string, number> = { accepted: 0, received: 0, sent: 1, delivered: 2, read: 3 };

/** A message's status after a notification of `incoming`: by lifecycle, not arrival order (notifications can arrive out of order). */
export function nextStatus(current: string | null, incoming: string): string {
  if (current === null) return incoming;
  if (current === 'failed') return current;
  if (incoming === 'failed') return incoming;
  const rank = LIFECYCLE_RANK[incoming];
  return rank !== undefined && rank > (LIFECYCLE_RANK[current] ?? -1) ? incoming : current;
}

/** The first status a record gets: accepted for a send, received for an inbound message, or the status that told of an unknown send. */
export const RECEIVED_STATUS = 'received';
export const ACCEPTED_STATUS = 'accepted';

/** How an item changes the message it names (a reaction, an edit, a revoke; inbound or echoed) instead of being a message of its own. */
export type MessageChange =
  | { kind: 'reaction'; target: string; from: string; emoji: string | null; atMs: number }
  | { kind: 'edit'; target: string; item: unknown; text: string | null; atMs: number }
  | { kind: 'revoke'; target: string; atMs: number };

/** What an event does to a message record: its own (message id, contact, type, text, the item as received), or a change to the one it names. */
export interface RecordWrite {
  messageId: string;
  contact: string | null;
  type: string | undefined;
  text: string | null;
  body: unknown;
  change: MessageChange | null;
  /** The item's own time (the message's, the echo's or the status's `timestamp`), or now when it has none. */
  sentAtMs: number;
}

const isJson = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The change a reaction, edit or revoke makes to the message it names, inbound or echoed from the business's phone app;
 * null for any other item. `reactor` is whose reaction it would be.
 */
function changeOfItem(raw: unknown, reactor: string, atMs: number): MessageChange | null {
  if (!isJson(raw)) return null;
  if (raw.type === 'reaction' && isJson(raw.reaction) && typeof raw.reaction.message_id === 'string') {
    const emoji = typeof raw.reaction.emoji === 'string' && raw.reaction.emoji !== '' ? raw.reaction.emoji : null;
    return { kind: 'reaction', target: raw.reaction.message_id, from: reactor, emoji, atMs };
  }
  const edited = editedMessageIdOf(raw);
  if (edited !== null) {
    const version = isJson(raw.edit) && isJson(raw.edit.message) ? raw.edit.message : {};
    const text = isJson(version.text) && typeof version.text.body === 'string' ? version.text.body : null;
    return { kind: 'edit', target: edited, item: raw, text, atMs };
  }
  const revoked = revokedMessageIdOf(raw);
  return revoked === null ? null : { kind: 'revoke', target: revoked, atMs };
}

/**
 * Whose an echoed reaction is: the business's, keyed by its number (the echo's `from`, as digits); by the channel id
 * when the echo names no number (the reference always does).
 */
function businessReactor(echo: MessageEchoEventDto): string {
  const from = isJson(echo.raw) && typeof echo.raw.from === 'string' ? waIdOf(echo.raw.from) : null;
  return from ?? echo.channelId;
}

/** The message's own time, or now. */
const eventTime = (timestamp: string | null, now: number) => {
  const parsed = timestamp === null ? Number.NaN : Date.parse(timestamp);
  return Number.isFinite(parsed) ? parsed : now;
};

/** What an event writes to a message record; null for events of no message. */
export function recordOfEvent(event: KindAndPayload, now: number): RecordWrite | null {
  switch (event.kind) {
    case 'message': {
      const { id, from, type, text, raw, timestamp } = event.payload;
      const sentAtMs = eventTime(timestamp, now);
      const change = changeOfItem(raw, from, sentAtMs);
      if (change) return { messageId: change.target, contact: from, type: undefined, text: null, body: null, change, sentAtMs };
      return { messageId: id, contact: from, type, text, body: raw, change: null, sentAtMs };
    }
    case 'echo': {
      const { id, to, type, text, raw, timestamp } = event.payload;
      const sentAtMs = eventTime(timestamp, now);
      // The business reacting from its phone app changes the message it names, as a user's reaction does.
      const change = changeOfItem(raw, businessReactor(event.payload), sentAtMs);
      if (change) return { messageId: change.target, contact: to, type: undefined, text: null, body: null, change, sentAtMs };
      return { messageId: id, contact: to, type, text, body: raw, change: null, sentAtMs };
    }
    case 'status': {
      const { messageId, recipientId, timestamp } = event.payload;
      return { messageId, contact: recipientId, type: undefined, text: null, body: null, change: null, sentAtMs: eventTime(timestamp, now) };
    }
    default:
      return null;
  }
}

/** An event's JSON as the log stores it, and where its item is in it. */
export interface SerializedEvent {
  json: string;
  /** UTF-8 bytes before the payload's `raw` in `json` (it runs to the closing `}}`); null when the payload has none. */
  itemOffset: number | null;
}

/**
 * The JSON stored in the log for an event (its id and size are not part of it), the payload's `raw` last: the Redis
 * append script cuts that item out as its message record's body, so the item is serialised and sent to Redis once.
 */
export function serializeEvent(event: ChannelEvent): SerializedEvent {
  const { raw, ...rest } = event.payload;
  const head = JSON.stringify({ k: event.kind, p: rest });
  if (raw === undefined) return { json: head, itemOffset: null };
  const prefix = `${head.slice(0, -2)},"raw":`;
  return { json: `${prefix}${JSON.stringify(raw)}}}`, itemOffset: Buffer.byteLength(prefix) };
}

/** Oldest instant still retained. */
export const retentionCutoff = (retentionMs: number, now: number): number => now - retentionMs;
