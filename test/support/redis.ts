import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createClient } from '@redis/client';

const run = promisify(execFile);

/** The machine's Redis; `.ci/run` starts it when it is not running. */
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

/** A namespace no other test run (or developer running tests at the same time) uses. */
export function uniqueNamespace(label: string): string {
  return `hubgraph-test-${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

async function pingOnce(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

/** Fails the suite (never skips it) when the Redis the tests need is not there. */
export async function requireRedis(url = LOCAL_REDIS_URL): Promise<void> {
  if (!(await pingOnce(url))) {
    throw new Error(`Redis is not reachable at ${url}: the Redis-backed tests need it (.ci/run starts one on 127.0.0.1:6379)`);
  }
}

/** Keys of a namespace, and their removal at the end of a suite. */
export async function namespaceKeys(namespace: string, url = LOCAL_REDIS_URL): Promise<string[]> {
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.keys(`${namespace}:*`);
  } finally {
    client.destroy();
  }
}

export async function dropNamespace(namespace: string, url = LOCAL_REDIS_URL): Promise<void> {
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const keys = await client.keys(`${namespace}:*`);
    if (keys.length > 0) await client.del(keys);
  } finally {
    client.destroy();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A throw-away redis-server on its own port, to lose and bring back at will. */
export class DisposableRedis {
  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<DisposableRedis> {
    const redis = new DisposableRedis(await freePort());
    await redis.resume();
    return redis;
  }

  async resume(): Promise<void> {
    await run('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes']);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await pingOnce(this.url)) return;
      await sleep(50);
    }
    throw new Error(`redis-server on port ${this.port} did not start`);
  }

  /** Stops the server; resolves once it no longer answers. */
  async kill(): Promise<void> {
    await run('redis-cli', ['-p', String(this.port), 'shutdown', 'nosave']).catch(() => undefined);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (!(await pingOnce(this.url))) return;
      await sleep(50);
    }
    throw new Error(`redis-server on port ${this.port} did not stop`);
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

  static async start(target = { host: '127.0.0.1', port: 6379 }): Promise<StallingProxy> {
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
