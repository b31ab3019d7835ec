import { randomUUID } from 'node:crypto';
import type Keyv from 'keyv';
import { MediaBlockedError } from '../errors.js';
import type { RedisConnection } from '../store/redis.js';
import { strict } from '../store/store-guard.js';

/** Spec §8: more than 5 failed media GETs within an hour block GET media for the number for an hour. */
export const MEDIA_FAILURES_TOLERATED = 5;
export const MEDIA_FAILURE_WINDOW_MS = 60 * 60 * 1000;

/** The failed media GETs of each channel, as every instance sharing the store sees them. */
export interface MediaFailureLog {
  /** Times of the channel's failures after `since`. */
  recent(channelId: string, since: number): Promise<number[]>;
  /** One more failure; one added at the same moment by another request or instance is never lost. */
  add(channelId: string, at: number): Promise<void>;
}

/**
 * Redis: a sorted set per channel scored by time. Adding a unique member is one atomic command, so
 * failures of several instances at the same moment all count (a read-modify-write of a list, as the
 * keyv store offers, kept only the last writer's).
 */
export function redisMediaFailureLog(redis: RedisConnection): MediaFailureLog {
  const key = (channelId: string) => redis.key(`media-failure-log:${channelId}`);
  return {
    async recent(channelId, since) {
      const entries = await strict(redis, redis.client.zRangeByScoreWithScores(key(channelId), `(${since}`, '+inf'));
      return entries.map((entry) => entry.score);
    },
    async add(channelId, at) {
      await strict(
        redis,
        redis.client
          .multi()
          .zAdd(key(channelId), { score: at, value: `${at}:${randomUUID()}` })
          .zRemRangeByScore(key(channelId), '-inf', at - MEDIA_FAILURE_WINDOW_MS)
          .pExpire(key(channelId), MEDIA_FAILURE_WINDOW_MS)
          .exec(),
      );
    },
  };
}

/**
 * One process's store (no Redis, so no other instance to share with): a channel's read-modify-write
 * waits for the one before it, so concurrent failures of this process all count.
 */
export function storeMediaFailureLog(store: Keyv): MediaFailureLog {
  const key = (channelId: string) => `media-failures:${channelId}`;
  const queues = new Map<string, Promise<void>>();
  const read = async (channelId: string, since: number) => ((await store.get<number[]>(key(channelId))) ?? []).filter((at) => at > since);
  return {
    recent: read,
    add(channelId, at) {
      const added = (queues.get(channelId) ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => {
          const kept = await read(channelId, at - MEDIA_FAILURE_WINDOW_MS);
          await store.set(key(channelId), [...kept, at], MEDIA_FAILURE_WINDOW_MS);
        });
      queues.set(channelId, added);
      const settled = () => {
        if (queues.get(channelId) === added) queues.delete(channelId);
      };
      added.then(settled, settled);
      return added;
    },
  };
}

/** Refuses a media GET while the channel's failures within the hour are more than the upstream tolerates. */
export class MediaFailureGuard {
  constructor(
    private readonly log: MediaFailureLog,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * MEDIA_BLOCKED while more than 5 failures fall within the hour: the upstream has blocked the number then. At 5 the
   * GET still goes out, as the upstream still serves it. The refusal lasts until enough failures leave the hour.
   */
  async assertAllowed(channelId: string): Promise<void> {
    const recent = await this.log.recent(channelId, this.now() - MEDIA_FAILURE_WINDOW_MS);
    if (recent.length <= MEDIA_FAILURES_TOLERATED) return;
    const newestFirst = [...recent].sort((a, b) => b - a);
    // The count is back at 5 once the sixth newest failure leaves the hour.
    const sixthNewest = newestFirst[MEDIA_FAILURES_TOLERATED];
    throw new MediaBlockedError(channelId, Math.max(1, Math.ceil((sixthNewest + MEDIA_FAILURE_WINDOW_MS - this.now()) / 1000)));
  }

  recordFailure(channelId: string): Promise<void> {
    return this.log.add(channelId, this.now());
  }
}
