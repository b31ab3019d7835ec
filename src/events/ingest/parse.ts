import { createHash } from 'node:crypto';
import { stableStringify } from '../../lib/stable-stringify.js';
import { contactKeyOf, userIdOf, waIdOf } from '../conversations/contact-keys.js';
import type {
  BillingConversationDto,
  ChannelErrorEventDto,
  ChannelEvent,
  ContactPreferenceEventDto,
  InboundMessageDto,
  MessageEchoEventDto,
  MessagePricingDto,
  MessageStatusEventDto,
  TemplateUpdateEventDto,
} from '../types.js';

/** An item that could not be typed: it is kept as an `other` event all the same, and named in the log. */
export interface ParseProblem {
  /** Where in the notification, e.g. `entry[0].changes[1].value.statuses[2]`. */
  path: string;
  reason: string;
}

/**
 * Where the changes of a cloud notification go, by the business number their `metadata.display_phone_number` names
 * (as digits): a channel id, or null when the number is no channel of the partner that the path's channel could
 * speak for. A number it does not hold is unverified: its items stay on the path's channel.
 */
export type NumberRoutes = ReadonlyMap<string, string | null>;

/** How one cloud change was assigned: to the path's own number, to another channel, to no channel, or unchecked. */
export type RoutingOutcome = 'own' | 'routed' | 'unknown_number' | 'unverified';

export interface ParsedNotification {
  shape: 'cloud' | 'on-premise' | 'unknown';
  /** Each event's payload names the channel it belongs to (the path's, or the one its change's metadata names). */
  events: ChannelEvent[];
  problems: ParseProblem[];
  /** Per cloud change that names a business number: how it was assigned. */
  routing: RoutingOutcome[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const optionalString = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/** Notification timestamps are Unix seconds (a string of digits on both hostings); ISO strings pass through. */
export function toIsoTimestamp(value: unknown): string | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value))) {
    const milliseconds = Number(value) * 1000;
    return Number.isFinite(milliseconds) && milliseconds < 8.64e15 ? new Date(milliseconds).toISOString() : null;
  }
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return null;
}

/** Cloud error items carry details in `error_data.details`; on-premise in `details`. */
export function toChannelError(channelId: string, item: Json): ChannelErrorEventDto {
  const code = typeof item.code === 'number' ? item.code : typeof item.code === 'string' && /^-?\d+$/.test(item.code) ? Number(item.code) : null;
  const errorData = isObject(item.error_data) ? item.error_data : {};
  return {
    channelId,
    code: code !== null && Number.isSafeInteger(code) && Math.abs(code) <= 2_147_483_647 ? code : null,
    title: optionalString(item.title),
    details: optionalString(item.details) ?? optionalString(errorData.details) ?? optionalString(item.message),
    raw: item,
  };
}

/** What one contacts[] entry says about a user: its keys, profile name and username. */
interface ContactEntry {
  waId: string | null;
  userId: string | null;
  name: string | null;
  username: string | null;
}

/**
 * What a notification says about its users (`contacts`, found by wa_id or user id), and of its envelope: the channel's
 * displayed number and upstream id (cloud `metadata`), the business account it came for (cloud `entry[].id`).
 */
interface Senders {
  /** Holds real keys only, so an item lacking a key (null) finds no entry by it. */
  byKey: Map<string | null, ContactEntry>;
  displayPhoneNumber: string | null;
  phoneNumberId: string | null;
  businessAccountId: string | null;
}

const userIdIn = (...values: unknown[]): string | null => {
  for (const value of values) {
    const userId = typeof value === 'string' ? userIdOf(value) : null;
    if (userId !== null) return userId;
  }
  return null;
};

function sendersOf(container: Json, businessAccountId: string | null): Senders {
  const byKey = new Map<string | null, ContactEntry>();
  if (Array.isArray(container.contacts)) {
    for (const contact of container.contacts) {
      if (!isObject(contact)) continue;
      const profile = isObject(contact.profile) ? contact.profile : {};
      const entry: ContactEntry = {
        waId: typeof contact.wa_id === 'string' ? waIdOf(contact.wa_id) : null,
        userId: userIdIn(contact.user_id, contact.parent_user_id),
        name: nonEmptyString(profile.name) ? profile.name : null,
        username: nonEmptyString(profile.username) ? profile.username : null,
      };
      if (entry.waId !== null) byKey.set(entry.waId, entry);
      if (entry.userId !== null) byKey.set(entry.userId, entry);
    }
  }
  const metadata = isObject(container.metadata) ? container.metadata : {};
  return {
    byKey,
    displayPhoneNumber: optionalString(metadata.display_phone_number),
    phoneNumberId: optionalString(metadata.phone_number_id),
    businessAccountId,
  };
}

/** A user's keys as an item names them: its wa_id (a phone in any format) and its user id, from the item or its contacts[] entry. */
function keysOf(phone: unknown, userIds: unknown[], senders: Senders): { phone: string | null; userId: string | null; entry: ContactEntry | undefined } {
  const phoneText = optionalString(phone);
  const waId = phoneText === null ? null : waIdOf(phoneText);
  const itemUserId = userIdIn(...userIds);
  const entry = senders.byKey.get(waId) ?? senders.byKey.get(itemUserId);
  return { phone: waId ?? entry?.waId ?? null, userId: itemUserId ?? entry?.userId ?? null, entry };
}

/** What an item is, or (a string) why it cannot be typed. */
type Typed<T> = T | string;

function parseMessage(channelId: string, item: Json, senders: Senders): Typed<InboundMessageDto> {
  if (!nonEmptyString(item.id)) return 'missing id';
  // A user id change may name the user by its old id only in the notice (`system.previous_user_id`).
  const system = isObject(item.system) ? item.system : {};
  const { phone, userId, entry } = keysOf(item.from, [item.from_user_id, item.from_parent_user_id, system.previous_user_id], senders);
  const from = phone ?? userId;
  if (from === null) return 'no contact key (neither a phone number nor a business-scoped user id)';
  const type = nonEmptyString(item.type) ? item.type : 'unknown';
  const text = isObject(item.text) && typeof item.text.body === 'string' ? item.text.body : null;
  return {
    channelId,
    id: item.id,
    from,
    fromPhone: phone,
    fromUserId: userId,
    username: entry?.username ?? null,
    timestamp: toIsoTimestamp(item.timestamp),
    type,
    text,
    raw: item,
    contactName: entry?.name ?? null,
    displayPhoneNumber: senders.displayPhoneNumber,
    businessAccountId: senders.businessAccountId,
    phoneNumberId: senders.phoneNumberId,
  };
}

function pricingOf(value: unknown): MessagePricingDto | null {
  if (!isObject(value)) return null;
  return {
    billable: typeof value.billable === 'boolean' ? value.billable : null,
    pricingModel: optionalString(value.pricing_model),
    category: optionalString(value.category),
    type: optionalString(value.type),
  };
}

function billingConversationOf(value: unknown): BillingConversationDto | null {
  if (!isObject(value) || !nonEmptyString(value.id)) return null;
  const origin = isObject(value.origin) ? value.origin : {};
  return { id: value.id, expiresAt: toIsoTimestamp(value.expiration_timestamp), originType: optionalString(origin.type) };
}

function parseStatus(channelId: string, item: Json, senders: Senders): Typed<MessageStatusEventDto> {
  if (!nonEmptyString(item.id)) return 'missing id';
  if (!nonEmptyString(item.status)) return 'missing status';
  const errors = Array.isArray(item.errors) ? item.errors.filter(isObject).map((error) => toChannelError(channelId, error)) : [];
  const toGroup = item.recipient_type === 'group';
  const { phone, userId } = toGroup
    ? { phone: null, userId: null }
    : keysOf(item.recipient_id, [item.recipient_user_id, item.recipient_parent_user_id], senders);
  return {
    channelId,
    messageId: item.id,
    status: item.status,
    // A group's id names no one-to-one contact: kept as given, and no conversation follows from it.
    recipientId: toGroup ? optionalString(item.recipient_id) : (phone ?? userId),
    recipientUserId: userId,
    toGroup,
    // A group message's status names the member it is about beside the group (by wa_id, else by user id).
    participant: toGroup ? participantOf(item) : null,
    timestamp: toIsoTimestamp(item.timestamp),
    errors,
    pricing: pricingOf(item.pricing),
    billingConversation: billingConversationOf(item.conversation),
    raw: item,
  };
}

function participantOf(status: Json): string | null {
  const phone = optionalString(status.recipient_participant_id);
  return (phone === null ? null : waIdOf(phone)) ?? userIdIn(status.recipient_participant_user_id, status.recipient_participant_parent_user_id);
}

function parseEcho(channelId: string, item: Json): Typed<MessageEchoEventDto> {
  if (!nonEmptyString(item.id)) return 'missing id';
  const toUserId = userIdIn(item.to_user_id, item.to_parent_user_id, item.to);
  const to = (typeof item.to === 'string' ? contactKeyOf(item.to) : null) ?? toUserId;
  if (to === null) return 'no contact key for the recipient';
  return {
    channelId,
    id: item.id,
    to,
    toUserId,
    timestamp: toIsoTimestamp(item.timestamp),
    type: nonEmptyString(item.type) ? item.type : 'unknown',
    text: isObject(item.text) && typeof item.text.body === 'string' ? item.text.body : null,
    raw: item,
  };
}

function parsePreference(channelId: string, item: Json, senders: Senders): Typed<ContactPreferenceEventDto> {
  const { phone, userId } = keysOf(item.wa_id, [item.user_id, item.parent_user_id], senders);
  const contact = phone ?? userId;
  if (contact === null) return 'no contact key';
  if (!nonEmptyString(item.category) || !nonEmptyString(item.value)) return 'missing category or value';
  return {
    channelId,
    contact,
    contactPhone: phone,
    contactUserId: userId,
    category: item.category,
    value: item.value,
    timestamp: toIsoTimestamp(item.timestamp),
    raw: item,
  };
}

/** On-premise tells of a marketing preference as a system message (`user_preference_changed`): the same event as cloud user_preferences. */
function preferenceOfSystemMessage(channelId: string, item: Json, senders: Senders): ContactPreferenceEventDto | null {
  const system = isObject(item.system) ? item.system : null;
  if (item.type !== 'system' || system?.type !== 'user_preference_changed' || !nonEmptyString(system.marketing)) return null;
  const { phone, userId } = keysOf(item.from, [item.from_user_id], senders);
  const contact = phone ?? userId;
  if (contact === null) return null;
  return {
    channelId,
    contact,
    contactPhone: phone,
    contactUserId: userId,
    category: 'marketing_messages',
    value: system.marketing,
    timestamp: toIsoTimestamp(item.timestamp),
    raw: item,
  };
}

const hashOf = (value: unknown) => createHash('sha256').update(stableStringify(value)).digest('base64url');

/** Arrays of a notification the gateway types; every other key of a value (or of an on-premise root) is kept untyped. */
const TYPED_ARRAYS = ['messages', 'statuses', 'errors', 'message_echoes', 'user_preferences'] as const;
/** Keys that describe the items rather than being items. */
const ENVELOPE_KEYS = new Set(['messaging_product', 'metadata', 'contacts', 'meta']);

/**
 * Collects every item of one `value` (cloud) or of the root (on-premise): messages, statuses,
 * errors, echoes, preferences. An item that cannot be typed (malformed, no contact key) is kept as
 * an `other` event and reported; so is every key the gateway does not know. Nothing is dropped.
 */
function collect(
  channelId: string,
  container: Json,
  field: string | null,
  path: string,
  result: ParsedNotification,
  businessAccountId: string | null = null,
): void {
  const keep = (otherField: string, reason: string, raw: unknown, itemPath: string) => {
    result.problems.push({ path: itemPath, reason });
    result.events.push({
      kind: 'other',
      dedupKey: `other:${channelId}:${hashOf([otherField, raw])}`,
      payload: { channelId, field: otherField, reason, raw },
    });
  };
  const senders = sendersOf(container, businessAccountId);
  for (const name of TYPED_ARRAYS) {
    const list = container[name];
    if (list === undefined || list === null) continue;
    const itemField = field ?? name;
    if (!Array.isArray(list)) {
      keep(itemField, 'not an array', { [name]: list }, `${path}${name}`);
      continue;
    }
    list.forEach((item: unknown, index) => {
      const itemPath = `${path}${name}[${index}]`;
      // One item the rules did not foresee (too deep to hash, say) is reported like any malformed one; its neighbours stay.
      try {
        if (!isObject(item)) keep(itemField, 'not an object', item, itemPath);
        else collectItem(channelId, name, item, itemField, itemPath, senders, result, keep);
      } catch {
        result.problems.push({ path: itemPath, reason: 'unreadable item' });
      }
    });
  }
  const rest = Object.keys(container).filter((key) => !ENVELOPE_KEYS.has(key) && !(TYPED_ARRAYS as readonly string[]).includes(key));
  if (rest.length > 0) {
    const raw = Object.fromEntries(rest.map((key) => [key, container[key]]));
    keep(field ?? rest.join(','), field === null || field === 'messages' ? 'unknown keys' : `field ${field}`, raw, `${path}${rest.join(',')}`);
  }
}

function collectItem(
  channelId: string,
  name: (typeof TYPED_ARRAYS)[number],
  item: Json,
  itemField: string,
  itemPath: string,
  senders: Senders,
  result: ParsedNotification,
  keep: (field: string, reason: string, raw: unknown, path: string) => void,
): void {
  const add = <T extends object>(parsed: Typed<T>, event: (payload: T) => ChannelEvent) => {
    if (typeof parsed === 'string') keep(itemField, parsed, item, itemPath);
    else result.events.push(event(parsed));
  };
  switch (name) {
    case 'messages': {
      const preference = preferenceOfSystemMessage(channelId, item, senders);
      if (preference) {
        result.events.push({ kind: 'preference', dedupKey: `preference:${channelId}:${hashOf(item)}`, payload: preference });
        return;
      }
      add(parseMessage(channelId, item, senders), (payload) => ({ kind: 'message', dedupKey: `message:${channelId}:${payload.id}`, payload }));
      return;
    }
    case 'statuses':
      add(parseStatus(channelId, item, senders), (payload) => ({
        kind: 'status',
        dedupKey: `status:${channelId}:${payload.messageId}:${payload.status}`,
        payload,
      }));
      return;
    case 'errors':
      result.events.push({ kind: 'error', dedupKey: `error:${channelId}:${hashOf(item)}`, payload: toChannelError(channelId, item) });
      return;
    case 'message_echoes':
      add(parseEcho(channelId, item), (payload) => ({ kind: 'echo', dedupKey: `echo:${channelId}:${payload.id}`, payload }));
      return;
    case 'user_preferences':
      add(parsePreference(channelId, item, senders), (payload) => ({ kind: 'preference', dedupKey: `preference:${channelId}:${hashOf(item)}`, payload }));
  }
}

/** A business number in any format as its digits (`+49 30 5550004` → `49305550004`), the form routing compares. */
export const numberDigits = (phoneNumber: string | null | undefined): string => phoneNumber?.replace(/\D/g, '') ?? '';

/** The business number a cloud change's value names (`metadata.display_phone_number`, any format) as digits; null when none. */
function numberOfChange(value: Json): string | null {
  const digits = numberDigits(isObject(value.metadata) ? optionalString(value.metadata.display_phone_number) : null);
  return digits === '' ? null : digits;
}

/** The cloud fields that notify a template's review, quality or category (business-account level, no metadata). */
const TEMPLATE_FIELDS = new Set(['message_template_status_update', 'message_template_quality_update', 'template_category_update']);

/**
 * A template notification's value, typed. Which change it is, is read from what the value carries (`event`,
 * `new_quality_score`, a category) rather than from the field, which the platform's own reference gives wrongly for
 * quality updates in places. A notice of a category change to come carries `correct_category` (the category it will
 * take) and `new_category` (the current one); a completed change `previous_category` and `new_category`.
 */
function parseTemplateUpdate(channelId: string, value: Json): TemplateUpdateEventDto | string {
  if (!nonEmptyString(value.message_template_name)) return 'missing message_template_name';
  const base = {
    channelId,
    templateId: optionalString(value.message_template_id),
    templateName: value.message_template_name,
    language: optionalString(value.message_template_language),
    status: null,
    reason: null,
    quality: null,
    previousCategory: null,
    newCategory: null,
    raw: value,
  };
  if (nonEmptyString(value.event)) {
    const reason = optionalString(value.reason);
    return { ...base, change: 'STATUS', status: value.event, reason: reason === '' || reason === 'NONE' ? null : reason };
  }
  if (nonEmptyString(value.new_quality_score)) return { ...base, change: 'QUALITY', quality: value.new_quality_score };
  if (nonEmptyString(value.correct_category)) {
    return { ...base, change: 'CATEGORY', previousCategory: optionalString(value.new_category), newCategory: value.correct_category };
  }
  if (nonEmptyString(value.new_category)) {
    return { ...base, change: 'CATEGORY', previousCategory: optionalString(value.previous_category), newCategory: value.new_category };
  }
  return 'no event, quality score or category';
}

/** One step of a cloud notification's envelope, in its order: a change to type, or a part kept whole (no changes, no value). */
type EnvelopeStep =
  | { kind: 'whole'; field: string; reason: string; raw: unknown; path: string }
  | { kind: 'change'; field: string; value: Json; number: string | null; path: string; entryId: string | null; entryTime: unknown };

/** A notification read once: what its routing must look up, and its events once that is known. */
export interface NotificationReading {
  /** The business numbers its cloud changes name (`metadata.display_phone_number`), as digits, each once; none for on-premise. */
  numbers: string[];
  /** Its events, problems and routing, each cloud change on the channel `routes` gives its number. */
  events(routes: NumberRoutes): ParsedNotification;
}

/**
 * Reads a webhook notification of either hosting: the cloud envelope (`object`, `entry[].changes[].{field, value}`)
 * or the on-premise shape (the arrays at the root). The envelope is walked here, once: each change with the business
 * number it names, so routing can be looked up before any item is typed; `events` then visits every item of every
 * change, and keeps every one: what cannot be typed becomes an `other` event (with its `field`), so nothing of an
 * acknowledged notification is lost. A cloud change whose metadata names another channel of `routes` is that
 * channel's; one naming a number that is no channel is kept whole on `channelId` as an `other` event (reason
 * `unknown business number …`), never given to a wrong channel.
 */
export function readNotification(channelId: string, body: unknown): NotificationReading {
  if (!isObject(body)) return settled({ path: '', reason: 'the notification is not a JSON object' });
  if (!Array.isArray(body.entry)) {
    if (Object.keys(body).length === 0) return settled({ path: '', reason: 'an empty notification' });
    return {
      numbers: [],
      events() {
        const result: ParsedNotification = {
          shape: TYPED_ARRAYS.some((name) => name in body) ? 'on-premise' : 'unknown',
          events: [],
          problems: [],
          routing: [],
        };
        collect(channelId, body, null, '', result);
        return result;
      },
    };
  }
  const steps: EnvelopeStep[] = [];
  const numbers = new Set<string>();
  body.entry.forEach((entry: unknown, entryIndex) => {
    const entryPath = `entry[${entryIndex}]`;
    if (!isObject(entry) || !Array.isArray(entry.changes)) {
      steps.push({ kind: 'whole', field: 'entry', reason: 'no changes array', raw: entry, path: entryPath });
      return;
    }
    entry.changes.forEach((change: unknown, changeIndex) => {
      const path = `${entryPath}.changes[${changeIndex}]`;
      const field = isObject(change) && nonEmptyString(change.field) ? change.field : 'messages';
      if (!isObject(change) || !isObject(change.value)) {
        steps.push({ kind: 'whole', field, reason: 'no value object', raw: change, path });
        return;
      }
      const number = numberOfChange(change.value);
      if (number !== null) numbers.add(number);
      steps.push({ kind: 'change', field, value: change.value, number, path, entryId: optionalString(entry.id), entryTime: entry.time });
    });
  });
  return { numbers: [...numbers], events: (routes) => typeChanges(channelId, steps, routes) };
}

/** A notification that is refused whole before any item (not an object, empty): no number to route, one problem. */
const settled = (problem: ParseProblem): NotificationReading => ({
  numbers: [],
  events: () => ({ shape: 'unknown', events: [], problems: [problem], routing: [] }),
});

/** The events of a cloud notification's changes, each on the channel its number routes to. */
function typeChanges(channelId: string, steps: readonly EnvelopeStep[], routes: NumberRoutes): ParsedNotification {
  const result: ParsedNotification = { shape: 'cloud', events: [], problems: [], routing: [] };
  const keepWhole = (field: string, reason: string, raw: unknown, path: string) => {
    result.problems.push({ path, reason });
    result.events.push({ kind: 'other', dedupKey: `other:${channelId}:${hashOf([field, raw])}`, payload: { channelId, field, reason, raw } });
  };
  for (const step of steps) {
    if (step.kind === 'whole') {
      keepWhole(step.field, step.reason, step.raw, step.path);
      continue;
    }
    const { field, value, number, path } = step;
    // A change naming no number, or one `routes` has not checked (undefined), stays on the path's channel.
    let target = channelId;
    if (number !== null) {
      const route = routes.get(number);
      result.routing.push(route === undefined ? 'unverified' : route === null ? 'unknown_number' : route === channelId ? 'own' : 'routed');
      if (route === null) {
        keepWhole(field, `unknown business number ${number}: no channel of the partner on this business account`, value, `${path}.value`);
        continue;
      }
      target = route ?? channelId;
    }
    if (TEMPLATE_FIELDS.has(field)) {
      const update = parseTemplateUpdate(target, value);
      if (typeof update === 'string') keepWhole(field, update, value, `${path}.value`);
      // The entry's time is part of the key: the same move notified again later (APPROVED after a pause) is a new event.
      else result.events.push({ kind: 'template', dedupKey: `template:${update.channelId}:${hashOf([step.entryTime, field, value])}`, payload: update });
      continue;
    }
    collect(target, value, field, `${path}.value.`, result, step.entryId);
  }
  return result;
}
