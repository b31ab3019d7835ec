import { BadUserInputError } from '../../errors.js';

/**
 * A position in a channel's event log: the Redis Stream entry id `<milliseconds>-<sequence>`
 * (the in-memory log makes the same ids), so its age is readable from the id itself.
 */
export interface LogId {
  ms: number;
  seq: number;
}

const LOG_ID = /^(\d{1,15})-(\d{1,15})$/;
const CURSOR_VERSION = 'c1';

export function parseLogId(text: string): LogId | null {
  const match = LOG_ID.exec(text);
  if (!match) return null;
  const ms = Number(match[1]);
  const seq = Number(match[2]);
  return Number.isSafeInteger(ms) && Number.isSafeInteger(seq) ? { ms, seq } : null;
}

export const formatLogId = (id: LogId): string => `${id.ms}-${id.seq}`;

/** Negative, zero or positive as `a` is before, at or after `b` in the log. */
export function compareLogIds(a: LogId, b: LogId): number {
  return a.ms === b.ms ? a.seq - b.seq : a.ms - b.ms;
}

/** The position right before `id`: reading after it starts with `id`. */
export const justBefore = (id: LogId): LogId => (id.seq > 0 ? { ms: id.ms, seq: id.seq - 1 } : { ms: id.ms - 1, seq: Number.MAX_SAFE_INTEGER });

/** The opaque cursor handed to clients: the log id and its channel, base64url, so a cursor cannot be replayed on another channel. */
export function encodeCursor(channelId: string, id: LogId): string {
  return Buffer.from(`${CURSOR_VERSION}:${formatLogId(id)}:${channelId}`, 'utf8').toString('base64url');
}

/** The log id of a client's cursor; BAD_USER_INPUT naming `field` when it is not one of this channel's cursors. */
export function decodeCursor(channelId: string, cursor: string, field: string): LogId {
  const refuse = (why: string) => new BadUserInputError(`${field} is not a cursor of channel ${channelId}: ${why}`, field);
  if (cursor.length === 0 || cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse('malformed');
  const [version, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const logId = version === CURSOR_VERSION && id !== undefined ? parseLogId(id) : null;
  if (!logId) throw refuse('malformed');
  if (rest.join(':') !== channelId) throw refuse('it belongs to another channel');
  return logId;
}
