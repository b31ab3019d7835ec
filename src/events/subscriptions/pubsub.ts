import type { Logger } from '../../observability/logger.js';
import type { RedisSubscriber } from '../../store/redis.js';

export type Unsubscribe = () => Promise<void>;

/**
 * The receiving side of Redis pub/sub on one subscriber connection: one Redis subscription per
 * channel and instance, reference-counted over its local listeners. A subscription made while the
 * connection is (re)connecting waits for it, at most `connectWaitMs`; after a reconnect (node-redis
 * subscribes again by itself) `onReconnect` runs, since messages published meanwhile are lost.
 */
export class RedisSubscriptions {
  /** Channels subscribed on Redis (or being subscribed), with the pending SUBSCRIBE and their local listeners. */
  private readonly channels = new Map<string, { subscribed: Promise<void>; listeners: Set<(message: string) => void> }>();
  private connectedOnce = false;

  constructor(
    private readonly subscriber: RedisSubscriber,
    private readonly logger: Logger,
    private readonly connectWaitMs: number,
    onReconnect: () => void,
  ) {
    subscriber.on('ready', () => {
      if (this.connectedOnce) onReconnect();
      this.connectedOnce = true;
    });
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe> {
    let entry = this.channels.get(channel);
    if (!entry) {
      const listeners = new Set<(message: string) => void>();
      const subscribed = this.connected().then(() =>
        this.subscriber.subscribe(channel, (message) => {
          for (const listener of listeners) listener(message);
        }),
      );
      const created = { subscribed, listeners };
      entry = created;
      this.channels.set(channel, created);
      subscribed.catch(() => {
        if (this.channels.get(channel) === created) this.channels.delete(channel);
      });
    }
    await entry.subscribed;
    const subscription = entry;
    subscription.listeners.add(onMessage);
    return async () => {
      subscription.listeners.delete(onMessage);
      if (subscription.listeners.size > 0 || this.channels.get(channel) !== subscription) return;
      this.channels.delete(channel);
      await this.subscriber.unsubscribe(channel).catch((error: unknown) => {
        this.logger.warn({ err: error, channel }, 'events: Redis unsubscribe failed');
      });
    };
  }

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

  /** Stops receiving: the subscriber is destroyed unless it is closed already. */
  close(): void {
    this.channels.clear();
    if (this.subscriber.isOpen) this.subscriber.destroy();
  }
}
