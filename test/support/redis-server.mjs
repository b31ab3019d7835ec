// Plain JavaScript (types in redis-server.d.mts): Jest's global set-up loads it outside the test
// runtime, where the TypeScript transform's `.js` → `.ts` mapping does not apply.
import { spawn, spawnSync } from 'node:child_process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

/** What to install when redis-server is missing, said once by the test run's global set-up. */
export const REDIS_SERVER_INSTALL_HINT = 'apt-get install redis-server';

/** Where the global set-up puts the URL of the redis-server it started for the Redis-backed suites. */
export const TEST_REDIS_URL_ENV = 'HUBGRAPH_TEST_REDIS_URL';

const WATCHDOG = fileURLToPath(new URL('./redis-watchdog.mjs', import.meta.url));
const READY_LINE = /Ready to accept connections/;
const PORT_TAKEN = /Address already in use/;
const START_DEADLINE_MS = 10_000;
const STOP_DEADLINE_MS = 10_000;

/** Whether a `redis-server` binary is on the PATH. */
export function redisServerInstalled() {
  return !spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error;
}

/**
 * A redis-server child process for tests: in the foreground (never `--daemonize`), on 127.0.0.1,
 * persisting nothing. It runs under redis-watchdog.mjs, which gives it a temp dir and stops it when the
 * process that started it goes away, so a killed test run leaves no server and no dir behind.
 */
export class RedisServerProcess {
  #child;
  #exited;

  constructor(port, child, exited) {
    this.port = port;
    this.#child = child;
    this.#exited = exited;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts a server and resolves once it accepts connections; a free port taken meanwhile is retried. */
  static async start({ port, args = [] } = {}) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await startOnce(port ?? (await freePort()), args);
      } catch (error) {
        const retry = port === undefined && attempt < 5 && error instanceof Error && PORT_TAKEN.test(error.message);
        if (!retry) throw error;
      }
    }
  }

  /** Stops the server (nothing to save) and resolves once its process is gone and its dir removed. */
  async stop() {
    this.#child.stdin.end();
    let timer;
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`redis-server on port ${this.port} did not stop within ${STOP_DEADLINE_MS} ms`)), STOP_DEADLINE_MS);
    });
    try {
      await Promise.race([this.#exited, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}

async function startOnce(port, args) {
  const serverArgs = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args];
  const child = spawn(process.execPath, [WATCHDOG, ...serverArgs], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server on port ${port} did not start within ${START_DEADLINE_MS} ms:\n${output}`)),
      START_DEADLINE_MS,
    );
    const read = (chunk) => {
      // Only the start-up lines are kept (for the error); later ones are read and dropped so the pipe never fills.
      if (output.length < 20_000) output += chunk.toString();
      if (READY_LINE.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server on port ${port} exited (${code}) before it was ready:\n${output}`));
    });
  });
  try {
    await ready;
  } catch (error) {
    child.stdin.end();
    await exited;
    throw error;
  }
  return new RedisServerProcess(port, child, exited);
}
