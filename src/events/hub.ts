import type { Logger } from '../observability/logger.js';
import type { RedisConnection } from '../store/redis.js';
import { BadUserInputError, CursorExpiredError } from '../errors.js';
import { openConversationFeed } from './subscriptions/conversation-feed.js';
import { decodeListCursor, encodeListCursor, type ListPosition } from './conversations/list-pages.js';
import { serviceWindow, type ServiceWindowDto, type ServiceWindowState } from './conversations/window.js';
import { type ConversationDto } from './types.js';
import { decodeCursor, type LogId } from './log/cursor.js';
import { openFeed } from './subscriptions/feed.js';
import type { EventLog } from './log/event-log.js';
import { MemoryEventLog } from './log/memory-log.js';
import { readNotification, type NumberRoutes, type ParseProblem, type RoutingOutcome } from './ingest/parse.js';
import { RedisEventLog } from './log/redis-log.js';
import { EVENT_KINDS, type AcceptedSend, type ChannelEvent, type EventKind, type LoggedEvent, type MessageRecordDto } from './types.js';

/**
 * How long an event id is remembered: the upstream re-delivers for up to 7 days, plus a day for
 * deliveries queued at the very end of that window and clock differences.
 */
export const DEDUP_TTL_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * Bound of the in-memory dedup store (one process, no REDIS_URL): about 100 bytes per entry, so
 * some 10 MB at most; beyond it the oldest ids are forgotten first.
 */
export const DEDUP_MAX_ENTRIES = 100_000;

/** Bounds of the in-memory log (no REDIS_URL): events across all channels, and message records. */
export const MEMORY_LOG_MAX_EVENTS = 100_000;
export const MEMORY_LOG_MAX_RECORDS = 100_000;
export const MEMORY_LOG_MAX_CONVERSATIONS = 100_000;

/** The most a page of Channel.conversations and of Conversation.messages holds. */
export const CONVERSATIONS_PAGE_MAX = 100;
export const THREAD_PAGE_MAX = 200;

/** Conversations read per round trip while a window filter looks for a page's worth. */
export const CONVERSATION_SCAN_SIZE = 200;

/**
 * Conversations one page reads at most (only a filtered one comes near: an unfiltered one ends at CONVERSATIONS_PAGE_MAX):
 * past them the page ends short, with `hasMore` and an `endCursor` at the last one read, so a filter that matches little
 * costs a bounded amount per request.
 */
export const CONVERSATION_SCAN_MAX = 1_000;

/** Messages the threads of one page of conversations may read together (`conversations { nodes { messages } }`). */
export const THREAD_READS_PER_PAGE = 500;

/** Conversation changes waiting for one conversationUpdated subscriber before it is ended. */
export const CONVERSATION_SUBSCRIBER_MAX_PENDING = 10_000;

/** How long a new subscription waits for the Redis subscriber connection (at start or after a loss) before failing. */
const SUBSCRIBE_CONNECT_WAIT_MS = 5_000;

/** Live events held per subscriber before it reads from the log instead: above one whole notification (1 MB) in parsed form. */
export const SUBSCRIBER_BACKLOG_BYTES = 8 * 1024 * 1024;

/** A subscriber with events waiting that asked for none this long has stopped reading: it is ended. */
export const SUBSCRIBER_STALL_MS = 60_000;

/** Events per log read while a subscriber catches up, and the most a page of Channel.events holds. */
const REPLAY_PAGE_SIZE = 500;
export const EVENTS_PAGE_MAX = 200;

/** Which channel each business number a cloud notification names belongs to (ingest/channel-directory.ts). */
export interface NumberDirectory {
  routes(channelId: string, numbers: readonly string[]): Promise<NumberRoutes>;
}

export interface IngestResult {
  published: number;
  duplicates: number;
  /** Items kept untyped (as `other` events) and why; they are published all the same. */
  problems: ParseProblem[];
  /** The events published, by kind. */
  publishedByKind: Partial<Record<EventKind, number>>;
  /** How each cloud change naming a business number was assigned. */
  routing: RoutingOutcome[];
  /** The channels whose logs took the notification's events. */
  channels: string[];
}

export interface EventPageRequest {
  after: string | null;
  first: number;
  kinds: EventKind[] | null;
  /** Keeps the events of this contact key (messages from it, statuses of messages to it, echoes to it, its preferences). */
  contact: string | null;
}

export interface EventPage {
  nodes: LoggedEvent[];
  /** Position of the last node (null when there is none). */
  end: LogId | null;
  hasMore: boolean;
}

/** A conversation with its window as of the read. */
export interface ConversationView extends ConversationDto {
  window: ServiceWindowDto;
  /** Set on the conversations of one page: what their threads may still read together. */
  pageReads?: ReadAllowance;
}

/** Records several nested reads may still take together; refused past it (BAD_USER_INPUT on `first`), before reading. */
export class ReadAllowance {
  private left: number;

  constructor(readonly limit: number) {
    this.left = limit;
  }

  take(count: number): void {
    if (count > this.left) {
      throw new BadUserInputError(
        `The threads of one page of conversations may read ${this.limit} messages together: ask for fewer messages per conversation or fewer conversations`,
        'first',
      );
    }
    this.left -= count;
  }
}

export interface ConversationPageRequest {
  first: number;
  after: string | null;
  window: ServiceWindowState | null;
}

export interface ListPage<T> {
  nodes: T[];
  /** Cursor of the last node; null when there is none. */
  endCursor: string | null;
  hasMore: boolean;
}

const conversationList = (channelId: string) => `conversations:${channelId}`;
const threadList = (channelId: string, contact: string | null) => `thread:${channelId}:${contact ?? ''}`;

/** The opaque position of a record in its conversation (MessageRecord.cursor). */
export const recordCursor = (record: MessageRecordDto): string =>
  encodeListCursor(threadList(record.channelId, record.contact), { ms: record.threadMs, member: record.id });

function pageSize(first: number, max: number, field: string): number {
  if (first < 0) throw new BadUserInputError(`${field} must not be negative`, field);
  return Math.min(first, max);
}

/** The keys an event names its contact by. */
function contactKeysOf(event: LoggedEvent): Array<string | null | undefined> {
  switch (event.kind) {
    case 'message':
      return [event.payload.from, event.payload.fromUserId];
    case 'status':
      return [event.payload.recipientId, event.payload.recipientUserId];
    case 'echo':
      return [event.payload.to, event.payload.toUserId];
    case 'preference':
      return [event.payload.contact, event.payload.contactUserId];
    default:
      return [];
  }
}

/** Whether an event concerns the contact, by any of its keys (`keys` holds real keys only, so a key the event lacks matches none). */
const involves = (event: LoggedEvent, keys: ReadonlySet<string | null | undefined>): boolean => contactKeysOf(event).some((key) => keys.has(key));

/**
 * Webhook notifications in, durable channel events out: every event of a notification is
 * deduplicated and appended to its channel's log in one atomic step before the receiver
 * acknowledges (see log/event-log.ts); subscribers replay from a cursor and continue live (subscriptions/feed.ts).
 */
export class EventHub {
  private readonly subscribers = new Map<string, number>();
  /**
   * Per channel: when this process last answered one of its notifications 503. Never expired: one number per channel the
   * receiver refused, and a refusal older than a window shortens no watch (watchedSince).
   */
  private readonly refusedAt = new Map<string, number>();

  constructor(readonly log: EventLog) {}

  canAccept(): boolean {
    return this.log.canAccept();
  }

  /**
   * Resolves once every event of the notification is in the log of its channel (or known as a duplicate); rejects
   * when a log cannot be written, or when `directory` cannot tell in time which channels the notification's business
   * numbers are (its DirectoryLookupError). The body is walked once (ingest/parse.ts): the numbers its cloud changes
   * name are looked up in `directory`, then its items are typed, each change on the channel its number routes to
   * (without a directory they all stay on `channelId`). Each channel's events are one atomic append, so a rejection
   * after some were written leaves nothing half-done that a re-delivery would not complete (its dedup claims find the
   * written ones).
   */
  async ingest(channelId: string, body: unknown, directory?: NumberDirectory): Promise<IngestResult> {
    const notification = readNotification(channelId, body);
    const routes = directory ? await directory.routes(channelId, notification.numbers) : new Map<string, string | null>();
    const { events, problems, routing } = notification.events(routes);
    const byChannel = new Map<string, ChannelEvent[]>([[channelId, []]]);
    for (const event of events) {
      const target = event.payload.channelId;
      const list = byChannel.get(target);
      if (list) list.push(event);
      else byChannel.set(target, [event]);
    }
    const publishedByKind: Partial<Record<EventKind, number>> = {};
    let published = 0;
    let duplicates = 0;
    const channels: string[] = [];
    for (const [target, list] of byChannel) {
      // Only the path's channel can be without events: appended to when it is the only one (an empty notification), not otherwise.
      if (list.length === 0 && byChannel.size > 1) continue;
      channels.push(target);
      const result = await this.log.append(target, list);
      published += result.appended.length;
      duplicates += result.duplicates;
      for (const event of result.appended) publishedByKind[event.kind] = (publishedByKind[event.kind] ?? 0) + 1;
    }
    return { published, duplicates, problems, publishedByKind, routing, channels };
  }

  /** Records a send the upstream accepted (status `accepted` until notifications arrive). */
  recordSend(channelId: string, send: AcceptedSend): Promise<void> {
    return this.log.recordSend(channelId, send);
  }

  /** The log position of a client's cursor; BAD_USER_INPUT when malformed, CURSOR_EXPIRED when older than what is retained. */
  position(channelId: string, cursor: string, field: string): LogId {
    const id = decodeCursor(channelId, cursor, field);
    if (this.log.isExpired(channelId, id)) throw new CursorExpiredError(field);
    return id;
  }

  /** `onEnd` runs once when the subscription ends (client completes, connection closes, or the subscriber is cut). */
  async subscribe(
    kinds: EventKind[] | null,
    channelId: string,
    after: LogId | null,
    onEnd: () => void = () => undefined,
  ): Promise<AsyncIterableIterator<LoggedEvent>> {
    const counted = (kinds ?? EVENT_KINDS).map((kind) => `${kind}:${channelId}`);
    const feed = await openFeed({
      log: this.log,
      channelId,
      kinds: kinds ? new Set(kinds) : null,
      after,
      pageSize: REPLAY_PAGE_SIZE,
      maxBacklogBytes: SUBSCRIBER_BACKLOG_BYTES,
      stallMs: SUBSCRIBER_STALL_MS,
      readRetryMs: SUBSCRIBE_CONNECT_WAIT_MS,
      expired: () => new CursorExpiredError('after'),
      onEnd: () => {
        for (const key of counted) this.subscribers.set(key, (this.subscribers.get(key) ?? 1) - 1);
        onEnd();
      },
    });
    for (const key of counted) this.subscribers.set(key, (this.subscribers.get(key) ?? 0) + 1);
    return feed;
  }

  /** Open subscriptions on this instance receiving `kind` events of the channel (counted once they receive live events). */
  subscriberCount(kind: EventKind, channelId: string): number {
    return this.subscribers.get(`${kind}:${channelId}`) ?? 0;
  }

  /** Retained events after `after`, oldest first, filtered; `first` is capped at EVENTS_PAGE_MAX. */
  async page(channelId: string, request: EventPageRequest): Promise<EventPage> {
    let position = request.after === null ? null : this.position(channelId, request.after, 'after');
    const first = Math.min(Math.max(request.first, 0), EVENTS_PAGE_MAX);
    const kinds = request.kinds ? new Set(request.kinds) : null;
    const contactKeys = request.contact === null ? null : await this.contactKeys(channelId, request.contact);
    const nodes: LoggedEvent[] = [];
    let hasMore = false;
    for (;;) {
      const chunk = await this.log.read(channelId, position, REPLAY_PAGE_SIZE);
      for (const event of chunk) {
        if ((kinds && !kinds.has(event.kind)) || (contactKeys !== null && !involves(event, contactKeys))) continue;
        if (nodes.length === first) {
          hasMore = true;
          break;
        }
        nodes.push(event);
      }
      if (hasMore || chunk.length < REPLAY_PAGE_SIZE) break;
      position = chunk[chunk.length - 1].id;
    }
    return { nodes, end: nodes.length > 0 ? nodes[nodes.length - 1].id : null, hasMore };
  }

  /**
   * Every key of the contact a key names: itself, and the wa_id and user id its conversation holds, so events
   * kept under a user id before its wa_id was known are the contact's too.
   */
  private async contactKeys(channelId: string, contact: string): Promise<ReadonlySet<string>> {
    const conversation = await this.log.conversation(channelId, contact);
    const keys = new Set([contact]);
    for (const key of [conversation?.contact, conversation?.contactPhone, conversation?.contactUserId]) if (key) keys.add(key);
    return keys;
  }

  message(channelId: string, messageId: string): Promise<MessageRecordDto | null> {
    return this.log.message(channelId, messageId);
  }

  /** The channel's webhook was (re)pointed at this gateway, effective `afterMs` from now at the latest: notifications before then may have gone elsewhere. */
  restartWatch(channelId: string, afterMs = 0): Promise<void> {
    return this.log.restartWatch(channelId, afterMs);
  }

  /**
   * The receiver answered a notification of the channel 503: it will come later, so for a window the guard must not
   * read the lack of an inbound message as a closed window. Kept in this process too, as the store may be what failed.
   */
  async noteRefusal(channelId: string): Promise<void> {
    this.refusedAt.set(channelId, Date.now());
    await this.log.restartWatch(channelId);
  }

  /**
   * Since when the channel has been watched without a gap the gateway knows of (a refusal of this process is one). Only
   * whether that is a whole window counts (serviceWindow), so a refusal needs no expiry: once more than a window old, the
   * later of the two times is the stored one or itself more than a window old, which reads as the stored one does.
   */
  private async watchedSince(channelId: string): Promise<number | null> {
    const stored = await this.log.watchedSince(channelId);
    const refused = this.refusedAt.get(channelId);
    return stored === null || refused === undefined ? stored : Math.max(stored, refused);
  }

  /** The upstream refused a send to the contact because its window is closed. */
  closeWindow(channelId: string, contact: string): Promise<void> {
    return this.log.closeWindow(channelId, contact);
  }

  async serviceWindow(channelId: string, contact: string): Promise<ServiceWindowDto> {
    return (await this.withWindow(channelId, contact)).window;
  }

  async conversation(channelId: string, contact: string): Promise<ConversationView | null> {
    const { conversation, window } = await this.withWindow(channelId, contact);
    return conversation && { ...conversation, window };
  }

  /** The contact's conversation (null when none is held) and its window as of now. */
  private async withWindow(channelId: string, contact: string): Promise<{ conversation: ConversationDto | null; window: ServiceWindowDto }> {
    const [conversation, watchedSince] = await Promise.all([this.log.conversation(channelId, contact), this.watchedSince(channelId)]);
    return { conversation, window: serviceWindow(conversation, watchedSince, Date.now()) };
  }

  /** Conversations by last activity, newest first; with a window filter, read on until a page's worth matched or none is left. */
  async conversations(channelId: string, request: ConversationPageRequest): Promise<ListPage<ConversationView>> {
    const list = conversationList(channelId);
    let position = request.after === null ? null : decodeListCursor(list, request.after, 'after');
    const first = pageSize(request.first, CONVERSATIONS_PAGE_MAX, 'first');
    const watchedSince = await this.watchedSince(channelId);
    const now = Date.now();
    const scanSize = request.window === null ? first + 1 : CONVERSATION_SCAN_SIZE;
    const pageReads = new ReadAllowance(THREAD_READS_PER_PAGE);
    const nodes: ConversationView[] = [];
    let hasMore = false;
    /** The last conversation taken or stepped over: where the next page starts. */
    let end: ListPosition | null = null;
    let scanned = 0;
    for (;;) {
      const chunk = await this.log.conversations(channelId, position, scanSize);
      for (const conversation of chunk) {
        const view = { ...conversation, window: serviceWindow(conversation, watchedSince, now), pageReads };
        if (nodes.length === first || scanned === CONVERSATION_SCAN_MAX) {
          hasMore = true;
          break;
        }
        scanned += 1;
        end = { ms: conversation.lastActivityMs, member: conversation.contact };
        if (request.window === null || view.window.state === request.window) nodes.push(view);
      }
      if (hasMore || chunk.length < scanSize) break;
      position = end;
    }
    // An unfiltered page ends at its last node; a filtered one may end on a conversation it stepped over.
    return { nodes, endCursor: end && (nodes.length > 0 || hasMore) ? encodeListCursor(list, end) : null, hasMore };
  }

  /** A contact's thread, newest first, before `before` (a MessageRecord.cursor); records no longer retained are left out. */
  async thread(
    channelId: string,
    contact: string,
    request: { first: number; before: string | null; reads?: ReadAllowance | undefined },
  ): Promise<ListPage<MessageRecordDto>> {
    const before = request.before === null ? null : decodeListCursor(threadList(channelId, contact), request.before, 'before');
    const first = pageSize(request.first, THREAD_PAGE_MAX, 'first');
    request.reads?.take(first);
    const entries = await this.log.thread(channelId, contact, before, first + 1);
    const nodes = entries.slice(0, first).flatMap((entry) => (entry.record ? [entry.record] : []));
    const last: ListPosition | undefined = entries.slice(0, first).at(-1)?.position;
    return { nodes, endCursor: last ? encodeListCursor(threadList(channelId, contact), last) : null, hasMore: entries.length > first };
  }

  /** Live conversation changes of the channel, on every instance: one item per change. */
  subscribeConversations(channelId: string, onEnd: () => void): Promise<AsyncIterableIterator<ConversationView>> {
    return openConversationFeed({
      log: this.log,
      channelId,
      load: (contact) => this.conversation(channelId, contact),
      maxPending: CONVERSATION_SUBSCRIBER_MAX_PENDING,
      onEnd,
    });
  }

  async close(): Promise<void> {
    await this.log.close();
  }
}

/** The in-memory log, or the Redis one over the gateway's shared connection when REDIS_URL is set (keys under `<REDIS_NAMESPACE>:events:`). */
export function createEventHub(logger: Logger, redis: RedisConnection | null, retentionMs: number, waitReplicas = 0): EventHub {
  if (!redis) {
    return new EventHub(
      new MemoryEventLog({
        retentionMs,
        maxEvents: MEMORY_LOG_MAX_EVENTS,
        maxRecords: MEMORY_LOG_MAX_RECORDS,
        maxConversations: MEMORY_LOG_MAX_CONVERSATIONS,
        dedupTtlMs: DEDUP_TTL_MS,
        dedupMaxEntries: DEDUP_MAX_ENTRIES,
      }),
    );
  }
  return new EventHub(new RedisEventLog(redis, { retentionMs, dedupTtlMs: DEDUP_TTL_MS, connectWaitMs: SUBSCRIBE_CONNECT_WAIT_MS, waitReplicas }, logger));
}
