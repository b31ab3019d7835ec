import { BadUserInputError } from '../errors.js';
import type { AcceptedSend, ChannelEvent } from './types.js';

/** The customer-service window: free-form messages only within 24 hours of the contact's last message (spec B1, Limits). */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Upstream error codes that say the window is closed: cloud 131047 ("re-engagement message"), on-premise 470. */
export const WINDOW_CLOSED_CODES: ReadonlySet<number> = new Set([131047, 470]);

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

export type ServiceWindowState = 'OPEN' | 'CLOSED' | 'UNKNOWN';

/** A time kept as epoch milliseconds, as the graph serves it (ISO 8601); null stays null. */
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export interface ServiceWindowDto {
  state: ServiceWindowState;
  closesAtMs: number | null;
  lastInboundMs: number | null;
}

/**
 * The window from what the gateway holds. A contact with no inbound message known is CLOSED only
 * when the gateway has received the channel's notifications for a whole window (`watchedSinceMs`):
 * it would have seen a message otherwise; before that (a new deployment, a quiet day) it is UNKNOWN
 * and the upstream decides. The upstream's own verdict (131047 / 470) closes it until a newer inbound.
 */
export function serviceWindow(
  conversation: Pick<ConversationDto, 'lastInboundMs' | 'closedMs'> | null,
  watchedSinceMs: number | null,
  now: number,
): ServiceWindowDto {
  const lastInboundMs = conversation?.lastInboundMs ?? null;
  const closedMs = conversation?.closedMs ?? null;
  if (lastInboundMs !== null) {
    const closesAtMs = lastInboundMs + SERVICE_WINDOW_MS;
    const open = now < closesAtMs && (closedMs === null || closedMs < lastInboundMs);
    return open ? { state: 'OPEN', closesAtMs, lastInboundMs } : { state: 'CLOSED', closesAtMs: null, lastInboundMs };
  }
  if (closedMs !== null || (watchedSinceMs !== null && watchedSinceMs <= now - SERVICE_WINDOW_MS)) {
    return { state: 'CLOSED', closesAtMs: null, lastInboundMs: null };
  }
  return { state: 'UNKNOWN', closesAtMs: null, lastInboundMs: null };
}

/**
 * The wa_id a phone number in any format stands for (`+49 (151) 123-45` → `4915112345`, `(+49) 151 12345678` →
 * `4915112345678`: a leading +, also inside an opening bracket, blanks, dots, dashes, brackets); null when it is not one.
 */
export function waIdOf(recipient: string): string | null {
  const trimmed = recipient.trim();
  if (!/^\(?\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return /^\d{1,32}$/.test(digits) ? digits : null;
}

/** A business-scoped user id: a country code, a dot and letters or digits (`US.13491208655302741918`), or a parent id `CC.ENT.…`. */
const USER_ID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,100}$/;

/** The business-scoped user id a value stands for (surrounding blanks dropped); null when it is none. */
export function userIdOf(value: string): string | null {
  const trimmed = value.trim();
  return USER_ID.test(trimmed) ? trimmed : null;
}

export const isUserId = (contact: string): boolean => USER_ID.test(contact);

/**
 * A contact as the store keys it: a phone number in any format as its wa_id (digits), else a
 * business-scoped user id; null when the value is neither (a masked number, a name). Notifications
 * and arguments go through the same rule, so every conversation kept can be asked for.
 */
export const contactKeyOf = (value: string): string | null => waIdOf(value) ?? userIdOf(value);

/** The contact key an argument stands for; BAD_USER_INPUT naming `field` when it is neither a phone number nor a business-scoped user id. */
export function checkContactKey(value: string, field: string): string {
  const key = value.length <= 128 ? contactKeyOf(value) : null;
  if (key === null) {
    throw new BadUserInputError(
      `${field} must be a contact key: a phone number in any format (digits, with spaces, dashes, brackets or a leading + allowed) or a business-scoped user id such as US.13491208655302741918`,
      field,
    );
  }
  return key;
}

/** How a conversation changes with one event, a send or an upstream verdict; the same for the memory and the Redis log. */
export interface ConversationChange {
  /** The contact key. */
  contact: string;
  /** The event's own time: the message's or status's `timestamp`, or now for a send. */
  atMs: number;
  /**
   * Where the change goes in time order (activity, thread, last message): `atMs`, refined within its second by the
   * arrival when the upstream gave whole seconds, so a message that arrives after a reply sent in the same second
   * comes after it.
   */
  orderMs: number;
  /** The message the change is about (it joins the thread at `orderMs`); null for a verdict without a message. */
  messageId: string | null;
  /** A user's message: it moves the contact's last inbound time (the 24-hour window). */
  inbound: boolean;
  name: string | null;
  text: string | null;
  /** The upstream said the window is closed. */
  closesWindow: boolean;
  /** The contact's wa_id and business-scoped user id when the event names them, and its username. */
  phone: string | null;
  userId: string | null;
  username: string | null;
  /** After a number change: the contact key the conversation continues under. */
  movedTo: string | null;
  /** After a user id change (`user_changed_user_id`): the contact's new business-scoped user id, which names it from now on. */
  newUserId: string | null;
  /**
   * After a number change that names the user's new business-scoped user id (`user_changed_number` with `system.user_id`:
   * a new number comes with a new user id): that user id, which names the new number's conversation (`movedTo`) from now on.
   */
  movedUserId: string | null;
  /**
   * The item only tells the contact's keys (a preference, a message in a group): it links them, and a conversation
   * already kept takes them, but it starts no conversation, joins no thread and moves no time.
   */
  keysOnly: boolean;
}

/**
 * Aliases followed to resolve a user id: its own, then that of the user id it names. A conversation kept under a user id
 * carries the user id changes that continued it (their aliases name it); when it merges into a wa_id's, its own alias
 * names the wa_id, so an id two changes old reaches the wa_id in two steps (the one before the merge in one). The Redis
 * append script has a key for each alias an item was resolved through (append.lua, `ex` and `ey`), so it checks two.
 */
export const ALIAS_HOPS = 2;

/**
 * The user id a change links to its contact: the new one of a user id change, or the user id of an item naming both
 * keys (it joins the wa_id's conversation); null when it links none.
 */
export const linkedUserIdOf = (change: ConversationChange): string | null => change.newUserId ?? (change.phone !== null ? change.userId : null);

const timeOf = (timestamp: string | null, now: number): number => {
  const parsed = timestamp === null ? Number.NaN : Date.parse(timestamp);
  return Number.isFinite(parsed) ? parsed : now;
};

/** A whole-second time placed at its arrival when that falls within the second, else at the second's end (never earlier than the time itself). */
export const orderWithinSecond = (atMs: number, now: number): number => (atMs % 1000 === 0 ? Math.max(atMs, Math.min(now, atMs + 999)) : atMs);

const NO_KEYS = { phone: null, userId: null, username: null, movedTo: null, newUserId: null, movedUserId: null, keysOnly: false };

/** Message types that change the message they name instead of joining the thread. */
const CHANGING_TYPES = new Set(['reaction', 'edit', 'revoke']);

/** Whether an item (a user's message or the business's echo) changes the message it names instead of joining the thread. */
const changesNamedMessage = (raw: unknown): boolean => isRecord(raw) && CHANGING_TYPES.has(String(raw.type));

/** System notices of a number change: cloud `user_changed_number` (new number in `wa_id`), on-premise `customer_changed_number` (`new_wa_id`). */
const NUMBER_CHANGES = new Set(['user_changed_number', 'customer_changed_number']);

/** The new wa_id a number-change notice names; null for any other item. */
export function newNumberOf(raw: unknown): string | null {
  if (!isRecord(raw) || raw.type !== 'system' || !isRecord(raw.system) || !NUMBER_CHANGES.has(String(raw.system.type))) return null;
  const next = raw.system.new_wa_id ?? raw.system.wa_id;
  return typeof next === 'string' ? waIdOf(next) : null;
}

/**
 * The new user id a number change names beside the new number (cloud `user_changed_number`: `system.user_id`, since the
 * platform's 2026 changelog; the previous one in `previous_user_id`); null for any other item, or a notice without one.
 */
export function movedUserIdOf(raw: unknown): string | null {
  if (newNumberOf(raw) === null) return null;
  const system = (raw as { system: Record<string, unknown> }).system;
  return typeof system.user_id === 'string' ? userIdOf(system.user_id) : null;
}

/**
 * The keys-only change a number change naming the new user id makes besides its own: the new user id is linked to the
 * new number's conversation, as an item naming both keys links them (a conversation kept under the new user id merges
 * into the new number's, one held under the new number takes the user id; none is started). Null for any other change.
 */
export function linkOfMove(change: ConversationChange): ConversationChange | null {
  if (change.movedTo === null || change.movedUserId === null) return null;
  return {
    ...NO_KEYS,
    contact: change.movedTo,
    atMs: change.atMs,
    orderMs: change.orderMs,
    messageId: null,
    inbound: false,
    name: null,
    text: null,
    closesWindow: false,
    phone: change.movedTo,
    userId: change.movedUserId,
    keysOnly: true,
  };
}

/** The new user id a user id change names (cloud `user_changed_user_id`: `system.user_id`, the old one `previous_user_id`); null for any other item. */
export function newUserIdOf(raw: unknown): string | null {
  if (!isRecord(raw) || raw.type !== 'system' || !isRecord(raw.system) || raw.system.type !== 'user_changed_user_id') return null;
  return typeof raw.system.user_id === 'string' ? userIdOf(raw.system.user_id) : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A change that only links both keys of a contact (see `keysOnly`); null unless the item names both. */
function keysOnlyChange(contact: string, phone: string | null, userId: string | null, atMs: number, now: number): ConversationChange | null {
  if (phone === null || userId === null) return null;
  return {
    ...NO_KEYS,
    contact,
    atMs,
    orderMs: orderWithinSecond(atMs, now),
    messageId: null,
    inbound: false,
    name: null,
    text: null,
    closesWindow: false,
    phone,
    userId,
    keysOnly: true,
  };
}

/**
 * Whether an inbound item is the user's own message, which opens the 24-hour window: anything the
 * user sent, reactions and edits included; not a revoke (it withdraws a message) and not a system
 * notice (the platform's, about the user). See docs/conversations.md.
 */
const opensWindow = (raw: unknown): boolean => !isRecord(raw) || (raw.type !== 'revoke' && raw.type !== 'system');

/**
 * The conversation change an event makes; null for channel errors, untyped items, statuses naming no one-to-one recipient,
 * and preferences and messages in a group unless they name both keys of the contact (then they only link them).
 */
export function changeOfEvent(event: ChannelEvent, now: number): ConversationChange | null {
  switch (event.kind) {
    case 'message': {
      const { from, id, timestamp, contactName, text, fromPhone, fromUserId, username, raw } = event.payload;
      const atMs = timeOf(timestamp, now);
      const phone = fromPhone ?? (isUserId(from) ? null : from);
      // A message in a group is no one-to-one conversation; it may still tell which user id is which number's.
      if (isRecord(raw) && raw.group_id !== undefined) return keysOnlyChange(from, phone, fromUserId ?? null, atMs, now);
      const changing = changesNamedMessage(raw);
      return {
        contact: from,
        atMs,
        orderMs: orderWithinSecond(atMs, now),
        // A reaction, edit or revoke changes the message it names: no thread entry of its own.
        messageId: changing ? null : id,
        inbound: opensWindow(raw),
        name: contactName,
        text: changing ? null : text,
        closesWindow: false,
        phone,
        userId: fromUserId ?? null,
        username: username ?? null,
        movedTo: newNumberOf(raw),
        newUserId: newUserIdOf(raw),
        movedUserId: movedUserIdOf(raw),
        keysOnly: false,
      };
    }
    case 'status': {
      const { recipientId, recipientUserId, toGroup, messageId, timestamp, status, errors } = event.payload;
      if (recipientId === null || toGroup === true) return null;
      const closesWindow = status === 'failed' && errors.some((error) => error.code !== null && WINDOW_CLOSED_CODES.has(error.code));
      const atMs = timeOf(timestamp, now);
      return {
        contact: recipientId,
        atMs,
        orderMs: orderWithinSecond(atMs, now),
        messageId,
        inbound: false,
        name: null,
        text: null,
        closesWindow,
        phone: isUserId(recipientId) ? null : recipientId,
        userId: recipientUserId ?? null,
        username: null,
        movedTo: null,
        newUserId: null,
        movedUserId: null,
        keysOnly: false,
      };
    }
    case 'echo': {
      const { to, toUserId, id, timestamp, text, raw } = event.payload;
      const atMs = timeOf(timestamp, now);
      const changing = changesNamedMessage(raw);
      return {
        contact: to,
        atMs,
        orderMs: orderWithinSecond(atMs, now),
        // The business's reaction (edit, revoke) from its phone app changes the message it names: no thread entry.
        messageId: changing ? null : id,
        inbound: false,
        name: null,
        text: changing ? null : text,
        closesWindow: false,
        // An echo naming the recipient's user id beside its number tells that user id's conversation is the number's.
        ...keysOfContact(to),
        userId: toUserId ?? (isUserId(to) ? to : null),
      };
    }
    case 'preference': {
      const { contact, contactPhone, contactUserId, timestamp } = event.payload;
      return keysOnlyChange(contact, contactPhone ?? null, contactUserId ?? null, timeOf(timestamp, now), now);
    }
    case 'error':
    case 'other':
    case 'template':
      return null;
  }
}

/** What a contact key alone says of the contact's keys. */
const keysOfContact = (contact: string) => (isUserId(contact) ? { ...NO_KEYS, userId: contact } : { ...NO_KEYS, phone: contact });

export const changeOfSend = (send: AcceptedSend, now: number): ConversationChange => ({
  contact: send.contact,
  atMs: now,
  orderMs: now,
  messageId: send.messageId,
  inbound: false,
  name: null,
  text: send.text,
  closesWindow: false,
  ...keysOfContact(send.contact),
});

export const changeOfVerdict = (contact: string, now: number): ConversationChange => ({
  contact,
  atMs: now,
  orderMs: now,
  messageId: null,
  inbound: false,
  name: null,
  text: null,
  closesWindow: true,
  ...NO_KEYS,
});

/**
 * How long a conversation is kept after its last activity: the event retention, but at least one
 * window, so the guard knows a closed window even when no events are kept (EVENT_RETENTION_MS=0).
 */
export const conversationTtlMs = (retentionMs: number): number => Math.max(retentionMs, SERVICE_WINDOW_MS);

/** A position in an ordered list (conversations by last activity, a thread by message time): the time and the member that breaks ties. */
export interface ListPosition {
  ms: number;
  member: string;
}

/** Newest first, ties by member descending: the order of Redis ZRANGE … REV on a sorted set. */
export const compareNewestFirst = (a: ListPosition, b: ListPosition): number => b.ms - a.ms || (a.member < b.member ? 1 : a.member > b.member ? -1 : 0);

const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,1024}$/;

/** An opaque cursor of a list position, tagged with the list it belongs to so it cannot be replayed on another. */
export function encodeListCursor(list: string, position: ListPosition): string {
  return Buffer.from(JSON.stringify([list, position.ms, position.member]), 'utf8').toString('base64url');
}

export function decodeListCursor(list: string, cursor: string, field: string): ListPosition {
  const refuse = (why: string) => new BadUserInputError(`${field} is not a cursor of this list: ${why}`, field);
  if (!CURSOR_PATTERN.test(cursor)) throw refuse('malformed');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse('malformed');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || typeof parsed[1] !== 'number' || !Number.isSafeInteger(parsed[1]) || typeof parsed[2] !== 'string') {
    throw refuse('malformed');
  }
  if (parsed[0] !== list) throw refuse('it belongs to another list');
  return { ms: parsed[1], member: parsed[2] };
}
