import type { Logger } from '../observability/logger.js';
import type { RedisConnection } from '../store/redis.js';
import { MemoryDedupStore, RedisDedupStore, type DedupStore } from './dedup.js';
import { parseNotification, type ParseProblem } from './parse.js';
import { InProcessPubSub, RedisPubSub, type PubSub, type Unsubscribe } from './pubsub.js';
import type { ChannelEvent, EventKind, PayloadOf } from './types.js';

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

/** How long a new subscription waits for the Redis subscriber connection (at start or after a loss) before failing. */
const SUBSCRIBE_CONNECT_WAIT_MS = 5_000;

/** Events a subscriber may fall behind by before its subscription ends with an error (memory stays bounded). */
export const SUBSCRIBER_QUEUE_LIMIT = 1000;

export interface IngestResult {
  published: number;
  duplicates: number;
  problems: ParseProblem[];
}

const topicOf = (kind: EventKind, channelId: string) => `${kind}:${channelId}`;

/** Pull-based view of a push subscription, with a bounded backlog; `return()` unsubscribes. */
async function subscriptionIterator<T>(
  register: (push: (value: T) => void) => Promise<Unsubscribe>,
  limit: number,
  onEnd: () => void,
): Promise<AsyncIterableIterator<T>> {
  const backlog: T[] = [];
  const waiting: Array<(result: IteratorResult<T>) => void> = [];
  let finished = false;
  let failure: Error | null = null;
  let unsubscribe: Unsubscribe = async () => undefined;

  const finish = async () => {
    if (finished) return;
    finished = true;
    for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
    onEnd();
    await unsubscribe();
  };
  const push = (value: T) => {
    if (finished) return;
    const resolve = waiting.shift();
    if (resolve) resolve({ value, done: false });
    else if (backlog.length < limit) backlog.push(value);
    else {
      failure = new Error(`The subscriber fell more than ${limit} events behind; subscribe again`);
      void finish();
    }
  };
  unsubscribe = await register(push);

  const iterator: AsyncIterableIterator<T> = {
    async next() {
      if (backlog.length > 0) return { value: backlog.shift()!, done: false };
      if (failure) throw failure;
      if (finished) return { value: undefined, done: true };
      return new Promise<IteratorResult<T>>((resolve) => waiting.push(resolve));
    },
    async return() {
      await finish();
      return { value: undefined, done: true };
    },
    async throw(error: unknown) {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/**
 * Webhook notifications in, GraphQL subscription events out: parses every item, publishes each
 * event at most once per dedup TTL (claimed before publishing, released if publishing fails),
 * and fans out through the pub/sub.
 */
export class EventHub {
  constructor(
    readonly dedup: DedupStore,
    readonly pubsub: PubSub,
    /** false while the shared store is unreachable: the receiver then refuses deliveries so the upstream re-delivers them later. */
    readonly canAccept: () => boolean,
  ) {}

  async ingest(channelId: string, body: unknown): Promise<IngestResult> {
    const { events, problems } = parseNotification(channelId, body);
    const result: IngestResult = { published: 0, duplicates: 0, problems };
    // In order: a notification's items (e.g. sent then delivered) reach subscribers in the order delivered.
    for (const event of events) {
      if (await this.publishOnce(event)) result.published += 1;
      else result.duplicates += 1;
    }
    return result;
  }

  private async publishOnce(event: ChannelEvent): Promise<boolean> {
    if (!(await this.dedup.claim(event.dedupKey))) return false;
    try {
      await this.pubsub.publish(topicOf(event.kind, event.payload.channelId), event.payload);
      return true;
    } catch (error) {
      await this.dedup.release(event.dedupKey).catch(() => undefined);
      throw error;
    }
  }

  /** `onEnd` runs once when the subscription ends (client completes, connection closes, or overflow). */
  subscribe<K extends EventKind>(kind: K, channelId: string, onEnd: () => void = () => undefined): Promise<AsyncIterableIterator<PayloadOf<K>>> {
    return subscriptionIterator<PayloadOf<K>>(
      (push) => this.pubsub.subscribe(topicOf(kind, channelId), (message) => push(message as PayloadOf<K>)),
      SUBSCRIBER_QUEUE_LIMIT,
      onEnd,
    );
  }

  subscriberCount(kind: EventKind, channelId: string): number {
    return this.pubsub.subscriberCount(topicOf(kind, channelId));
  }

  async close(): Promise<void> {
    await this.pubsub.close();
  }
}

/**
 * In-process dedup and pub/sub, or Redis-backed ones over the gateway's shared Redis connection
 * when REDIS_URL is set (keys and channels under `<REDIS_NAMESPACE>:events:`; pub/sub on its own
 * subscriber connection, as Redis requires).
 */
export function createEventHub(logger: Logger, redis: RedisConnection | null): EventHub {
  if (!redis) {
    return new EventHub(new MemoryDedupStore(DEDUP_TTL_MS, DEDUP_MAX_ENTRIES), new InProcessPubSub(), () => true);
  }
  return new EventHub(
    new RedisDedupStore(redis.client, redis.key('events:dedup:'), DEDUP_TTL_MS, (command) => redis.withTimeout(command)),
    new RedisPubSub(redis.client, redis.subscriber(), redis.key('events:'), logger, SUBSCRIBE_CONNECT_WAIT_MS, (command) => redis.withTimeout(command)),
    () => redis.isReady,
  );
}
