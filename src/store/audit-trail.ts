import { randomBytes } from 'node:crypto';
import { BadUserInputError } from '../errors.js';
import type { Actor } from '../identity/actor.js';
import { fingerprint } from '../lib/secrets.js';
import type { RedisConnection } from './redis.js';

/** How an audited write ended (the schema's AuditOutcome). */
export type AuditOutcome = 'DONE' | 'REFUSED' | 'FAILED' | 'UNKNOWN';

/** What is recorded of one write: who, which mutation, on what, how it ended. Never content, tokens or keys. */
export interface AuditWrite {
  actor: Actor;
  operation: string;
  clientId: string | null;
  channelId: string | null;
  messageId: string | null;
  outcome: AuditOutcome;
  code: string | null;
}

/** One stored entry (the schema's AuditEntry). */
export interface AuditEntryRecord extends AuditWrite {
  /** Time-ordered and unique: the write's epoch milliseconds, zero-padded, and random bits. */
  id: string;
  /** ISO 8601. */
  at: string;
}

export interface AuditQuery {
  first: number;
  /** A cursor from a previous page's endCursor. */
  after: string | null;
  /** Only this actor's subject. */
  actor: string | null;
  channelId: string | null;
}

export interface AuditPage {
  nodes: AuditEntryRecord[];
  endCursor: string | null;
  hasMore: boolean;
}

/** A partner's audit trail: entries kept for the retention, read newest first. */
export interface AuditTrail {
  record(partnerId: string, write: AuditWrite): Promise<AuditEntryRecord>;
  page(partnerId: string, query: AuditQuery): Promise<AuditPage>;
}

export const AUDIT_PAGE_MAX = 200;
/** Bounds one process's memory without Redis: past it a partner's oldest entries go first. */
export const MEMORY_AUDIT_ENTRIES_PER_PARTNER = 100_000;
/** Ids and arguments are caller input (a refused write's may be anything): stored at most this long. */
const MAX_ID_LENGTH = 128;

// 15 digits hold any epoch millisecond up to the year 33658, so ids sort by time as strings.
const ID_PATTERN = /^\d{15}-[0-9a-f]{16}$/;
const padMs = (ms: number): string => String(Math.max(0, Math.floor(ms))).padStart(15, '0');

function newEntry(write: AuditWrite, now: number): AuditEntryRecord {
  const clip = (value: string | null) => (value === null ? null : value.slice(0, MAX_ID_LENGTH));
  return {
    id: `${padMs(now)}-${randomBytes(8).toString('hex')}`,
    at: new Date(now).toISOString(),
    actor: { kind: write.actor.kind, subject: clip(write.actor.subject), name: clip(write.actor.name) },
    operation: write.operation,
    clientId: clip(write.clientId),
    channelId: clip(write.channelId),
    messageId: clip(write.messageId),
    outcome: write.outcome,
    code: write.code,
  };
}

const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

/** The entry id a cursor names; BAD_USER_INPUT on `after` when it is not one of ours. */
function decodeAfter(after: string | null): string | null {
  if (after === null) return null;
  const id = after.length <= 64 && /^[A-Za-z0-9_-]+$/.test(after) ? Buffer.from(after, 'base64url').toString('utf8') : '';
  if (!ID_PATTERN.test(id)) throw new BadUserInputError('after is not a cursor of the audit trail', 'after');
  return id;
}

/** Refused before reading: a page size outside 1..AUDIT_PAGE_MAX. */
function checkFirst(first: number): void {
  if (!Number.isInteger(first) || first < 1 || first > AUDIT_PAGE_MAX) {
    throw new BadUserInputError(`first must be between 1 and ${AUDIT_PAGE_MAX}`, 'first');
  }
}

function pageOf(newestFirst: AuditEntryRecord[], first: number): AuditPage {
  const nodes = newestFirst.slice(0, first);
  const last = nodes.at(-1);
  return { nodes, endCursor: last ? encodeCursor(last.id) : null, hasMore: newestFirst.length > first };
}

/** In process: each partner's entries oldest first, trimmed by age on every write and bounded in number. */
export class MemoryAuditTrail implements AuditTrail {
  private readonly entries = new Map<string, AuditEntryRecord[]>();

  constructor(
    private readonly retentionMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async record(partnerId: string, write: AuditWrite): Promise<AuditEntryRecord> {
    const entry = newEntry(write, this.now());
    const list = this.entries.get(partnerId) ?? [];
    this.entries.set(partnerId, list);
    list.push(entry);
    // The clock may step back: keep the list in id order, which reads rely on.
    if (list.length > 1 && list[list.length - 2].id > entry.id) list.sort((a, b) => (a.id < b.id ? -1 : 1));
    const cutoff = padMs(this.now() - this.retentionMs);
    let expired = 0;
    while (expired < list.length && list[expired].id < cutoff) expired++;
    expired = Math.max(expired, list.length - MEMORY_AUDIT_ENTRIES_PER_PARTNER);
    if (expired > 0) list.splice(0, expired);
    return entry;
  }

  async page(partnerId: string, query: AuditQuery): Promise<AuditPage> {
    checkFirst(query.first);
    const after = decodeAfter(query.after);
    const cutoff = padMs(this.now() - this.retentionMs);
    const list = this.entries.get(partnerId) ?? [];
    const matching: AuditEntryRecord[] = [];
    for (let index = list.length - 1; index >= 0 && matching.length <= query.first; index--) {
      const entry = list[index];
      if (entry.id < cutoff) break;
      if (after !== null && entry.id >= after) continue;
      if (query.actor !== null && entry.actor.subject !== query.actor) continue;
      if (query.channelId !== null && entry.channelId !== query.channelId) continue;
      matching.push(entry);
    }
    return pageOf(matching, query.first);
  }
}

/**
 * In Redis: one sorted set per partner and per filter (all, by actor, by channel, by both), all under the partner's
 * hash tag so one MULTI writes them on one cluster slot. Every member scores 0 and reads `<id>|<entry JSON>`, so the
 * set is in id order, i.e. time order, and a page is one ZREVRANGEBYLEX below the cursor's id. Retention is kept by
 * trimming: each write removes the members older than the retention from the sets it touches and sets their expiry
 * to the retention (a set no write touches again expires whole, every member in it being older by then); reads skip
 * expired members too, so an entry is never answered past its retention.
 */
export class RedisAuditTrail implements AuditTrail {
  constructor(
    private readonly redis: RedisConnection,
    private readonly retentionMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key(partnerId: string, filter: string): string {
    return this.redis.key(`audit:{${partnerId}}:${filter}`);
  }

  /** The sets an entry belongs to; caller-given values are fingerprinted into key names (bounded, no separator). */
  private keysOf(partnerId: string, entry: Pick<AuditEntryRecord, 'actor' | 'channelId'>): string[] {
    const keys = [this.key(partnerId, 'all')];
    const actor = entry.actor.subject === null ? null : fingerprint(entry.actor.subject);
    const channel = entry.channelId === null ? null : fingerprint(entry.channelId);
    if (actor) keys.push(this.key(partnerId, `actor:${actor}`));
    if (channel) keys.push(this.key(partnerId, `channel:${channel}`));
    if (actor && channel) keys.push(this.key(partnerId, `actor-channel:${actor}:${channel}`));
    return keys;
  }

  async record(partnerId: string, write: AuditWrite): Promise<AuditEntryRecord> {
    const now = this.now();
    const entry = newEntry(write, now);
    const member = `${entry.id}|${JSON.stringify(entry)}`;
    const cutoff = `(${padMs(now - this.retentionMs)}`;
    const keys = this.keysOf(partnerId, entry);
    const commands = keys.flatMap((key) => [
      ['ZADD', key, '0', member],
      ['ZREMRANGEBYLEX', key, '-', cutoff],
      ['PEXPIRE', key, String(this.retentionMs)],
    ]);
    await this.redis.transaction(keys[0], commands);
    return entry;
  }

  async page(partnerId: string, query: AuditQuery): Promise<AuditPage> {
    checkFirst(query.first);
    const after = decodeAfter(query.after);
    const subject = query.actor;
    const key = this.keysOf(partnerId, { actor: { kind: 'PERSON', subject, name: null }, channelId: query.channelId }).at(-1)!;
    const max = after === null ? '+' : `(${after}`;
    const min = `[${padMs(this.now() - this.retentionMs)}`;
    const members = await this.redis.command<string[]>(key, ['ZREVRANGEBYLEX', key, max, min, 'LIMIT', '0', String(query.first + 1)]);
    const entries = members.map((member) => JSON.parse(member.slice(member.indexOf('|') + 1)) as AuditEntryRecord);
    // A fingerprint collision of two subjects or channels would share a set: the entry's own values decide.
    const matching = entries.filter(
      (entry) => (subject === null || entry.actor.subject === subject) && (query.channelId === null || entry.channelId === query.channelId),
    );
    return pageOf(matching, query.first);
  }
}

export function createAuditTrail(redis: RedisConnection | null, retentionMs: number): AuditTrail {
  return redis ? new RedisAuditTrail(redis, retentionMs) : new MemoryAuditTrail(retentionMs);
}
