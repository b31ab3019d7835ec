/** Normalised events published to subscribers; field names follow schema/events.graphql. */

import type { Actor } from '../identity/actor.js';
import type { LogId } from './log/cursor.js';

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
  /** The sender's contact key: its wa_id when the notification carries one, else its business-scoped user id. */
  from: string;
  /** The sender's wa_id; null when the notification carries no phone number (absent in events logged before v4: `from`). */
  fromPhone?: string | null;
  /** The sender's business-scoped user id (`from_user_id`, or the sender's `contacts[].user_id`). */
  fromUserId?: string | null;
  /** The sender's username (`contacts[].profile.username`). */
  username?: string | null;
  timestamp: string | null;
  type: string;
  text: string | null;
  raw: unknown;
  /** The sender's profile name from the notification's `contacts`. */
  contactName: string | null;
  /** Cloud `metadata.display_phone_number`; null on-premise. */
  displayPhoneNumber: string | null;
  /** Cloud: the notification's `entry[].id` (the business account) and `metadata.phone_number_id`; null on-premise (absent in events logged before they were read). */
  businessAccountId?: string | null;
  phoneNumberId?: string | null;
}

/** What a status says its message costs (cloud `pricing`). */
export interface MessagePricingDto {
  billable: boolean | null;
  pricingModel: string | null;
  category: string | null;
  type: string | null;
}

/** The upstream's billing conversation a status names (cloud `conversation`). */
export interface BillingConversationDto {
  id: string;
  expiresAt: string | null;
  originType: string | null;
}

export interface MessageStatusEventDto {
  channelId: string;
  messageId: string;
  status: string;
  /** The recipient's contact key (`recipient_id`, else `recipient_user_id`); a group id for a group message. */
  recipientId: string | null;
  /** The recipient's business-scoped user id (`recipient_user_id`). */
  recipientUserId?: string | null;
  /** true when the message went to a group (`recipient_type: group`): no one-to-one conversation. */
  toGroup?: boolean;
  /** A group message's status: the member it is about (`recipient_participant_id`, else the member's user id); absent in events logged before it was read. */
  participant?: string | null;
  timestamp: string | null;
  errors: ChannelErrorEventDto[];
  pricing?: MessagePricingDto | null;
  billingConversation?: BillingConversationDto | null;
  raw: unknown;
}

/** A message the business sent from its phone app on a number shared with the API (smb_message_echoes). */
export interface MessageEchoEventDto {
  channelId: string;
  id: string;
  /** The recipient's contact key. */
  to: string;
  /** The recipient's business-scoped user id when the echo names one (`to_user_id`); absent on echoes logged before it was read. */
  toUserId?: string | null;
  timestamp: string | null;
  type: string;
  text: string | null;
  raw: unknown;
}

/** A user's marketing-message preference changed (cloud user_preferences; on-premise system `user_preference_changed`). */
export interface ContactPreferenceEventDto {
  channelId: string;
  /** The user's contact key: its wa_id when the item names one, else its business-scoped user id. */
  contact: string;
  /** The user's wa_id and business-scoped user id as the item names them (absent in events logged before they were read). */
  contactPhone?: string | null;
  contactUserId?: string | null;
  category: string;
  value: string;
  timestamp: string | null;
  raw: unknown;
}

/** Anything of an acknowledged notification the gateway could not type: kept whole, never dropped. */
export interface OtherNotificationEventDto {
  channelId: string;
  /** The change's `field` (cloud), or the on-premise key the item came under. */
  field: string;
  /** Why it is untyped: an unknown field, or what the item lacked. */
  reason: string;
  raw: unknown;
}

/** What a template notification changed (schema TemplateChange). */
export type TemplateChange = 'STATUS' | 'QUALITY' | 'CATEGORY';

/**
 * A template of the channel's business account was reviewed, changed quality or changed category (cloud fields
 * message_template_status_update, message_template_quality_update, template_category_update).
 */
export interface TemplateUpdateEventDto {
  channelId: string;
  templateId: string | null;
  templateName: string;
  language: string | null;
  change: TemplateChange;
  status: string | null;
  reason: string | null;
  quality: string | null;
  previousCategory: string | null;
  newCategory: string | null;
  raw: unknown;
}

export type ChannelEvent =
  | { kind: 'message'; dedupKey: string; payload: InboundMessageDto }
  | { kind: 'status'; dedupKey: string; payload: MessageStatusEventDto }
  | { kind: 'error'; dedupKey: string; payload: ChannelErrorEventDto }
  | { kind: 'echo'; dedupKey: string; payload: MessageEchoEventDto }
  | { kind: 'preference'; dedupKey: string; payload: ContactPreferenceEventDto }
  | { kind: 'other'; dedupKey: string; payload: OtherNotificationEventDto }
  | { kind: 'template'; dedupKey: string; payload: TemplateUpdateEventDto };

export type EventKind = ChannelEvent['kind'];

/** Every kind, in the order the schema lists them. */
export const EVENT_KINDS: readonly EventKind[] = ['message', 'status', 'error', 'echo', 'preference', 'other', 'template'];

/** What a subscriber of one kind receives. */
export type PayloadOf<K extends EventKind> = Extract<ChannelEvent, { kind: K }>['payload'];

/** An event's kind and payload, whether logged or about to be: what the stores read of it. */
export type KindAndPayload = { [K in EventKind]: { kind: K; payload: PayloadOf<K> } }[EventKind];

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

/** Who sent an outbound message: the gateway (API) or the business's phone app (an echo). */
export type MessageOrigin = 'API' | 'BUSINESS_APP';

/** A message sent through the gateway or received by it, with the status notifications joined since (schema MessageRecord). */
export interface MessageRecordDto {
  id: string;
  channelId: string;
  direction: 'INBOUND' | 'OUTBOUND';
  contact: string | null;
  type: string | null;
  /** Milliseconds since the epoch: when the send was accepted or the inbound notification received. */
  atMs: number;
  /** When it was sent: the item's own timestamp (inbound, echoes), the send's acceptance, or the first status's timestamp. */
  sentAtMs: number;
  status: string;
  /** In log order (the order received). */
  statuses: Array<LoggedEventOf<'status'>>;
  /** The text body of a text message, in both directions; null for other types and for messages known only from statuses. */
  text: string | null;
  /** Its place in the contact's thread: the message's own time (inbound `timestamp`, send time, or first status time). */
  threadMs: number;
  /** Outbound: who sent it; null inbound and for a message known only from statuses. */
  sentFrom: MessageOrigin | null;
  /** The message as received (the notification's item) or sent (the request body); what its content is read from. Null when known only from statuses. */
  body: unknown;
  /** Earlier versions of an edited message, oldest first, as `body` held them. */
  history: unknown[];
  editedAtMs: number | null;
  revokedAtMs: number | null;
  /** The latest reaction of each contact that reacted, in the order they came. */
  reactions: MessageReactionDto[];
  /** Inbound: the sender's profile name as the notification gave it. */
  contactName: string | null;
  /** Outbound: who sent it (the caller of a send, the phone app for an echo); null inbound, for status-only records and sends recorded before it was kept. */
  sentBy: Actor | null;
}

export interface MessageReactionDto {
  emoji: string;
  /** The reacting contact's key. */
  from: string;
  atMs: number;
}

/** What the gateway records of a send the upstream accepted. */
export interface AcceptedSend {
  messageId: string;
  /** The recipient's contact key: its wa_id when the upstream named it, otherwise the contact key as given. */
  contact: string;
  type: string;
  /** The text body of a text message; null for other types. */
  text: string | null;
  /** The request body as sent (what the record's content is read from); absent where a caller records a send without it. */
  body?: unknown;
  /** Who sent it (the caller's actor); absent where a caller records a send without it. */
  sentBy?: Actor;
}

/** What the gateway keeps of one contact of a channel (schema Conversation), all times in milliseconds since the epoch. */
export interface ConversationDto {
  channelId: string;
  /** The contact key: its wa_id when known, else its business-scoped user id. */
  contact: string;
  /** The contact's wa_id, business-scoped user id and username, as the latest notification naming them said. */
  contactPhone: string | null;
  contactUserId: string | null;
  contactUsername: string | null;
  /** After a number change: the contact key of the conversation that continues this one. */
  movedTo: string | null;
  /** Profile name carried by the contact's latest inbound notification. */
  name: string | null;
  /** The latest inbound message's own time (its `timestamp`, not its arrival: the upstream re-delivers late). */
  lastInboundMs: number | null;
  lastActivityMs: number;
  /** When the upstream last said the window is closed (error 131047 / 470), null when it never did. */
  closedMs: number | null;
  lastMessageId: string | null;
}
