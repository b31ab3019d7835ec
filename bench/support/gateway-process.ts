import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { upstreamUrlEnv } from '../../src/config.js';
import { seedState } from '../../simulator/seed.js';
import { simulatorCredentials, simulatorUrls, type Simulator } from '../../simulator/server.js';
import type { RecordedOperation } from './upstream.js';
import { freePort } from '../../test/support/free-port.mjs';

const MAIN = fileURLToPath(new URL('../../src/main.js', import.meta.url));
const SIMULATOR_MAIN = fileURLToPath(new URL('../../simulator/main.js', import.meta.url));

/** What a gateway process needs of its upstream: the bench's in-process simulator, or one in a process of its own. */
export type Upstream = Pick<Simulator, 'urls' | 'credentials'>;

/** A gateway in its own process (as `npm start` runs it), pointed at the bench's simulator. */
export interface GatewayProcess {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  graphqlUrl: string;
  stop(): Promise<void>;
}

/** KEYSTORE_SECRET of every bench gateway (webhook credentials derive from it). */
export const BENCH_KEYSTORE_SECRET = 'bench-keystore-secret-0123456789';

export interface GatewayProcessOptions {
  /** Extra environment (e.g. cache TTLs). */
  env?: Record<string, string>;
  /** Node flags of the child, e.g. --cpu-prof. */
  execArgv?: string[];
  /** Another build's dist/src/main.js (an A/B of two builds on one upstream); this build's by default. */
  main?: string;
  /** A command Node runs under, with its arguments (e.g. valgrind's), and how long the gateway may then take to start. */
  wrapper?: { command: string[]; startTimeoutMs: number };
}

export async function startGatewayProcess(upstream: Upstream, options: GatewayProcessOptions = {}): Promise<GatewayProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Where the upstream would reach the gateway through a front proxy: cloud webhooks refuse explicit ports (§4.2 B6).
    PUBLIC_URL: 'https://hubgraph-bench.example',
    ...upstreamUrlEnv(upstream.urls),
    PARTNER_ID: upstream.credentials.partnerId,
    PARTNER_TOKEN: upstream.credentials.partnerToken,
    CHANNEL_API_KEYS: JSON.stringify(upstream.credentials.channelApiKeys),
    KEYSTORE_SECRET: BENCH_KEYSTORE_SECRET,
    ...options.env,
  };
  const service = await startNodeProcess(options.main ?? MAIN, env, options.execArgv ?? [], 'hubgraph ready at', 'gateway', options.wrapper);
  return { ...service, baseUrl, graphqlUrl: `${baseUrl}/graphql` };
}

/** A bench-side Node process, started and stopped like a gateway. */
export interface NodeProcess {
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

/** Spawns `script`, resolves once its stdout says `readyText`; its output is drained from then on. */
async function startNodeProcess(
  script: string,
  env: Record<string, string>,
  execArgv: string[],
  readyText: string,
  name: string,
  wrapper: GatewayProcessOptions['wrapper'] = { command: [], startTimeoutMs: 30_000 },
): Promise<NodeProcess> {
  const [command, ...args] = [...wrapper.command, process.execPath, ...execArgv, script];
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  await new Promise<void>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${wrapper.startTimeoutMs / 1000} s: ${stderr || stdout}`)),
      wrapper.startTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes(readyText)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready: ${stderr || stdout}`));
    });
  });
  // Log lines keep flowing; they are read and dropped so a full pipe never blocks the process.
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  child.removeAllListeners('exit');
  return {
    child,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The simulator in a process of its own (`npm run simulator`), seeded as the in-process one is: for a
 * scenario whose upstream calls would otherwise take the event loop that times its answers (a real
 * upstream's CPU is not on the gateway's machine).
 */
export async function startSimulatorProcess(latencyMs: number): Promise<NodeProcess & Upstream> {
  const port = await freePort();
  const service = await startNodeProcess(
    SIMULATOR_MAIN,
    { PATH: process.env.PATH ?? '', NODE_ENV: 'production', SIMULATOR_PORT: String(port), SIMULATOR_LATENCY_MS: String(latencyMs) },
    [],
    'hubgraph upstream simulator listening on',
    'simulator',
  );
  return { ...service, urls: simulatorUrls(`http://127.0.0.1:${port}`), credentials: simulatorCredentials(seedState()) };
}

/** A floor process of bench/floor/ (see there) on a free port. */
async function startFloor(script: string, env: Record<string, string>, readyText: string): Promise<NodeProcess & { url: string }> {
  const port = await freePort();
  const service = await startNodeProcess(
    fileURLToPath(new URL(`../floor/${script}`, import.meta.url)),
    { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), ...env },
    [],
    readyText,
    script,
  );
  return { ...service, url: `http://127.0.0.1:${port}` };
}

export interface ApolloFloorOptions {
  /** The A4 page (JSON text) the floor answers the listing query from, held in memory (default: an empty page). */
  page?: string;
  /** The gateway's operations by query text: the floor then serves the gateway's schema, replaying their upstream requests against `upstream`. */
  operations?: Record<string, RecordedOperation>;
  upstream?: string;
}

/** The minimal Apollo Server of bench/floor/apollo-alone.ts, running for the duration of `measure`. */
export async function withApolloFloor<T>(options: ApolloFloorOptions, measure: (floor: { url: string; pid: number }) => Promise<T>): Promise<T> {
  const directory = mkdtempSync(join(tmpdir(), 'hubgraph-floor-'));
  const pageFile = join(directory, 'page.json');
  const replayFile = join(directory, 'replays.json');
  writeFileSync(pageFile, options.page ?? JSON.stringify({ total: 0, partner_channels: [] }));
  writeFileSync(replayFile, JSON.stringify(options.operations ?? {}));
  try {
    const floor = await startFloor(
      'apollo-alone.js',
      { FLOOR_PAGE_FILE: pageFile, FLOOR_REPLAY_FILE: replayFile, FLOOR_UPSTREAM: options.upstream ?? '' },
      'floor ready at',
    );
    try {
      return await measure({ url: `${floor.url}/`, pid: floor.pid });
    } finally {
      await floor.stop();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The bare node:http pass-through of bench/floor/pass-through.ts in front of `target`. */
export function startPassThrough(target: string) {
  return startFloor('pass-through.js', { PASS_THROUGH_TARGET: target }, 'pass-through ready');
}

/** Resident set size and its high-water mark of a process, from /proc (Linux). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN) * 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux x86 and arm64). */
const USER_HZ = 100;

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc (Linux). */
export function cpuTimeOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}
