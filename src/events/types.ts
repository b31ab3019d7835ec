/** Normalised events published to subscribers; field names follow schema/events.graphql. */

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
