// Plain JavaScript (types in shared-build.d.mts): Jest's global set-up and tear-down load it outside the test runtime.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Where the global set-up names the one build the run's suites that start the built server share (built-gateway.ts). */
export const SHARED_BUILD_ENV = 'HUBGRAPH_TEST_BUILD_DIR';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Names this run's build directory for the worker processes (they inherit the environment); nothing is built
 * until a suite asks for it, so a run without such a suite pays nothing.
 */
export function shareOneBuild() {
  process.env[SHARED_BUILD_ENV] = `${DIST}.test-build-${process.pid}`;
}

/** Removes the run's build and what an interrupted build left (its lock and partial output). */
export async function removeSharedBuild() {
  const directory = process.env[SHARED_BUILD_ENV];
  if (!directory) return;
  await Promise.all([directory, `${directory}.lock`, `${directory}.partial`].map((path) => rm(path, { recursive: true, force: true })));
}
