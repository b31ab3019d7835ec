import type { Logger } from '../observability/logger.js';
import type { RedisConnection } from '../store/redis.js';
import { CursorExpiredError } from '../errors.js';
import { decodeCursor, type LogId } from './cursor.js';
import { openFeed } from './feed.js';
import { MemoryEventLog, type EventLog } from './log.js';
import { parseNotification, type ParseProblem } from './parse.js';
import { RedisEventLog } from './redis-log.js';
import type { AcceptedSend, EventKind, LoggedEvent, MessageRecordDto } from './types.js';

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

/** How long a new subscription waits for the Redis subscriber connection (at start or after a loss) before failing. */
const SUBSCRIBE_CONNECT_WAIT_MS = 5_000;

/** Live events held per subscriber before it reads from the log instead: above one whole notification (1 MB) in parsed form. */
export const SUBSCRIBER_BACKLOG_BYTES = 8 * 1024 * 1024;

/** A subscriber with events waiting that asked for none this long has stopped reading: it is ended. */
export const SUBSCRIBER_STALL_MS = 60_000;

/** Events per log read while a subscriber catches up, and the most a page of Channel.events holds. */
const REPLAY_PAGE_SIZE = 500;
export const EVENTS_PAGE_MAX = 200;

export interface IngestResult {
  published: number;
  duplicates: number;
  problems: ParseProblem[];
}

export interface EventPageRequest {
  after: string | null;
  first: number;
  kinds: EventKind[] | null;
  /** Keeps inbound messages from and statuses to this wa_id. */
  contact: string | null;
}

export interface EventPage {
  nodes: LoggedEvent[];
  /** Position of the last node (null when there is none). */
  end: LogId | null;
  hasMore: boolean;
}

const involves = (event: LoggedEvent, contact: string) =>
  (event.kind === 'message' && event.payload.from === contact) || (event.kind === 'status' && event.payload.recipientId === contact);

/**
 * Webhook notifications in, durable channel events out: every event of a notification is
 * deduplicated and appended to its channel's log in one atomic step before the receiver
 * acknowledges (see log.ts); subscribers replay from a cursor and continue live (feed.ts).
 */
export class EventHub {
  private readonly subscribers = new Map<string, number>();

  constructor(readonly log: EventLog) {}

  canAccept(): boolean {
    return this.log.canAccept();
  }

  /** Resolves once every event of the notification is in the log (or known as a duplicate); rejects when the log cannot be written. */
  async ingest(channelId: string, body: unknown): Promise<IngestResult> {
    const { events, problems } = parseNotification(channelId, body);
    const { appended, duplicates } = await this.log.append(channelId, events);
    return { published: appended.length, duplicates, problems };
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
    const counted = (kinds ?? ['message', 'status', 'error']).map((kind) => `${kind}:${channelId}`);
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
    const nodes: LoggedEvent[] = [];
    let hasMore = false;
    for (;;) {
      const chunk = await this.log.read(channelId, position, REPLAY_PAGE_SIZE);
      for (const event of chunk) {
        if ((kinds && !kinds.has(event.kind)) || (request.contact !== null && !involves(event, request.contact))) continue;
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

  message(channelId: string, messageId: string): Promise<MessageRecordDto | null> {
    return this.log.message(channelId, messageId);
  }

  async close(): Promise<void> {
    await this.log.close();
  }
}

/** The in-memory log, or the Redis one over the gateway's shared connection when REDIS_URL is set (keys under `<REDIS_NAMESPACE>:events:`). */
export function createEventHub(logger: Logger, redis: RedisConnection | null, retentionMs: number): EventHub {
  if (!redis) {
    return new EventHub(
      new MemoryEventLog({
        retentionMs,
        maxEvents: MEMORY_LOG_MAX_EVENTS,
        maxRecords: MEMORY_LOG_MAX_RECORDS,
        dedupTtlMs: DEDUP_TTL_MS,
        dedupMaxEntries: DEDUP_MAX_ENTRIES,
      }),
    );
  }
  return new EventHub(new RedisEventLog(redis, { retentionMs, dedupTtlMs: DEDUP_TTL_MS, connectWaitMs: SUBSCRIBE_CONNECT_WAIT_MS }, logger));
}
