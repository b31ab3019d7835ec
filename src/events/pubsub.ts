import { EventEmitter } from 'node:events';
import type { RedisClient } from '../store/redis.js';
import type { Logger } from '../observability/logger.js';

export type Unsubscribe = () => Promise<void>;

/** Fan-out of published events to the subscribers of a topic, on this instance or on all of them. */
export interface PubSub {
  publish(topic: string, message: unknown): Promise<void>;
  /** Resolves once messages published from now on reach `onMessage`. */
  subscribe(topic: string, onMessage: (message: unknown) => void): Promise<Unsubscribe>;
  /** Active local subscribers of a topic. */
  subscriberCount(topic: string): number;
  close(): Promise<void>;
}

/** One process: an EventEmitter per topic. */
export class InProcessPubSub implements PubSub {
  protected readonly emitter = new EventEmitter();

  constructor() {
    // Every subscription of a topic is one listener; their number is bounded by connections, not by this warning.
    this.emitter.setMaxListeners(0);
  }

  async publish(topic: string, message: unknown): Promise<void> {
    this.emitter.emit(topic, message);
  }

  async subscribe(topic: string, onMessage: (message: unknown) => void): Promise<Unsubscribe> {
    this.emitter.on(topic, onMessage);
    return async () => {
      this.emitter.off(topic, onMessage);
    };
  }

  subscriberCount(topic: string): number {
    return this.emitter.listenerCount(topic);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Redis pub/sub: a publish goes to the Redis channel `<prefix><topic>`, and every instance with a
 * local subscriber of that topic is subscribed to it (one Redis subscription per topic and
 * instance, reference-counted), so an event received by any instance reaches subscribers on all.
 * Local delivery also goes through Redis, so every subscriber sees each event exactly once.
 */
export class RedisPubSub extends InProcessPubSub {
  /** Topics subscribed on Redis (or being subscribed), with the pending SUBSCRIBE. */
  private readonly redisTopics = new Map<string, Promise<void>>();

  constructor(
    private readonly publisher: RedisClient,
    private readonly subscriber: RedisClient,
    private readonly prefix: string,
    private readonly logger: Logger,
    private readonly connectWaitMs: number,
    /** Bounds the wait for Redis's answer to PUBLISH (RedisConnection.withTimeout). */
    private readonly bounded: <T>(command: Promise<T>) => Promise<T> = (command) => command,
  ) {
    super();
  }

  override async publish(topic: string, message: unknown): Promise<void> {
    await this.bounded(this.publisher.publish(`${this.prefix}${topic}`, JSON.stringify(message)));
  }

  override async subscribe(topic: string, onMessage: (message: unknown) => void): Promise<Unsubscribe> {
    let pending = this.redisTopics.get(topic);
    if (!pending) {
      pending = this.connected().then(() => this.subscriber.subscribe(`${this.prefix}${topic}`, (text) => this.deliver(topic, text)));
      this.redisTopics.set(topic, pending);
      pending.catch(() => this.redisTopics.delete(topic));
    }
    await pending;
    const unsubscribeLocal = await super.subscribe(topic, onMessage);
    return async () => {
      await unsubscribeLocal();
      if (this.subscriberCount(topic) === 0 && this.redisTopics.get(topic) === pending) {
        this.redisTopics.delete(topic);
        await this.subscriber.unsubscribe(`${this.prefix}${topic}`).catch((error: unknown) => {
          this.logger.warn({ err: error, topic }, 'events: Redis unsubscribe failed');
        });
      }
    };
  }

  /**
   * The subscriber connection refuses commands while (re)connecting (no offline queue): a
   * subscription made then waits for it, at most `connectWaitMs`, instead of failing at once.
   */
  private async connected(): Promise<void> {
    if (this.subscriber.isReady) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.subscriber.off('ready', onReady);
        reject(new Error('The event fan-out (Redis) is not reachable; subscribe again later'));
      }, this.connectWaitMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      this.subscriber.once('ready', onReady);
    });
  }

  private deliver(topic: string, text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.logger.warn({ topic }, 'events: ignored a non-JSON message on the Redis channel');
      return;
    }
    this.emitter.emit(topic, message);
  }

  override async close(): Promise<void> {
    await super.close();
    this.redisTopics.clear();
  }
}
