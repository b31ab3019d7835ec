import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SHARED_BUILD_ENV } from './shared-build.mjs';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** How often a suite waiting for another's build looks for it. */
const BUILD_POLL_MS = 200;

/**
 * The compiled src/main.js, to run as `npm start` does (cwd: PROJECT_ROOT), from the one build the test run's suites
 * share: the first suite to ask compiles it, with tsconfig.build.json into a directory of its own inside the project (so
 * the built code finds schema/ and node_modules as `npm start` does), and the others, in other workers, wait for it. The
 * global tear-down removes it (test/support/shared-build.mjs). Without type checking, as `npm run build` does: `npm run
 * typecheck` checks the types, and a checking build took minutes per suite on a loaded two-core machine.
 */
export async function builtGatewayMain(): Promise<string> {
  const directory = process.env[SHARED_BUILD_ENV];
  if (!directory) throw new Error(`${SHARED_BUILD_ENV} is not set: the suites that start the built server run under jest.config.js's global set-up`);
  const main = join(directory, 'src', 'main.js');
  const lock = `${directory}.lock`;
  while (!existsSync(main)) {
    if (!(await claim(lock))) {
      await sleep(BUILD_POLL_MS);
      continue;
    }
    try {
      // Compiled aside and renamed into place whole: a waiting suite never starts a half-written build.
      const partial = `${directory}.partial`;
      await rm(partial, { recursive: true, force: true });
      await compile(partial);
      await rename(partial, directory);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
  return main;
}

/** Whether this process took the lock (creating a directory either succeeds for one process or fails). */
async function claim(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function compile(outDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, [
    join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    join(PROJECT_ROOT, 'tsconfig.build.json'),
    '--outDir',
    outDir,
    '--noCheck',
  ]);
}
