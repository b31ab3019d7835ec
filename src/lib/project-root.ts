import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root directory (package.json beside schema/), found upwards from this module: from src/lib/ in
 * the tests, dist/src/lib/ under npm start, or a build of the tests' own inside dist/. Files tsc does not copy
 * (schema/*.graphql, the event log's Lua) are read from there.
 */
export function projectRoot(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, 'schema')) || !existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error('the project root (package.json beside schema/) was not found above ' + fileURLToPath(import.meta.url));
    directory = parent;
  }
  return directory;
}
