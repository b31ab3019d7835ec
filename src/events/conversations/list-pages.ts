/** Pages of ordered lists (conversations by last activity, a thread by message time): their order and opaque cursors. */
import { BadUserInputError } from '../../errors.js';

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
