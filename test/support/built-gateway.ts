import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BuiltGateway {
  /** The compiled src/main.js, to run as `npm start` does (cwd: PROJECT_ROOT). */
  main: string;
  remove(): Promise<void>;
}

/**
 * Compiles the gateway with tsconfig.build.json into a directory of its own inside the project, so the built code finds
 * schema/ and node_modules as `npm start` does. Without type checking, as `npm run build` does: `npm run typecheck` checks
 * the types, and a checking build took minutes per suite on a loaded two-core machine.
 */
export async function buildGateway(label: string): Promise<BuiltGateway> {
  const outDir = join(PROJECT_ROOT, 'dist', `.${label}-${process.pid}`);
  await promisify(execFile)(process.execPath, [
    join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    join(PROJECT_ROOT, 'tsconfig.build.json'),
    '--outDir',
    outDir,
    '--noCheck',
  ]);
  return { main: join(outDir, 'src', 'main.js'), remove: () => rm(outDir, { recursive: true, force: true }) };
}
