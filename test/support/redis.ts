import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { describe } from '@jest/globals';
import { createClient } from '@redis/client';
import { REDIS_SERVER_INSTALL_HINT, RedisServerProcess, TEST_REDIS_URL_ENV } from './redis-server.mjs';

export { freePort } from './redis-server.mjs';

const startedRedisUrl = process.env[TEST_REDIS_URL_ENV];

/**
 * `describe` for the suites that need Redis: they run against the redis-server the global set-up
 * (test/global-setup.ts) started, and are skipped when it found no redis-server (it said so once).
 */
export const describeWithRedis = startedRedisUrl ? describe : describe.skip;

/** The URL of the run's own redis-server; only inside `describeWithRedis`. */
export function testRedisUrl(): string {
  if (!startedRedisUrl)
    throw new Error(`No test Redis: ${TEST_REDIS_URL_ENV} is unset (install redis-server: ${REDIS_SERVER_INSTALL_HINT}; use describeWithRedis)`);
  return startedRedisUrl;
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

/** Keys of a namespace, and their removal at the end of a suite. */
export async function namespaceKeys(namespace: string, url = testRedisUrl()): Promise<string[]> {
  const client = await connectTestClient(url);
  try {
    return await client.keys(`${namespace}:*`);
  } finally {
    client.destroy();
  }
}

export async function dropNamespace(namespace: string, url = testRedisUrl()): Promise<void> {
  const client = await connectTestClient(url);
  try {
    const keys = await client.keys(`${namespace}:*`);
    if (keys.length > 0) await client.del(keys);
  } finally {
    client.destroy();
  }
}

/** A throw-away redis-server of the test's own, to lose and bring back (on the same port) at will. */
export class DisposableRedis {
  private constructor(
    readonly port: number,
    private server: RedisServerProcess | undefined,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<DisposableRedis> {
    const server = await RedisServerProcess.start();
    return new DisposableRedis(server.port, server);
  }

  async resume(): Promise<void> {
    this.server ??= await RedisServerProcess.start({ port: this.port });
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
