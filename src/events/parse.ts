import { createHash } from 'node:crypto';
import { stableStringify } from '../store/cache.js';
import type { ChannelErrorEventDto, ChannelEvent, InboundMessageDto, MessageStatusEventDto } from './types.js';

/** An item that could not be turned into an event; the others of the notification still are. */
export interface ParseProblem {
  /** Where in the notification, e.g. `entry[0].changes[1].value.statuses[2]`. */
  path: string;
  reason: string;
}

export interface ParsedNotification {
  shape: 'cloud' | 'on-premise' | 'unknown';
  events: ChannelEvent[];
  problems: ParseProblem[];
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

/** What a notification says about its senders: profile names by wa_id (`contacts`) and the channel's displayed number (cloud `metadata`). */
interface Senders {
  names: Map<string, string>;
  displayPhoneNumber: string | null;
}

function sendersOf(container: Json): Senders {
  const names = new Map<string, string>();
  if (Array.isArray(container.contacts)) {
    for (const contact of container.contacts) {
      if (isObject(contact) && nonEmptyString(contact.wa_id) && isObject(contact.profile) && nonEmptyString(contact.profile.name)) {
        names.set(contact.wa_id, contact.profile.name);
      }
    }
  }
  const metadata = isObject(container.metadata) ? container.metadata : {};
  return { names, displayPhoneNumber: optionalString(metadata.display_phone_number) };
}

function parseMessage(channelId: string, item: unknown, senders: Senders): InboundMessageDto | string {
  if (!isObject(item)) return 'not an object';
  if (!nonEmptyString(item.id)) return 'missing id';
  if (!nonEmptyString(item.from)) return 'missing from';
  const type = nonEmptyString(item.type) ? item.type : 'unknown';
  const text = isObject(item.text) && typeof item.text.body === 'string' ? item.text.body : null;
  return {
    channelId,
    id: item.id,
    from: item.from,
    timestamp: toIsoTimestamp(item.timestamp),
    type,
    text,
    raw: item,
    contactName: senders.names.get(item.from) ?? null,
    displayPhoneNumber: senders.displayPhoneNumber,
  };
}

function parseStatus(channelId: string, item: unknown): MessageStatusEventDto | string {
  if (!isObject(item)) return 'not an object';
  if (!nonEmptyString(item.id)) return 'missing id';
  if (!nonEmptyString(item.status)) return 'missing status';
  const errors = Array.isArray(item.errors) ? item.errors.filter(isObject).map((error) => toChannelError(channelId, error)) : [];
  return {
    channelId,
    messageId: item.id,
    status: item.status,
    recipientId: optionalString(item.recipient_id),
    timestamp: toIsoTimestamp(item.timestamp),
    errors,
    raw: item,
  };
}

const errorHash = (item: Json) => createHash('sha256').update(stableStringify(item)).digest('base64url');

/**
 * Collects every item of one `value` (cloud) or of the root (on-premise): messages, statuses,
 * errors. A malformed item is reported and skipped; the rest are still returned.
 */
function collect(channelId: string, container: Json, path: string, result: ParsedNotification): void {
  const each = (field: string, handle: (item: unknown, itemPath: string) => void) => {
    const list = container[field];
    if (list === undefined || list === null) return;
    if (!Array.isArray(list)) {
      result.problems.push({ path: `${path}${field}`, reason: 'not an array' });
      return;
    }
    list.forEach((item, index) => {
      const itemPath = `${path}${field}[${index}]`;
      // One item the rules did not foresee (too deep to hash, say) is reported like any malformed one; its neighbours stay.
      try {
        handle(item, itemPath);
      } catch {
        result.problems.push({ path: itemPath, reason: 'unreadable item' });
      }
    });
  };
  const senders = sendersOf(container);
  each('messages', (item, itemPath) => {
    const parsed = parseMessage(channelId, item, senders);
    if (typeof parsed === 'string') result.problems.push({ path: itemPath, reason: parsed });
    else result.events.push({ kind: 'message', dedupKey: `message:${channelId}:${parsed.id}`, payload: parsed });
  });
  each('statuses', (item, itemPath) => {
    const parsed = parseStatus(channelId, item);
    if (typeof parsed === 'string') result.problems.push({ path: itemPath, reason: parsed });
    else {
      result.events.push({
        kind: 'status',
        dedupKey: `status:${channelId}:${parsed.messageId}:${parsed.status}`,
        payload: parsed,
      });
    }
  });
  each('errors', (item, itemPath) => {
    if (!isObject(item)) {
      result.problems.push({ path: itemPath, reason: 'not an object' });
      return;
    }
    result.events.push({ kind: 'error', dedupKey: `error:${channelId}:${errorHash(item)}`, payload: toChannelError(channelId, item) });
  });
}

/**
 * Turns a webhook notification of either hosting into events: the cloud envelope
 * (`object`, `entry[].changes[].value{metadata, contacts, messages, statuses, errors}`) or the
 * on-premise shape (the same arrays at the root). Every entry, change and item is visited.
 */
export function parseNotification(channelId: string, body: unknown): ParsedNotification {
  const result: ParsedNotification = { shape: 'unknown', events: [], problems: [] };
  if (!isObject(body)) {
    result.problems.push({ path: '', reason: 'the notification is not a JSON object' });
    return result;
  }
  if (Array.isArray(body.entry)) {
    result.shape = 'cloud';
    body.entry.forEach((entry, entryIndex) => {
      const entryPath = `entry[${entryIndex}]`;
      if (!isObject(entry) || !Array.isArray(entry.changes)) {
        result.problems.push({ path: entryPath, reason: 'no changes array' });
        return;
      }
      entry.changes.forEach((change, changeIndex) => {
        const changePath = `${entryPath}.changes[${changeIndex}]`;
        if (!isObject(change) || !isObject(change.value)) {
          result.problems.push({ path: changePath, reason: 'no value object' });
          return;
        }
        collect(channelId, change.value, `${changePath}.value.`, result);
      });
    });
    return result;
  }
  if (['messages', 'statuses', 'errors'].some((field) => field in body)) {
    result.shape = 'on-premise';
    collect(channelId, body, '', result);
    return result;
  }
  result.problems.push({ path: '', reason: 'neither a cloud envelope (entry[]) nor on-premise arrays (messages, statuses, errors)' });
  return result;
}
