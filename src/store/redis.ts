import { EventEmitter } from 'node:events';
import { createClient, createCluster, type RedisClientType, type RedisClusterType } from '@redis/client';
import KeyvRedis from '@keyv/redis';
import Keyv from 'keyv';
import { ConfigError } from '../config.js';
import { StoreUnavailableError } from '../errors.js';
import type { Logger } from '../observability/logger.js';
import { strict } from './store-guard.js';

export type RedisClient = RedisClientType;
export type RedisClusterClient = RedisClusterType;
export type RedisMode = 'standalone' | 'cluster';

/** What a failed store command or connection is logged and counted as (hubgraph_store_errors_total{cause}). */
export type StoreErrorCause =
  | 'MOVED'
  | 'ASK'
  | 'CROSSSLOT'
  | 'CLUSTERDOWN'
  | 'TRYAGAIN'
  | 'WRONGPASS'
  | 'NOAUTH'
  | 'NOPERM'
  | 'READONLY'
  | 'OOM'
  | 'LOADING'
  | 'NOREPLICAS'
  | 'TLS'
  | 'TIMEOUT'
  | 'CONNECTION'
  | 'OTHER';

const REPLY_CAUSES = [
  'MOVED',
  'ASK',
  'CROSSSLOT',
  'CLUSTERDOWN',
  'TRYAGAIN',
  'WRONGPASS',
  'NOAUTH',
  'NOPERM',
  'READONLY',
  'OOM',
  'LOADING',
  'NOREPLICAS',
] as const;
const CONNECTION_ERRORS = new Set([
  'ClientClosedError',
  'ClientOfflineError',
  'ConnectionTimeoutError',
  'SocketClosedUnexpectedlyError',
  'SocketTimeoutError',
  'RootNodesUnavailableError',
  'DisconnectsClientError',
]);

/** An Error by its shape: errors of node's own modules (tls, net) fail `instanceof Error` in another realm (a VM context). */
const isError = (value: unknown): value is Error => typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

/** The real cause of a store failure, from Redis's error reply, the TLS layer or the socket. */
export function storeErrorCause(error: unknown): StoreErrorCause {
  if (error instanceof StoreUnavailableError) return 'TIMEOUT';
  if (!isError(error)) return 'OTHER';
  const reply = REPLY_CAUSES.find((cause) => error.message === cause || error.message.startsWith(`${cause} `));
  if (reply) return reply;
  const code = String((error as NodeJS.ErrnoException).code ?? '');
  if (/^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY))/.test(code) || /certificate|\bSSL\b|\bTLS\b/i.test(error.message)) return 'TLS';
  if (CONNECTION_ERRORS.has(error.name) || /^E(CONN|HOST|NET|PIPE|ADDR)|^ETIMEDOUT/.test(code)) return 'CONNECTION';
  return 'OTHER';
}

export interface RedisOptions {
  /** One URL (standalone), or the comma-separated seed nodes of a cluster. */
  url: string;
  mode?: RedisMode;
  /** Every key of this deployment starts with `<namespace>:` (several deployments or test runs can share one Redis). */
  namespace: string;
  /** Bound on each command; also the wait for a connection before a command fails. */
  timeoutMs: number;
  logger: Logger;
  /** PEM contents for `rediss://` with a private CA and client certificates. */
  tls?: { ca?: string | undefined; cert?: string | undefined; key?: string | undefined } | null;
  /** Replaces the URL's password (REDIS_PASSWORD_FILE). */
  password?: string | null;
  /** Told of every store failure with its cause (the metric). */
  onError?: (cause: StoreErrorCause) => void;
}

/** How often a cluster's slot map is fetched again while a master is unreachable (node-redis itself only does on MOVED/ASK). */
const TOPOLOGY_REFRESH_MS = 250;
/** The same failure is logged again after this long, so a lasting problem stays visible without flooding the log. */
const REPEAT_LOG_MS = 10_000;

/**
 * A client's socket is being opened from `connect()` or a reconnect until node-redis says it connected or failed.
 * node-redis 5 assigns that socket only once connected, after a `destroy()` that came in between looked for it: the
 * socket then stays connected, and keeps the process alive, with nothing left to close it.
 */
const opening = new WeakSet<RedisClient>();

function connectTracked(client: RedisClient): void {
  const settled = () => opening.delete(client);
  client.on('reconnecting', () => opening.add(client));
  client.on('connect', settled);
  client.on('error', settled);
  opening.add(client);
  client.connect().catch(() => undefined);
}

/** Stops a client without waiting on its server; one whose socket is being opened is stopped once that settles. */
function destroyClient(client: RedisClient): void {
  if (!client.isOpen) return;
  if (!opening.has(client)) {
    client.destroy();
    return;
  }
  const destroy = () => {
    client.off('connect', destroy);
    client.off('error', destroy);
    if (client.isOpen) client.destroy();
  };
  client.once('connect', destroy);
  client.once('error', destroy);
}

/**
 * The pub/sub side RedisSubscriptions needs: a standalone subscriber connection (SUBSCRIBE), or the
 * cluster's sharded pub/sub (SSUBSCRIBE on the node serving the channel's slot). `ready` fires
 * when subscriptions are (again) in place after a loss, during which publications were missed.
 */
export interface RedisSubscriber {
  readonly isReady: boolean;
  on(event: 'ready', listener: () => void): unknown;
  once(event: 'ready', listener: () => void): unknown;
  off(event: 'ready', listener: () => void): unknown;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  /** false once destroyed (or, on one server, once its connection is closed). */
  readonly isOpen: boolean;
  /**
   * Stops receiving at once, waiting on nothing (a Redis that hangs must not hold up a shutdown): on one server the
   * subscriber's own connection is destroyed; on a cluster its channels are unsubscribed in the background.
   */
  destroy(): void;
}

/**
 * Sharded pub/sub over the cluster client. node-redis drops the subscriptions of a node that
 * leaves the slot map (a failed master), so after every recovery of the topology each channel is
 * subscribed again, on the node that serves it now, before `ready` tells the listeners to read
 * what they missed from the log.
 */
class ShardedSubscriber extends EventEmitter implements RedisSubscriber {
  private readonly channels = new Map<string, (message: string) => void>();

  private readonly stopResubscribing: () => void;
  private destroyed = false;

  constructor(private readonly connection: RedisConnection) {
    super();
    this.stopResubscribing = connection.onTopologyRestored(() => void this.resubscribe());
  }

  get isReady(): boolean {
    return this.connection.isReady;
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    this.channels.set(channel, listener);
    await this.connection.cluster!.sSubscribe(channel, listener);
  }

  async unsubscribe(channel: string): Promise<void> {
    this.channels.delete(channel);
    await this.connection.cluster!.sUnsubscribe(channel);
  }

  get isOpen(): boolean {
    return !this.destroyed && this.connection.cluster!.isOpen;
  }

  destroy(): void {
    this.destroyed = true;
    this.stopResubscribing();
    const cluster = this.connection.cluster!;
    // A node lost meanwhile took its subscriptions with it.
    for (const channel of this.channels.keys()) cluster.sUnsubscribe(channel).catch(() => undefined);
    this.channels.clear();
  }

  private async resubscribe(): Promise<void> {
    const cluster = this.connection.cluster!;
    for (const [channel, listener] of this.channels) {
      await cluster.sUnsubscribe(channel).catch(() => undefined);
      await cluster.sSubscribe(channel, listener).catch(() => undefined);
    }
    this.emit('ready');
  }
}

/** One server's subscriber: the subscriber connection of its own, destroyed as `destroyClient` does. */
class ServerSubscriber implements RedisSubscriber {
  private destroyed = false;

  constructor(private readonly client: RedisClient) {}

  get isReady(): boolean {
    return this.client.isReady;
  }

  get isOpen(): boolean {
    return !this.destroyed && this.client.isOpen;
  }

  on(event: 'ready', listener: () => void): unknown {
    return this.client.on(event, listener);
  }

  once(event: 'ready', listener: () => void): unknown {
    return this.client.once(event, listener);
  }

  off(event: 'ready', listener: () => void): unknown {
    return this.client.off(event, listener);
  }

  subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    return this.client.subscribe(channel, listener);
  }

  unsubscribe(channel: string): Promise<void> {
    return this.client.unsubscribe(channel);
  }

  destroy(): void {
    this.destroyed = true;
    destroyClient(this.client);
  }
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
 *
 * In cluster mode (REDIS_MODE=cluster) `client` is node-redis's cluster client; commands are routed
 * by their key (`command`, `transaction`). node-redis refreshes its slot map only when a node
 * answers MOVED or ASK, which a dead master never does: while any master is unreachable the map is
 * fetched again every TOPOLOGY_REFRESH_MS, so once a replica is promoted its slots are served again.
 */
export class RedisConnection {
  readonly client: RedisClient | RedisClusterClient;
  /** The cluster client in cluster mode, null on one server. */
  readonly cluster: RedisClusterClient | null;
  readonly namespace: string;
  readonly mode: RedisMode;
  private readonly subscribers = new Set<RedisClient>();
  private readonly topologyListeners = new EventEmitter();
  private readonly lastLogged = new Map<string, number>();
  private refreshing: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: RedisOptions) {
    this.namespace = options.namespace;
    this.mode = options.mode ?? 'standalone';
    if (this.mode === 'cluster') {
      this.cluster = this.connectCluster();
      this.client = this.cluster;
    } else {
      this.cluster = null;
      this.client = this.connect('main');
    }
  }

  /** `<namespace>:<suffix>`: the key (or channel) name every user of the connection must go through. */
  key(suffix: string): string {
    return `${this.namespace}:${suffix}`;
  }

  /** Pub/sub: a separate connection in subscriber mode on one server (closed with this one), sharded pub/sub on a cluster. */
  subscriber(): RedisSubscriber {
    if (this.cluster) return new ShardedSubscriber(this);
    const client = this.connect('subscriber');
    this.subscribers.add(client);
    client.on('end', () => this.subscribers.delete(client));
    return new ServerSubscriber(client);
  }

  /** `PUBLISH`, or `SPUBLISH` on a cluster (sent once, to the shard of the channel's slot, instead of to every node). */
  get publishCommand(): 'PUBLISH' | 'SPUBLISH' {
    return this.cluster ? 'SPUBLISH' : 'PUBLISH';
  }

  /** Connected; on a cluster: every slot has a master, and every master is connected. */
  get isReady(): boolean {
    if (!this.cluster) return (this.client as RedisClient).isReady;
    return this.cluster.isOpen && this.topologyComplete();
  }

  /** Called each time a cluster's topology is whole again after a master was unreachable; returns what stops it. */
  onTopologyRestored(listener: () => void): () => void {
    this.topologyListeners.on('restored', listener);
    return () => this.topologyListeners.off('restored', listener);
  }

  /** true when Redis answers PING within the timeout; on a cluster, every master. */
  async ping(): Promise<boolean> {
    if (!this.isReady) return false;
    try {
      const clients = this.cluster ? this.cluster.masters.map((master) => master.client!) : [this.client as RedisClient];
      const answers = await Promise.all(clients.map((client) => this.withTimeout(client.ping())));
      return answers.every((answer) => answer === 'PONG');
    } catch {
      return false;
    }
  }

  /** One raw command, routed by `key` on a cluster, bounded by the timeout. */
  async command<T>(key: string, args: string[]): Promise<T> {
    const reply: unknown = await this.withTimeout(this.cluster ? this.cluster.sendCommand(key, false, args) : (this.client as RedisClient).sendCommand(args));
    return reply as T;
  }

  /** MULTI/EXEC of commands that all touch `key`'s slot, bounded by the timeout. */
  async transaction(key: string, commands: string[][]): Promise<unknown[]> {
    if (this.cluster) {
      const multi = this.cluster.multi(key);
      for (const args of commands) multi.addCommand(key, false, args);
      return this.withTimeout(multi.exec());
    }
    const multi = (this.client as RedisClient).multi();
    for (const args of commands) multi.addCommand(args);
    return this.withTimeout(multi.exec());
  }

  /**
   * WAIT on the connection that wrote `key` (on a cluster: to its slot's master): resolves once
   * that connection's writes so far reached `replicas` replicas, fails when fewer confirmed them
   * within the timeout (the write is on the master, but would be lost if it failed now).
   */
  async waitForReplicas(key: string, replicas: number): Promise<void> {
    // Answered before the command's own bound, so a short count is told apart from a hung Redis.
    const waitMs = Math.max(1, Math.floor(this.options.timeoutMs * 0.8));
    const confirmed = await this.command<number>(key, ['WAIT', String(replicas), String(waitMs)]);
    if (confirmed < replicas) {
      const error = new Error(`NOREPLICAS the write reached ${confirmed} of ${replicas} replicas within ${waitMs} ms (REDIS_WAIT_REPLICAS)`);
      this.failed('command', error);
      throw error;
    }
  }

  /**
   * The command's answer (or its own failure), or StoreUnavailableError once REDIS_TIMEOUT_MS has
   * passed without one. Every shared-state call on a request path should go through it: its
   * failures are logged with their real cause and counted.
   */
  async withTimeout<T>(command: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new StoreUnavailableError()), this.options.timeoutMs);
    });
    try {
      return await Promise.race([command, expired]);
    } catch (error) {
      // NOSCRIPT is answered by sending the script itself; a limiter's refusal is not an Error.
      if (isError(error) && !error.message.startsWith('NOSCRIPT')) this.failed('command', error);
      throw error;
    } finally {
      clearTimeout(timer);
      // A command answered after its timeout (or failed after it) must not become an unhandled rejection.
      command.catch(() => undefined);
    }
  }

  /** Waits for the first connection at most `timeoutMs`; false when Redis is not there (yet). */
  async ready(timeoutMs = this.options.timeoutMs): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.isReady) {
      if (Date.now() >= deadline || this.closed) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  /**
   * Checks at start what the server says about itself: a standalone gateway on a cluster node
   * would fail on two thirds of its keys (MOVED), so it stops with one line naming REDIS_MODE;
   * a `maxmemory-policy` that evicts keys is warned about (where CONFIG GET is allowed).
   */
  async checkServer(): Promise<void> {
    if (!this.cluster) {
      const info = await this.command<string>('', ['INFO', 'cluster']).catch(() => '');
      if (/^cluster_enabled:1\b/m.test(info)) {
        throw new ConfigError(
          'REDIS_MODE',
          'the Redis at REDIS_URL is a cluster node (cluster_enabled:1): set REDIS_MODE=cluster (REDIS_URL then lists seed nodes)',
        );
      }
    }
    const clients = this.cluster ? this.cluster.masters.flatMap((master) => (master.client ? [master.client] : [])) : [this.client as RedisClient];
    for (const client of clients) {
      const policy = await this.withTimeoutQuiet(client.configGet('maxmemory-policy'));
      const value = policy?.['maxmemory-policy'];
      if (value && value !== 'noeviction') {
        this.options.logger.warn(
          { maxmemoryPolicy: value },
          `Redis maxmemory-policy is ${value}: set it to noeviction, or an evicted dedup claim or log entry becomes a duplicate or a lost event`,
        );
        return;
      }
    }
  }

  /** CONFIG GET and the like, which managed services may refuse: undefined instead of a failure. */
  private async withTimeoutQuiet<T>(command: Promise<T>): Promise<T | undefined> {
    const timer = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), this.options.timeoutMs).unref());
    return Promise.race([command.catch(() => undefined), timer]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.cluster) {
      if (this.cluster.isOpen) this.cluster.destroy();
    }
    for (const client of [...(this.cluster ? [] : [this.client as RedisClient]), ...this.subscribers]) destroyClient(client);
  }

  /** Logs a failure with its cause (once per distinct failure and REPEAT_LOG_MS) and counts it. */
  private failed(role: string, error: Error): void {
    const cause = storeErrorCause(error);
    this.options.onError?.(cause);
    const message = `${error.name}: ${error.message}`;
    const key = `${role}|${message}`;
    const now = Date.now();
    if ((this.lastLogged.get(key) ?? 0) + REPEAT_LOG_MS > now) return;
    if (this.lastLogged.size > 100) this.lastLogged.clear();
    this.lastLogged.set(key, now);
    this.options.logger.warn({ redis: role, cause, error: message }, role === 'command' ? 'redis command failed' : 'redis connection problem');
  }

  private socketOptions() {
    const { timeoutMs, tls } = this.options;
    return {
      connectTimeout: timeoutMs,
      // Never give up: a Redis that comes back must be picked up without a restart.
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1_000),
      ...(tls && { tls: true as const, ...(tls.ca && { ca: tls.ca }), ...(tls.cert && { cert: tls.cert }), ...(tls.key && { key: tls.key }) }),
    };
  }

  /** The URL without its password when REDIS_PASSWORD_FILE replaces it (node-redis lets a URL's password win). */
  private nodeUrl(url: string): string {
    if (!this.options.password) return url;
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  }

  private connect(role: string): RedisClient {
    const { url, timeoutMs, password } = this.options;
    const client: RedisClient = createClient({
      url: this.nodeUrl(url),
      ...(password && { password }),
      disableOfflineQueue: true,
      commandOptions: { timeout: timeoutMs },
      socket: this.socketOptions(),
    });
    this.watch(client, role);
    connectTracked(client);
    return client;
  }

  private watch(client: RedisClient, role: string): void {
    let failing = false;
    // One log line per distinct failure, not one per reconnect attempt; the URL may hold a password, so never log it.
    client.on('error', (error: Error) => {
      failing = true;
      this.failed(role, error);
    });
    client.on('ready', () => {
      if (failing) this.options.logger.info({ redis: role }, 'redis connection restored');
      failing = false;
    });
  }

  private connectCluster(): RedisClusterClient {
    const { url, password } = this.options;
    const seeds = url.split(',').map((seed) => seed.trim());
    const first = new URL(seeds[0]);
    const cluster: RedisClusterClient = createCluster({
      rootNodes: seeds.map((seed) => ({ url: this.nodeUrl(seed) })),
      // Nodes found through the slot map get these (a seed's URL only reaches the seed itself).
      defaults: {
        ...(first.username && { username: decodeURIComponent(first.username) }),
        ...((password ?? first.password) && { password: password ?? decodeURIComponent(first.password) }),
        disableOfflineQueue: true,
        socket: this.socketOptions(),
      },
    });
    cluster.on('error', (error: Error) => this.failed('cluster', error));
    cluster.on('node-error', (error: Error) => {
      this.failed('cluster node', error);
      this.refreshTopology();
    });
    cluster.on('node-reconnecting', () => this.refreshTopology());
    const connectUntilOpen = (): void => {
      cluster.connect().then(
        () => this.refreshTopology(),
        () => {
          // No seed answered: try again, as a standalone client reconnects by itself.
          if (!this.closed) setTimeout(connectUntilOpen, TOPOLOGY_REFRESH_MS).unref();
        },
      );
    };
    connectUntilOpen();
    return cluster;
  }

  /** Fetches the slot map again until every slot has a connected master, then tells the listeners. */
  private refreshTopology(): void {
    if (this.refreshing || this.closed) return;
    const cluster = this.cluster!;
    let broken = false;
    this.refreshing = (async () => {
      while (!this.closed && cluster.isOpen && !this.topologyComplete()) {
        broken = true;
        await new Promise((resolve) => setTimeout(resolve, TOPOLOGY_REFRESH_MS));
        const reachable = cluster.masters.find((master) => master.client?.isReady)?.client ?? cluster.masters[0]?.client;
        if (reachable) await cluster._slots.rediscover(reachable).catch(() => undefined);
      }
    })().finally(() => {
      this.refreshing = null;
      if (broken && !this.closed) {
        this.options.logger.info('redis cluster: every slot has a reachable master again');
        this.topologyListeners.emit('restored');
      }
    });
  }

  private topologyComplete(): boolean {
    const { slots, masters } = this.cluster!._slots;
    if (masters.length === 0 || !masters.every((master) => master.client?.isReady)) return false;
    for (let slot = 0; slot < slots.length; slot += 1) if (!slots[slot]) return false;
    return true;
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
