import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { describe } from '@jest/globals';
import { createClient, createCluster, type RedisClientType } from '@redis/client';
import { REDIS_SERVER_INSTALL_HINT, RedisServerProcess, TEST_REDIS_URL_ENV } from './redis-server.mjs';

const startedRedisUrl = process.env[TEST_REDIS_URL_ENV];

/**
 * `describe` for the suites that need Redis: they run against the redis-server the global set-up
 * (test/global-setup.ts) started, and are skipped when it found no redis-server (it said so once).
 */
export const describeWithRedis = startedRedisUrl ? describe : describe.skip;

/** The URL of the run's own redis-server (or the seed nodes of the cluster of `npm run test:cluster`); only inside `describeWithRedis`. */
export function testRedisUrl(): string {
  if (!startedRedisUrl)
    throw new Error(`No test Redis: ${TEST_REDIS_URL_ENV} is unset (install redis-server: ${REDIS_SERVER_INSTALL_HINT}; use describeWithRedis)`);
  return startedRedisUrl;
}

/**
 * `cluster` in `npm run test:cluster`, which runs the Redis-backed suites again on a local Redis
 * Cluster (scripts/with-redis-cluster.ts passes its seed nodes as the test Redis URL).
 */
export const TEST_REDIS_MODE: 'standalone' | 'cluster' = process.env.HUBGRAPH_TEST_REDIS_MODE === 'cluster' ? 'cluster' : 'standalone';

/** The environment of a gateway on the test Redis, in its mode. */
export function testRedisEnv(namespace: string): Record<string, string> {
  return { REDIS_URL: testRedisUrl(), REDIS_MODE: TEST_REDIS_MODE, REDIS_NAMESPACE: namespace };
}

/** A namespace no other test run (or developer running tests at the same time) uses. */
export function uniqueNamespace(label: string): string {
  return `hubgraph-test-${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** A connected client for a test's own reads and writes: it never reconnects, so a lost server fails the test instead of hanging it. */
export async function connectTestClient(url = testRedisUrl()) {
  const client = createClient({ url, socket: { connectTimeout: 2_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Runs `use` with a client of every master: the one server, or each master of the test cluster. */
async function onEveryMaster<T>(url: string, use: (client: RedisClientType) => Promise<T>): Promise<T[]> {
  if (TEST_REDIS_MODE === 'standalone' || url !== startedRedisUrl) {
    const client: RedisClientType = await connectTestClient(url);
    try {
      return [await use(client)];
    } finally {
      client.destroy();
    }
  }
  const cluster = createCluster({ rootNodes: url.split(',').map((seed) => ({ url: seed })), defaults: { socket: { reconnectStrategy: false } } });
  cluster.on('error', () => undefined);
  await cluster.connect();
  try {
    return await Promise.all(cluster.masters.map(async (master) => use((await cluster.nodeClient(master)) as unknown as RedisClientType)));
  } finally {
    cluster.destroy();
  }
}

/** Keys of a namespace (those matching `pattern` after `<namespace>:`), and their removal at the end of a suite. */
export async function namespaceKeys(namespace: string, url = testRedisUrl(), pattern = '*'): Promise<string[]> {
  return (await onEveryMaster(url, (client) => client.keys(`${namespace}:${pattern}`))).flat();
}

export async function dropNamespace(namespace: string, url = testRedisUrl()): Promise<void> {
  await onEveryMaster(url, async (client) => {
    // One DEL per key: on a cluster node, the keys of one command must share a slot.
    for (const key of await client.keys(`${namespace}:*`)) await client.del(key);
  });
}

/** A throw-away redis-server of the test's own, to lose and bring back (on the same port) at will; `args` are more redis-server options. */
export class DisposableRedis {
  private constructor(
    readonly port: number,
    private server: RedisServerProcess | undefined,
    private readonly args: string[],
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(args: string[] = []): Promise<DisposableRedis> {
    const server = await RedisServerProcess.start({ args });
    return new DisposableRedis(server.port, server, args);
  }

  async resume(): Promise<void> {
    this.server ??= await RedisServerProcess.start({ port: this.port, args: this.args });
  }

  /** Stops the server; resolves once its process is gone. */
  async kill(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.stop();
  }
}

/**
 * A TCP proxy in front of a Redis that can stop forwarding (connections stay open, bytes are held)
 * and resume (held bytes go through): a Redis that hangs with its connections up, as a stalled
 * server or a broken network path looks to the gateway.
 */
export class StallingProxy {
  private stalled = false;
  private readonly held: Array<() => void> = [];
  private readonly sockets = new Set<import('node:net').Socket>();

  private server!: import('node:net').Server;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(target = redisAddress(testRedisUrl())): Promise<StallingProxy> {
    const { connect } = await import('node:net');
    const proxy = new StallingProxy();
    proxy.server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        proxy.sockets.add(socket);
        socket.on('close', () => proxy.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      const forward = (to: import('node:net').Socket) => (chunk: Buffer) => {
        if (proxy.stalled) proxy.held.push(() => to.write(chunk));
        else to.write(chunk);
      };
      client.on('data', forward(upstream));
      upstream.on('data', forward(client));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    const address = proxy.server.address();
    proxy.port = typeof address === 'object' && address ? address.port : 0;
    return proxy;
  }

  /** Sockets open through the proxy: each client's and its upstream's. */
  get openSockets(): number {
    return this.sockets.size;
  }

  /** Stops forwarding: commands sent from now on get no answer until resume(). */
  stall(): void {
    this.stalled = true;
  }

  resume(): void {
    this.stalled = false;
    for (const deliver of this.held.splice(0)) deliver();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

function redisAddress(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
}
