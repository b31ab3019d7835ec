/** Normalised events published to subscribers; field names follow schema/events.graphql. */

import type { LogId } from './cursor.js';

export interface ChannelErrorEventDto {
  channelId: string;
  code: number | null;
  title: string | null;
  details: string | null;
  raw: unknown;
}

export interface InboundMessageDto {
  channelId: string;
  id: string;
  from: string;
  timestamp: string | null;
  type: string;
  text: string | null;
  raw: unknown;
  /** The sender's profile name from the notification's `contacts`. */
  contactName: string | null;
  /** Cloud `metadata.display_phone_number`; null on-premise. */
  displayPhoneNumber: string | null;
}

export interface MessageStatusEventDto {
  channelId: string;
  messageId: string;
  status: string;
  recipientId: string | null;
  timestamp: string | null;
  errors: ChannelErrorEventDto[];
  raw: unknown;
}

export type ChannelEvent =
  | { kind: 'message'; dedupKey: string; payload: InboundMessageDto }
  | { kind: 'status'; dedupKey: string; payload: MessageStatusEventDto }
  | { kind: 'error'; dedupKey: string; payload: ChannelErrorEventDto };

export type EventKind = ChannelEvent['kind'];

/** What a subscriber of one kind receives. */
export type PayloadOf<K extends EventKind> = Extract<ChannelEvent, { kind: K }>['payload'];

/** One event as kept in a channel's log: its position (the cursor's content), kind and payload. */
export type LoggedEvent = {
  [K in EventKind]: {
    id: LogId;
    kind: K;
    payload: PayloadOf<K>;
    /** Length of its JSON form: what a subscriber's backlog is bounded by. */
    size: number;
  };
}[EventKind];

export type LoggedEventOf<K extends EventKind> = Extract<LoggedEvent, { kind: K }>;

/** A message sent through the gateway or received by it, with the status notifications joined since (schema MessageRecord). */
export interface MessageRecordDto {
  id: string;
  channelId: string;
  direction: 'INBOUND' | 'OUTBOUND';
  contact: string | null;
  type: string | null;
  /** Milliseconds since the epoch: when the send was accepted or the inbound notification received. */
  atMs: number;
  status: string;
  /** In log order (the order received). */
  statuses: Array<LoggedEventOf<'status'>>;
  /** The text body of a text message, in both directions; null for other types and for messages known only from statuses. */
  text: string | null;
  /** Its place in the contact's thread: the message's own time (inbound `timestamp`, send time, or first status time). */
  threadMs: number;
}

/** What the gateway records of a send the upstream accepted. */
export interface AcceptedSend {
  messageId: string;
  /** The recipient's wa_id when the upstream named it, otherwise the number as given. */
  contact: string;
  type: string;
  /** The text body of a text message; null for other types. */
  text: string | null;
}
