import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/lib/project-root.js';

const run = promisify(execFile);

/** Plain JavaScript the build does not copy: read from the source tree also when this runs compiled (npm run test:cluster, the bench). */
const WATCHDOG = join(projectRoot(), 'test', 'support', 'redis-watchdog.mjs');

/** How long a silent master counts as up; failover starts after it (Redis's default is 15 s, too slow for tests). */
export const LOCAL_CLUSTER_NODE_TIMEOUT_MS = 2_000;

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** `count` consecutive free ports whose cluster bus ports (+10000) are free too. */
async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = Array.from({ length: count }, (_, index) => base + index);
    const free = await Promise.all(ports.flatMap((port) => [portFree(port), portFree(port + 10_000)]));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${count} free ports (and bus ports) found for a local Redis cluster`);
}

async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', String(port), ...args]);
  return stdout;
}

class NodeDidNotStartError extends Error {
  constructor(port: number) {
    super(`redis-server (cluster node) on port ${port} did not start`);
  }
}

/**
 * A local Redis Cluster of Debian's redis-server: three masters and one replica each, on its own
 * ports, stopped by stop(). Each node runs under redis-watchdog.mjs, in a temp dir of its own that
 * goes with it, and stops when the process that started the cluster dies (even by SIGKILL), so a
 * killed `npm run test:cluster` leaves no node behind. The node timeout is
 * LOCAL_CLUSTER_NODE_TIMEOUT_MS, so a killed master's replica takes over within a few seconds.
 */
export class LocalRedisCluster {
  private readonly servers = new Map<number, ChildProcess>();

  private constructor(readonly ports: number[]) {}

  /** Every node as a seed: `REDIS_URL` of a gateway in cluster mode. */
  get url(): string {
    return this.ports.map((port) => `redis://127.0.0.1:${port}`).join(',');
  }

  static async start(options: { masters?: number; replicasPerMaster?: number } = {}): Promise<LocalRedisCluster> {
    const masters = options.masters ?? 3;
    const replicas = options.replicasPerMaster ?? 1;
    const count = masters * (1 + replicas);
    for (let attempt = 1; ; attempt += 1) {
      const base = await freePortRange(count);
      const cluster = new LocalRedisCluster(Array.from({ length: count }, (_, index) => base + index));
      try {
        await Promise.all(cluster.ports.map((port) => cluster.startNode(port)));
        await run('redis-cli', [
          '--cluster',
          'create',
          ...cluster.ports.map((port) => `127.0.0.1:${port}`),
          '--cluster-replicas',
          String(replicas),
          '--cluster-yes',
        ]);
        await cluster.waitHealthy();
        return cluster;
      } catch (error) {
        await cluster.stop();
        // Another process may bind one of the ports between the check and the node's start: a new range, twice at most.
        if (!(error instanceof NodeDidNotStartError) || attempt === 3) throw error;
      }
    }
  }

  private async startNode(port: number): Promise<void> {
    const server = spawn(
      process.execPath,
      [
        WATCHDOG,
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-node-timeout',
        String(LOCAL_CLUSTER_NODE_TIMEOUT_MS),
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
        // A replica's first sync starts at once instead of after the default 5 s.
        '--repl-diskless-sync-delay',
        '0',
      ],
      // The watchdog stops the node when its stdin closes: the pipe's other end is this process.
      { stdio: ['pipe', 'ignore', 'ignore'] },
    );
    this.servers.set(port, server);
    // Up to 10 s on a loaded machine; a node that exited (its port taken) is not waited for.
    for (let attempt = 0; attempt < 200 && server.exitCode === null; attempt += 1) {
      if (await this.answers(port)) return;
      await sleep(50);
    }
    throw new NodeDidNotStartError(port);
  }

  private async answers(port: number): Promise<boolean> {
    return (await cli(port, 'ping').catch(() => '')).trim() === 'PONG';
  }

  /**
   * Resolves once every slot is served (cluster_state:ok) as seen from every running node, and every
   * replica has synced with its master (a replica that never did cannot be promoted).
   */
  async waitHealthy(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const healthy = async (port: number) => {
      const [cluster, replication] = await Promise.all([cli(port, 'cluster', 'info').catch(() => ''), cli(port, 'info', 'replication').catch(() => '')]);
      return cluster.includes('cluster_state:ok') && (replication.includes('role:master') || replication.includes('master_link_status:up'));
    };
    while (Date.now() < deadline) {
      if ((await Promise.all([...this.servers.keys()].map(healthy))).every(Boolean)) return;
      await sleep(100);
    }
    throw new Error('the local Redis cluster did not become healthy');
  }

  /** The port of the master serving `key`'s slot. */
  async masterOf(key: string): Promise<number> {
    const seed = [...this.servers.keys()][0];
    const slot = Number((await cli(seed, 'cluster', 'keyslot', key)).trim());
    const shards = JSON.parse(await cli(seed, '--json', 'cluster', 'shards')) as Array<{
      slots: number[];
      nodes: Array<{ port: number; role: string; health: string }>;
    }>;
    for (const shard of shards) {
      const served = shard.slots.some((from, index) => index % 2 === 0 && slot >= from && slot <= shard.slots[index + 1]);
      const master = shard.nodes.find((node) => node.role === 'master' && node.health === 'online');
      if (served && master) return master.port;
    }
    throw new Error(`no online master serves ${key}`);
  }

  /** kill -9 of one node: no shutdown, no last write to disk, as a crashed host. */
  async kill(port: number): Promise<void> {
    await this.end(port, (watchdog) => watchdog.kill('SIGUSR1'));
  }

  /** Stops every node and resolves once each is gone with its dir. */
  async stop(): Promise<void> {
    await Promise.all([...this.servers.keys()].map((port) => this.end(port, (watchdog) => watchdog.stdin?.end())));
  }

  private async end(port: number, how: (watchdog: ChildProcess) => void): Promise<void> {
    const watchdog = this.servers.get(port);
    if (!watchdog) return;
    this.servers.delete(port);
    await new Promise<void>((resolve) => {
      if (watchdog.exitCode !== null || watchdog.signalCode !== null) return resolve();
      watchdog.once('exit', () => resolve());
      how(watchdog);
    });
  }
}
