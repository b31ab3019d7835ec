import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { BUSINESS_APP_ACTOR, type Actor } from '../../identity/actor.js';
import { projectRoot } from '../../lib/project-root.js';
import type { Logger } from '../../observability/logger.js';
import type { RedisConnection } from '../../store/redis.js';
import { compareLogIds, formatLogId, parseLogId, type LogId } from './cursor.js';
import { changeOfEvent, changeOfSend, changeOfVerdict, ALIAS_HOPS, linkedUserIdOf, linkOfMove, type ConversationChange } from '../conversations/changes.js';
import { compareNewestFirst, type ListPosition } from '../conversations/list-pages.js';
import { conversationTtlMs, SERVICE_WINDOW_MS } from '../conversations/window.js';
import { isUserId } from '../conversations/contact-keys.js';
import { type ConversationDto } from '../types.js';
import {
  recordOfEvent,
  retentionCutoff,
  serializeEvent,
  type AppendResult,
  type EventLog,
  type TailListener,
  type ThreadEntry,
  type Unsubscribe,
} from './event-log.js';
import { RedisSubscriptions } from '../subscriptions/pubsub.js';
import { APPEND_PROTOCOL, encodeItem, luaPrelude, readHash, type ItemKey, type ItemMeta } from './append-protocol.js';
import type { AcceptedSend, ChannelEvent, EventKind, LoggedEvent, LoggedEventOf, MessageReactionDto, MessageRecordDto, PayloadOf } from '../types.js';

/** A Lua script of src/events/log/, read once at start from the project's source (tsc does not copy it to dist/). */
function readScript(name: string): string {
  return readFileSync(join(projectRoot(), 'src', 'events', 'log', name), 'utf8');
}

const { record: RECORD, conversation: CONVERSATION } = APPEND_PROTOCOL;

/** How long the fan-out sequence (and the id source of a log that keeps nothing) outlives the last append. */
const SEQUENCE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The one atomic step of ingestion (append.lua): per notification and channel, the dedup claim, the
 * append, the message record and the conversation of every event, and one publication of all of it;
 * its keys, arguments and fields are named in APPEND_PROTOCOL, which the script reads from its prelude.
 */
const APPEND_SCRIPT_TEMPLATE = luaPrelude() + readScript('append.lua');

/** Sets a channel's watch mark to the server's time now (restart-watch.lua). */
const RESTART_WATCH_SCRIPT = readScript('restart-watch.lua');

/** The script with its publish command: PUBLISH on one server, SPUBLISH (sharded, to the channel's slot only) on a cluster. */
function appendScript(publish: 'PUBLISH' | 'SPUBLISH'): { text: string; sha: string } {
  const text = APPEND_SCRIPT_TEMPLATE.replace('PUBLISH_COMMAND', `'${publish}'`);
  return { text, sha: createHash('sha1').update(text).digest('hex') };
}

interface StoredEvent {
  k: EventKind;
  p: PayloadOf<EventKind>;
}

interface Publication {
  q: number;
  e: Array<{ id: string; e: StoredEvent }>;
  /** Contacts whose conversation changed, one per change. */
  c?: string[];
}

/** One item of the append script: its keys, what it does and its event's JSON (see append.lua). */
interface ScriptItem {
  keys: Record<ItemKey, string>;
  meta: ItemMeta;
  event: string;
}

/** An alias a change was resolved through, which the script checks: the user id whose alias it is, and what it held when read ('' none). */
interface AliasRead {
  userId: string;
  expected: string;
}

/** A change with its contact resolved: the alias of a user id it names alone, and the user id it links. */
interface ResolvedChange {
  change: ConversationChange | null;
  resolvedAlias?: AliasRead;
  /** When the alias read named a user id: that user id's own alias. */
  further?: AliasRead;
  link?: ContactLink;
}

/**
 * A user id a change links to its contact, what its alias held when read ('' none; null when not read: the script then
 * takes an alias that names no user id), and the key whose conversation merges into the contact's (the user id itself,
 * or the older user id it was linked to; null when that is the contact).
 */
interface ContactLink {
  userId: string;
  expected: string | null;
  source: string | null;
}

/** Runs of the append script while a contact's alias keeps changing under it (each retry reads it anew). */
const ALIAS_ATTEMPTS = 3;

/**
 * Aliases an instance remembers (what it last read or wrote of each, across channels): about 2 MB at most. A first
 * attempt resolves through them without a round trip; the script checks every alias it was resolved through, so one
 * that changed since (another instance linked it, it expired) costs a retry that reads it anew, never a wrong conversation.
 */
const REMEMBERED_ALIASES = 10_000;

/** Members of a sorted set fetched beyond a page when its cursor's member moved: enough to step over ties at the cursor's time. */
const MOVED_CURSOR_SLACK = 256;

const optionalNumber = (value: string | undefined): number | null => (value === undefined || value === '' ? null : Number(value));

/** A JSON value stored as text; null when unreadable. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A reaction field (`r:<contact>` → `{"e": emoji, "at": ms}`); null when unreadable. */
function parseReaction(from: string, value: string): MessageReactionDto | null {
  const parsed = parseJson(value) as { e?: unknown; at?: unknown } | null;
  return typeof parsed?.e === 'string' && typeof parsed.at === 'number' ? { emoji: parsed.e, from, atMs: parsed.at } : null;
}

/** The earlier versions of an edited message (a JSON array of bodies as JSON), parsed; an unreadable one is left out. */
function parseHistory(value: string | undefined): unknown[] {
  const parsed = value ? parseJson(value) : null;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => (typeof entry === 'string' ? [parseJson(entry)] : [])).filter((version) => version !== null);
}

/** Who sent a send, as stored (an Actor as JSON); null when unreadable. */
function parseActor(text: string): Actor | null {
  const parsed = parseJson(text) as Partial<Actor> | null;
  if (parsed === null || typeof parsed !== 'object' || !['PERSON', 'SERVICE', 'BUSINESS_APP'].includes(String(parsed.kind))) return null;
  return {
    kind: parsed.kind!,
    subject: typeof parsed.subject === 'string' ? parsed.subject : null,
    name: typeof parsed.name === 'string' ? parsed.name : null,
  };
}

const toLogged = (id: string, stored: StoredEvent, size: number): LoggedEvent | null => {
  const logId = parseLogId(id);
  return logId ? ({ id: logId, kind: stored.k, payload: stored.p, size } as LoggedEvent) : null;
};

/** Local listeners of one channel on this instance, and the last fan-out sequence number seen. */
interface ChannelTail {
  listeners: Set<TailListener>;
  lastSequence: number | null;
  unsubscribe: Promise<Unsubscribe>;
}

export interface RedisLogOptions {
  retentionMs: number;
  dedupTtlMs: number;
  /** How long a subscription waits for the subscriber connection before failing. */
  connectWaitMs: number;
  /** REDIS_WAIT_REPLICAS: a notification's append counts as done only once this many replicas have it (WAIT). */
  waitReplicas?: number;
}

/**
 * The event log on Redis: a Stream per channel (`<ns>:events:{channelId}:log`), message records
 * (`<ns>:events:{channelId}:message:<id>`), dedup keys (`<ns>:events:{channelId}:seen:<key>`),
 * every write through append.lua. Fan-out: the script publishes what it appended on
 * `<ns>:events:{channelId}:feed`; each instance subscribes for the channels its subscribers
 * follow. Publications arrive in log order (Redis runs scripts one at a time); one lost while the
 * subscriber connection was down shows as a gap in the sequence, and listeners then read the log.
 */
export class RedisEventLog implements EventLog {
  private readonly subscriptions: RedisSubscriptions;
  private readonly tails = new Map<string, ChannelTail>();
  private readonly script: { text: string; sha: string };
  /** Alias key → the contact key it named when last read or written here, '' for none. */
  private readonly aliases = new LRUCache<string, string>({ max: REMEMBERED_ALIASES });

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: RedisLogOptions,
    private readonly logger: Logger,
  ) {
    this.script = appendScript(redis.publishCommand);
    this.subscriptions = new RedisSubscriptions(redis.subscriber(), logger, options.connectWaitMs, () => {
      for (const tail of this.tails.values()) this.gap(tail);
    });
  }

  get retains(): boolean {
    return this.options.retentionMs > 0;
  }

  private channelKey(channelId: string, suffix: string): string {
    return this.redis.key(`events:{${channelId}}:${suffix}`);
  }

  private aliasKey(channelId: string, userId: string): string {
    return this.channelKey(channelId, `alias:${userId}`);
  }

  /**
   * The changes with their contacts resolved, in order: a change naming only a user id goes to the
   * conversation it was linked to (held, or linked by an earlier change of the same batch); a change
   * linking a user id (naming both keys, or a user id change) says which conversation merges into its
   * contact's. Each says what it read, so the script can refuse a resolution an append in between made stale.
   * A first attempt takes the aliases this instance remembers and reads only the others; a retry (`fresh`) reads every
   * alias, those of linked user ids included: almost always a linked id names no other user id's conversation, so a
   * first attempt assumes so (the script refuses it otherwise) and saves a round trip.
   */
  private async resolve(channelId: string, changes: Array<ConversationChange | null>, fresh: boolean): Promise<ResolvedChange[]> {
    const userOnly = (change: ConversationChange | null): change is ConversationChange => change !== null && change.phone === null && isUserId(change.contact);
    const linked = changes.map((change) => (change === null ? null : linkedUserIdOf(change)));
    const alone = changes.filter(userOnly).map((change) => change.contact);
    const lookups = fresh ? [...alone, ...linked] : alone;
    const known = new Map<string, string | null>();
    if (!fresh) this.recallAliases(channelId, lookups, known);
    await this.readAliases(channelId, lookups, known);
    // The second of ALIAS_HOPS: a user id named alone whose alias names another user id (linked to it, whose conversation
    // may have merged since) goes where that one's alias names.
    const further = alone.map((userId) => known.get(userId) ?? null);
    if (!fresh) this.recallAliases(channelId, further, known);
    await this.readAliases(channelId, further, known);
    return changes.map((change, index): ResolvedChange => {
      if (change === null) return { change };
      const resolved: ResolvedChange = { change };
      if (userOnly(change)) {
        const named = known.get(change.contact) ?? null;
        // undefined: not read (named by an earlier change of the batch, which resolved it already).
        const next = named !== null && isUserId(named) ? known.get(named) : undefined;
        resolved.change = { ...change, contact: next ?? named ?? change.contact, userId: change.contact };
        resolved.resolvedAlias = { userId: change.contact, expected: named ?? '' };
        if (named !== null && next !== undefined) resolved.further = { userId: named, expected: next ?? '' };
      }
      const contact = resolved.change!.contact;
      const userId = linked[index];
      if (userId !== null && userId !== contact) {
        // undefined: not read (nor linked by an earlier change of the batch).
        const named = known.get(userId);
        const source = named != null && isUserId(named) ? named : userId;
        resolved.link = { userId, expected: named === undefined ? null : (named ?? ''), source: source === contact ? null : source };
        known.set(userId, contact);
        if (source !== contact) known.set(source, contact);
      }
      return resolved;
    });
  }

  /** The user ids among `keys` that `known` lacks. */
  private static unknownUserIds(keys: Array<string | null>, known: Map<string, string | null>): string[] {
    return [...new Set(keys.filter((key): key is string => key !== null && isUserId(key) && !known.has(key)))];
  }

  /** Puts the aliases this instance remembers of the user ids among `keys` that `known` lacks into it (null: none). */
  private recallAliases(channelId: string, keys: Array<string | null>, known: Map<string, string | null>): void {
    for (const userId of RedisEventLog.unknownUserIds(keys, known)) {
      const remembered = this.aliases.get(this.aliasKey(channelId, userId));
      if (remembered !== undefined) known.set(userId, remembered || null);
    }
  }

  /** Reads the aliases of the user ids among `keys` that `known` lacks into it (null: none), and remembers them. */
  private async readAliases(channelId: string, keys: Array<string | null>, known: Map<string, string | null>): Promise<void> {
    const missing = RedisEventLog.unknownUserIds(keys, known);
    if (missing.length === 0) return;
    const aliasKeys = missing.map((userId) => this.aliasKey(channelId, userId));
    const found = await this.command<Array<string | null>>(['MGET', ...aliasKeys]);
    missing.forEach((userId, index) => {
      known.set(userId, found[index] ?? null);
      this.aliases.set(aliasKeys[index], found[index] ?? '');
    });
  }

  /**
   * Remembers the aliases a run of the script wrote: an item's link names its contact from then on, and so does the key
   * whose conversation merged (see append.lua); a number change's link that was not applied (its notice was a
   * duplicate) leaves them unknown.
   */
  private rememberLinks(channelId: string, resolved: ResolvedChange[], items: ScriptItem[], results: unknown[]): void {
    resolved.forEach(({ change, link }, position) => {
      if (!change || !link) return;
      const applied = items[position].meta.operation !== 'linked' || typeof results[position - 1] === 'string';
      for (const userId of link.source === null ? [link.userId] : [link.userId, link.source]) {
        const key = this.aliasKey(channelId, userId);
        if (applied) this.aliases.set(key, change.contact);
        else this.aliases.delete(key);
      }
    });
  }

  /** Runs items built from freshly resolved contacts; again when an alias changed in between (a few times at most). */
  private async runResolved(
    channelId: string,
    changes: Array<ConversationChange | null>,
    build: (resolved: ResolvedChange[]) => ScriptItem[],
    fromNotification = false,
  ): Promise<unknown[]> {
    for (let attempt = 1; ; attempt += 1) {
      const resolved = await this.resolve(channelId, changes, attempt > 1);
      const items = build(resolved);
      const results = await this.run(channelId, items, fromNotification);
      if (results[0] !== -1) {
        this.rememberLinks(channelId, resolved, items, results);
        return results;
      }
      if (attempt === ALIAS_ATTEMPTS) return results;
    }
  }

  async append(channelId: string, events: ChannelEvent[]): Promise<AppendResult> {
    if (events.length === 0) return { appended: [], duplicates: 0 };
    const now = Date.now();
    const serialized = events.map(serializeEvent);
    const records = events.map((event) => recordOfEvent(event, now));
    // An item per event, and after a number change naming the new user id, the keys-only item linking it to the new number.
    const changes: Array<ConversationChange | null> = [];
    const itemOfEvent: number[] = [];
    const eventOfItem: Array<number | null> = [];
    events.forEach((event, index) => {
      const change = changeOfEvent(event, now);
      itemOfEvent.push(changes.length);
      eventOfItem.push(index);
      changes.push(change);
      const moved = change && linkOfMove(change);
      if (moved) {
        eventOfItem.push(null);
        changes.push(moved);
      }
    });
    const build = (resolved: ResolvedChange[]) =>
      changes.map((_change, position): ScriptItem => {
        const index = eventOfItem[position];
        // Applied only when the notice before it was appended (a re-delivery changes nothing).
        if (index === null) return this.item(channelId, resolved[position], { op: 'linked', messageId: null, recordContact: null });
        const event = events[index];
        const record = records[index];
        const { change } = resolved[position];
        const item = this.item(channelId, resolved[position], {
          op: event.kind,
          dedupKey: event.dedupKey,
          event: serialized[index].json,
          messageId: record?.messageId ?? null,
          status: event.kind === 'status' ? event.payload.status : undefined,
          // The record belongs to the conversation it joins, so its cursor pages that thread.
          recordContact: (change !== null && !record?.change ? change.contact : record?.contact) ?? null,
          type: record?.type ?? undefined,
          text: record?.text ?? undefined,
        });
        // Where the item is in the event: the script cuts a message's, echo's or edit's body out of it.
        item.meta.itemOffset = serialized[index].itemOffset;
        if (record && !record.change) item.meta.sentAtMs = record.sentAtMs;
        // The profile name rides once: in `name` when the conversation takes it, else for the record alone (a message in a group).
        const contactName = event.kind === 'message' ? event.payload.contactName : null;
        if (item.meta.name !== contactName) item.meta.contactName = contactName;
        const recordChange = record?.change;
        if (recordChange) {
          Object.assign(item.meta, { changeKind: recordChange.kind, atMs: recordChange.atMs });
          if (recordChange.kind === 'reaction') Object.assign(item.meta, { reactionFrom: recordChange.from, reactionEmoji: recordChange.emoji ?? '' });
          if (recordChange.kind === 'edit') item.meta.text = recordChange.text ?? '';
        }
        return item;
      });
    const results = await this.runResolved(channelId, changes, build, true);
    if (results[0] === -1) throw new Error('events: a contact alias kept changing during the append; the notification is refused for a retry');
    // Also after a duplicate: a re-delivery is acknowledged only once what the first delivery appended is replicated.
    if (this.options.waitReplicas) await this.redis.waitForReplicas(this.channelKey(channelId, 'log'), this.options.waitReplicas);
    const appended: LoggedEvent[] = [];
    events.forEach((event, index) => {
      const result = results[itemOfEvent[index]];
      const logged = typeof result === 'string' ? toLogged(result, { k: event.kind, p: event.payload }, serialized[index].json.length) : null;
      if (logged) appended.push(logged);
    });
    return { appended, duplicates: events.length - appended.length };
  }

  async recordSend(channelId: string, send: AcceptedSend): Promise<void> {
    await this.runResolved(channelId, [changeOfSend(send, Date.now())], ([resolved]) => [
      this.item(channelId, resolved, {
        op: 'sent',
        messageId: send.messageId,
        recordContact: resolved.change?.contact ?? send.contact,
        type: send.type,
        text: send.text ?? undefined,
        body: send.body === undefined ? undefined : JSON.stringify(send.body),
        sentBy: send.sentBy === undefined ? undefined : JSON.stringify(send.sentBy),
      }),
    ]);
  }

  async closeWindow(channelId: string, contact: string): Promise<void> {
    await this.runResolved(channelId, [changeOfVerdict(contact, Date.now())], ([resolved]) => [
      this.item(channelId, resolved, { op: 'closed', messageId: null, recordContact: resolved.change?.contact ?? contact }),
    ]);
  }

  /**
   * The contact key a user id stands for on this channel: the conversation it was linked to (followed at most ALIAS_HOPS
   * aliases, as MemoryConversations.resolve), else itself.
   */
  private async resolveContact(channelId: string, contact: string): Promise<string> {
    let key = contact;
    for (let hop = 0; hop < ALIAS_HOPS && isUserId(key); hop += 1) {
      const next = await this.command<string | null>(['GET', this.aliasKey(channelId, key)]);
      if (next === null) break;
      key = next;
    }
    return key;
  }

  /** The keys and meta of one script item; items that touch no record or conversation name the stream in their place. */
  private item(
    channelId: string,
    { change, resolvedAlias, further, link }: ResolvedChange,
    fields: {
      op: string;
      dedupKey?: string;
      event?: string;
      messageId: string | null;
      status?: string;
      recordContact: string | null;
      type?: string;
      text?: string;
      body?: string;
      sentBy?: string;
    },
  ): ScriptItem {
    const placeholder = this.channelKey(channelId, 'log');
    const contact = change?.contact ?? '';
    // A field without a value (null or undefined) is left out of the item (encodeItem).
    const meta: ItemMeta = {
      operation: fields.op,
      messageId: fields.messageId,
      status: fields.status,
      recordContact: fields.recordContact,
      type: fields.type,
      text: fields.text,
      body: fields.body,
      sentBy: fields.sentBy,
      resolvedAlias: resolvedAlias?.expected,
      furtherAlias: further?.expected,
      linkedUserId: link?.userId,
      linkedAlias: link?.expected,
      mergedKey: link?.source,
    };
    if (change) {
      Object.assign(meta, {
        contact: change.contact,
        atMs: change.atMs,
        orderMs: change.orderMs,
        name: change.name,
        phone: change.phone,
        userId: change.newUserId ?? change.userId,
        username: change.username,
        movedTo: change.movedTo,
      });
      if (change.inbound) meta.inbound = true;
      if (change.closesWindow) meta.closesWindow = true;
      if (change.keysOnly) meta.keysOnly = true;
    }
    const source = link?.source ?? null;
    return {
      keys: {
        dedup: fields.dedupKey === undefined ? placeholder : this.channelKey(channelId, `seen:${fields.dedupKey}`),
        record: fields.messageId === null ? placeholder : this.channelKey(channelId, `message:${fields.messageId}`),
        conversation: contact === '' ? placeholder : this.channelKey(channelId, `conversation:${contact}`),
        thread: contact === '' ? placeholder : this.channelKey(channelId, `thread:${contact}`),
        resolvedAlias: resolvedAlias ? this.aliasKey(channelId, resolvedAlias.userId) : placeholder,
        linkedAlias: link ? this.aliasKey(channelId, link.userId) : placeholder,
        mergedConversation: source === null ? placeholder : this.channelKey(channelId, `conversation:${source}`),
        mergedThread: source === null ? placeholder : this.channelKey(channelId, `thread:${source}`),
        mergedAlias: source === null ? placeholder : this.aliasKey(channelId, source),
        furtherAlias: further ? this.aliasKey(channelId, further.userId) : placeholder,
      },
      meta,
      event: fields.event ?? '',
    };
  }

  private async run(channelId: string, items: ScriptItem[], fromNotification: boolean): Promise<unknown[]> {
    const channelKeys = APPEND_PROTOCOL.channelKeys.map((name) => this.channelKey(channelId, name));
    const keys = [...channelKeys, ...items.flatMap((item) => APPEND_PROTOCOL.itemKeys.map((name) => item.keys[name]))];
    const values: Record<(typeof APPEND_PROTOCOL.args)[number], string> = {
      retentionMs: String(this.options.retentionMs),
      dedupTtlMs: String(this.options.dedupTtlMs),
      feedChannel: this.feedChannel(channelId),
      sequenceTtlMs: String(SEQUENCE_TTL_MS),
      conversationTtlMs: String(conversationTtlMs(this.options.retentionMs)),
      windowMs: String(SERVICE_WINDOW_MS),
      fromNotification: fromNotification ? '1' : '0',
    };
    const args = [...APPEND_PROTOCOL.args.map((name) => values[name]), ...items.flatMap((item) => [encodeItem(item.meta), item.event])];
    const evaluate = (verb: string, script: string) => this.command<unknown[]>([verb, script, String(keys.length), ...keys, ...args]);
    try {
      return await evaluate('EVALSHA', this.script.sha);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return evaluate('EVAL', this.script.text);
    }
  }

  /**
   * A raw command bounded by REDIS_TIMEOUT_MS, its reply in the shape the caller knows the command
   * answers; routed on a cluster by its first key (after the script and key count of EVAL/EVALSHA).
   */
  private async command<T>(args: string[]): Promise<T> {
    return this.redis.command<T>(args[0].startsWith('EVAL') ? args[3] : args[1], args);
  }

  async read(channelId: string, after: LogId | null, limit: number): Promise<LoggedEvent[]> {
    if (!this.retains) return [];
    const cutoff = retentionCutoff(this.options.retentionMs, Date.now());
    const start = after && after.ms >= cutoff ? `(${formatLogId(after)}` : `${Math.max(cutoff, 0)}-0`;
    const reply = await this.command<Array<[string, string[]]>>(['XRANGE', this.channelKey(channelId, 'log'), start, '+', 'COUNT', String(limit)]);
    const events: LoggedEvent[] = [];
    for (const [id, fields] of reply) {
      const logged = this.parseStored(channelId, id, fields[1]);
      if (logged) events.push(logged);
    }
    return events;
  }

  isExpired(_channelId: string, id: LogId): boolean {
    return id.ms < retentionCutoff(this.options.retentionMs, Date.now());
  }

  async message(channelId: string, messageId: string): Promise<MessageRecordDto | null> {
    const record = await this.readRecord(channelId, messageId);
    // A record kept under a user id belongs to the wa_id's conversation once that is known.
    if (record?.contact) record.contact = await this.resolveContact(channelId, record.contact);
    return record;
  }

  /** The record as stored, its contact the key it was kept under. */
  private async readRecord(channelId: string, messageId: string): Promise<MessageRecordDto | null> {
    if (!this.retains) return null;
    const fields = await this.command<string[]>(['HGETALL', this.channelKey(channelId, `message:${messageId}`)]);
    if (fields.length === 0) return null;
    const stored: Record<string, string> = {};
    const statuses: Array<LoggedEventOf<'status'>> = [];
    const reactions: MessageReactionDto[] = [];
    for (let index = 0; index < fields.length; index += 2) {
      const [name, value] = [fields[index], fields[index + 1]];
      if (name.startsWith(RECORD.statusPrefix)) {
        const logged = this.parseStored(channelId, name.slice(RECORD.statusPrefix.length), value);
        if (logged?.kind === 'status') statuses.push(logged);
      } else if (name.startsWith(RECORD.reactionPrefix)) {
        const reaction = parseReaction(name.slice(RECORD.reactionPrefix.length), value);
        if (reaction) reactions.push(reaction);
      } else stored[name] = value;
    }
    statuses.sort((a, b) => compareLogIds(a.id, b.id));
    reactions.sort((a, b) => a.atMs - b.atMs);
    const record = readHash(RECORD, stored);
    return {
      id: messageId,
      channelId,
      direction: record.direction === 'INBOUND' ? 'INBOUND' : 'OUTBOUND',
      contact: record.contact || null,
      type: record.type || null,
      atMs: Number(record.atMs),
      // Records kept before the send time was: their thread place, which is that time refined within its second.
      sentAtMs: optionalNumber(record.sentAtMs) ?? optionalNumber(record.threadMs) ?? Number(record.atMs),
      status: record.status ?? 'accepted',
      statuses,
      text: record.text || null,
      threadMs: optionalNumber(record.threadMs) ?? Number(record.atMs),
      sentFrom: record.origin === 'API' || record.origin === 'BUSINESS_APP' ? record.origin : null,
      body: record.body ? parseJson(record.body) : null,
      history: parseHistory(record.history),
      editedAtMs: optionalNumber(record.editedAtMs),
      revokedAtMs: optionalNumber(record.revokedAtMs),
      reactions,
      contactName: record.contactName || null,
      sentBy: record.origin === 'BUSINESS_APP' ? BUSINESS_APP_ACTOR : record.sentBy ? parseActor(record.sentBy) : null,
    };
  }

  async conversation(channelId: string, asked: string): Promise<ConversationDto | null> {
    const contact = await this.resolveContact(channelId, asked);
    const fields = await this.command<string[]>(['HGETALL', this.channelKey(channelId, `conversation:${contact}`)]);
    if (fields.length === 0) return null;
    const stored: Record<string, string> = {};
    for (let index = 0; index < fields.length; index += 2) stored[fields[index]] = fields[index + 1];
    const conversation = readHash(CONVERSATION, stored);
    return {
      channelId,
      contact,
      contactPhone: conversation.phone || null,
      contactUserId: conversation.userId || null,
      contactUsername: conversation.username || null,
      movedTo: conversation.movedTo || null,
      name: conversation.name || null,
      lastInboundMs: optionalNumber(conversation.lastInboundMs),
      lastActivityMs: Number(conversation.lastActivityMs),
      closedMs: optionalNumber(conversation.closedMs),
      lastMessageId: conversation.lastMessageId || null,
    };
  }

  async conversations(channelId: string, after: ListPosition | null, limit: number): Promise<ConversationDto[]> {
    const positions = await this.rangeAfter(this.channelKey(channelId, 'conversations'), after, limit);
    const found = await Promise.all(positions.map((position) => this.conversation(channelId, position.member)));
    return found.filter((conversation): conversation is ConversationDto => conversation !== null);
  }

  async thread(channelId: string, contact: string, before: ListPosition | null, limit: number): Promise<ThreadEntry[]> {
    if (!this.retains) return [];
    const resolved = await this.resolveContact(channelId, contact);
    const positions = await this.rangeAfter(this.channelKey(channelId, `thread:${resolved}`), before, limit);
    return Promise.all(
      positions.map(async (position) => {
        const record = await this.readRecord(channelId, position.member);
        // Its thread says whose it is (records kept under a user id before a merge included).
        return { position, record: record && { ...record, contact: resolved } };
      }),
    );
  }

  /** Overwrites the watch mark with the server's time now (the append script's clock), for a window. */
  async restartWatch(channelId: string, afterMs = 0): Promise<void> {
    await this.command(['EVAL', RESTART_WATCH_SCRIPT, '1', this.channelKey(channelId, 'watched'), String(SERVICE_WINDOW_MS), String(afterMs)]);
  }

  async watchedSince(channelId: string): Promise<number | null> {
    return optionalNumber((await this.command<string | null>(['GET', this.channelKey(channelId, 'watched')])) ?? undefined);
  }

  /**
   * Members of a sorted set newest first (highest score, ties by member descending) after `after`. The
   * cursor's member still at its score gives the next page by rank; one that moved (new activity) or
   * left is stepped over by score and member instead.
   */
  private async rangeAfter(key: string, after: ListPosition | null, limit: number): Promise<ListPosition[]> {
    if (limit <= 0) return [];
    if (after === null) return this.positions(['ZRANGE', key, '0', String(limit - 1), 'REV', 'WITHSCORES']);
    const [rank, score] = await Promise.all([
      this.command<number | null>(['ZREVRANK', key, after.member]),
      this.command<string | null>(['ZSCORE', key, after.member]),
    ]);
    if (rank !== null && Number(score) === after.ms) {
      return this.positions(['ZRANGE', key, String(rank + 1), String(rank + limit), 'REV', 'WITHSCORES']);
    }
    const candidates = await this.positions([
      'ZRANGE',
      key,
      String(after.ms),
      '-inf',
      'BYSCORE',
      'REV',
      'LIMIT',
      '0',
      String(limit + MOVED_CURSOR_SLACK),
      'WITHSCORES',
    ]);
    return candidates.filter((position) => compareNewestFirst(position, after) > 0).slice(0, limit);
  }

  private async positions(command: string[]): Promise<ListPosition[]> {
    const reply = await this.command<string[]>(command);
    const positions: ListPosition[] = [];
    for (let index = 0; index < reply.length; index += 2) positions.push({ member: reply[index], ms: Number(reply[index + 1]) });
    return positions;
  }

  async tail(channelId: string, listener: TailListener): Promise<Unsubscribe> {
    let tail = this.tails.get(channelId);
    if (!tail) {
      const created: ChannelTail = { listeners: new Set(), lastSequence: null, unsubscribe: Promise.resolve(async () => undefined) };
      created.unsubscribe = this.subscriptions.subscribe(this.feedChannel(channelId), (text) => this.deliver(channelId, created, text));
      created.unsubscribe.catch(() => {
        if (this.tails.get(channelId) === created) this.tails.delete(channelId);
      });
      tail = created;
      this.tails.set(channelId, created);
    }
    const subscribed = tail;
    await subscribed.unsubscribe;
    subscribed.listeners.add(listener);
    return async () => {
      subscribed.listeners.delete(listener);
      if (subscribed.listeners.size > 0 || this.tails.get(channelId) !== subscribed) return;
      this.tails.delete(channelId);
      await (
        await subscribed.unsubscribe
      )();
    };
  }

  canAccept(): boolean {
    return this.redis.isReady;
  }

  async close(): Promise<void> {
    this.tails.clear();
    this.subscriptions.close();
  }

  /** Under the channel's hash tag, so that on a cluster SPUBLISH from the script stays on the script's own shard. */
  private feedChannel(channelId: string): string {
    return this.channelKey(channelId, 'feed');
  }

  private parseStored(channelId: string, id: string, text: string | undefined): LoggedEvent | null {
    try {
      return toLogged(id, JSON.parse(text ?? '') as StoredEvent, text?.length ?? 0);
    } catch {
      this.logger.warn({ channelId, entry: id }, 'events: skipped an unreadable log entry');
      return null;
    }
  }

  private deliver(channelId: string, tail: ChannelTail, text: string): void {
    let publication: Publication;
    try {
      publication = JSON.parse(text) as Publication;
    } catch {
      this.logger.warn({ channelId }, 'events: ignored a non-JSON publication on the fan-out channel');
      return;
    }
    if (tail.lastSequence !== null && publication.q !== tail.lastSequence + 1) this.gap(tail);
    tail.lastSequence = publication.q;
    const size = Math.ceil(text.length / Math.max(publication.e.length, 1));
    const events = publication.e.map((entry) => toLogged(entry.id, entry.e, size)).filter((event): event is LoggedEvent => event !== null);
    const contacts = publication.c ?? [];
    for (const listener of tail.listeners) {
      if (events.length > 0) listener.onEvents(events);
      if (contacts.length > 0) listener.onConversations?.(contacts);
    }
  }

  private gap(tail: ChannelTail): void {
    for (const listener of tail.listeners) listener.onGap();
  }
}
