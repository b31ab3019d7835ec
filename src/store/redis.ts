import { createClient, type RedisClientType } from '@redis/client';
import KeyvRedis from '@keyv/redis';
import Keyv from 'keyv';
import { StoreUnavailableError } from '../errors.js';
import type { Logger } from '../observability/logger.js';

export type RedisClient = RedisClientType;

export interface RedisOptions {
  url: string;
  /** Every key of this deployment starts with `<namespace>:` (several deployments or test runs can share one Redis). */
  namespace: string;
  /** Bound on each command; also the wait for a connection before a command fails. */
  timeoutMs: number;
  logger: Logger;
}

/**
 * The one Redis connection of a gateway, shared by the keyv store, the A2 limiter, webhook
 * dedup and the event fan-out (pub/sub needs its own connection: `subscriber()`).
 *
 * Built so that a lost Redis never hangs a request: commands are rejected at once while the
 * connection is down (no offline queue), and `withTimeout` bounds the wait for an answer when the
 * server hangs with the connection open (node-redis's own command timeout only covers the time
 * before the command is written). The client reconnects by itself forever, so everything resumes
 * without a restart.
 */
export class RedisConnection {
  readonly client: RedisClient;
  readonly namespace: string;
  private readonly subscribers: RedisClient[] = [];
  private lastError = '';

  constructor(private readonly options: RedisOptions) {
    this.namespace = options.namespace;
    this.client = this.connect('main');
  }

  /** `<namespace>:<suffix>`: the key (or channel) name every user of the connection must go through. */
  key(suffix: string): string {
    return `${this.namespace}:${suffix}`;
  }

  /** A separate connection in subscriber mode (Redis forbids other commands on it); closed with this one. */
  subscriber(): RedisClient {
    const client = this.connect('subscriber');
    this.subscribers.push(client);
    return client;
  }

  get isReady(): boolean {
    return this.client.isReady;
  }

  /** true when Redis answers PING within the timeout. */
  async ping(): Promise<boolean> {
    if (!this.client.isReady) return false;
    try {
      return (await this.withTimeout(this.client.ping())) === 'PONG';
    } catch {
      return false;
    }
  }

  /**
   * The command's answer (or its own failure), or StoreUnavailableError once REDIS_TIMEOUT_MS has
   * passed without one. Every shared-state call on a request path should go through it.
   */
  async withTimeout<T>(command: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new StoreUnavailableError()), this.options.timeoutMs);
    });
    try {
      return await Promise.race([command, expired]);
    } finally {
      clearTimeout(timer);
      // A command answered after its timeout (or failed after it) must not become an unhandled rejection.
      command.catch(() => undefined);
    }
  }

  /** Waits for the first connection at most `timeoutMs`; false when Redis is not there (yet). */
  async ready(timeoutMs = this.options.timeoutMs): Promise<boolean> {
    if (this.client.isReady) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.client.off('ready', onReady);
        resolve(false);
      }, timeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.client.once('ready', onReady);
    });
  }

  async close(): Promise<void> {
    for (const client of [this.client, ...this.subscribers]) if (client.isOpen) client.destroy();
  }

  private connect(role: string): RedisClient {
    const { url, timeoutMs, logger } = this.options;
    const client = createClient({
      url,
      disableOfflineQueue: true,
      commandOptions: { timeout: timeoutMs },
      socket: {
        connectTimeout: timeoutMs,
        // Never give up: a Redis that comes back must be picked up without a restart.
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1_000),
      },
    });
    // One log line per distinct failure, not one per reconnect attempt; the URL may hold a password, so never log it.
    client.on('error', (error: Error) => {
      const message = `${error.name}: ${error.message}`;
      if (message === this.lastError) return;
      this.lastError = message;
      logger.warn({ redis: role, error: message }, 'redis connection problem');
    });
    client.on('ready', () => {
      if (this.lastError) logger.info({ redis: role }, 'redis connection restored');
      this.lastError = '';
    });
    client.connect().catch(() => undefined);
    return client;
  }
}

/** A store call bounded in time, any failure of it a StoreUnavailableError. */
export async function strict<T>(connection: RedisConnection, command: Promise<T>): Promise<T> {
  try {
    return await connection.withTimeout(command);
  } catch {
    throw new StoreUnavailableError();
  }
}

/**
 * keyv's Redis adapter over the shared connection, made strict: by default it answers
 * "not found" when Redis fails, which would turn a lost Redis into silent cache misses, missing
 * API keys and forgotten idempotency keys. Here every failure surfaces as StoreUnavailableError.
 */
class StrictRedisStore<T> extends KeyvRedis<T> {
  constructor(private readonly connection: RedisConnection) {
    super(connection.client, { namespace: connection.namespace, throwOnErrors: true, throwOnConnectError: true });
  }
  override get<U = T>(key: string) {
    return strict(this.connection, super.get<U>(key));
  }
  override getMany<U = T>(keys: string[]) {
    return strict(this.connection, super.getMany<U>(keys));
  }
  override set(key: string, value: string, ttl?: number) {
    return strict(this.connection, super.set(key, value, ttl));
  }
  override setMany(entries: Parameters<KeyvRedis<T>['setMany']>[0]) {
    return strict(this.connection, super.setMany(entries));
  }
  override has(key: string) {
    return strict(this.connection, super.has(key));
  }
  override delete(key: string) {
    return strict(this.connection, super.delete(key));
  }
  override deleteMany(keys: string[]) {
    return strict(this.connection, super.deleteMany(keys));
  }
  /** The connection belongs to RedisConnection (other users share it); keyv must not close it. */
  override async disconnect(): Promise<void> {}
}

/** `services.store` of a Redis deployment: keys `<namespace>::<key>`, every failure a StoreUnavailableError. */
export function createRedisStore(connection: RedisConnection): Keyv {
  const adapter = new StrictRedisStore<unknown>(connection);
  const store = new Keyv({ store: adapter, namespace: connection.namespace, useKeyPrefix: false, throwOnErrors: true });
  // Failures reach callers as StoreUnavailableError and RedisConnection logs the connection state once.
  store.on('error', () => undefined);
  return store;
}
