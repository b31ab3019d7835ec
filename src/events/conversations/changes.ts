/** Events → conversation changes: what one event, send or upstream verdict changes of a contact's conversation, for both logs. */
import type { AcceptedSend, ChannelEvent } from '../types.js';
import { isUserId, userIdOf, waIdOf } from './contact-keys.js';
import { WINDOW_CLOSED_CODES } from './window.js';

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
 * append script has a key for each alias an item was resolved through (append.lua, `resolvedAlias` and `furtherAlias`), so it checks two.
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
