import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The folders whose paths the docs name; a reference to one of them must name something that exists. */
const ROOTS = ['src', 'test', 'schema', 'bench', 'scripts', 'simulator', 'examples'];

/**
 * Written by a run, never committed: `npm run bench` with BENCH_CPU_PROF=1 writes bench/profiles/, and
 * `npm --prefix examples/inbox ci` the example's own node_modules.
 */
const MADE_BY_A_RUN = new Set(['bench/profiles', 'examples/inbox/node_modules']);

/**
 * A root folder's name at the start of a path: at the start of a line or after a character that cannot be part of
 * a path (so `dist/src/main.js` or a URL's `/src/` is not read as `src/`), or after `../` (a link from docs/).
 */
const REFERENCE = new RegExp(`(?:^|(?<=[^\\w/.\\-])|(?<=\\.\\./))((?:${ROOTS.join('|')})/[\\w.\\-/*]*)`, 'gm');

function docFiles(): string[] {
  const docs = readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** Every path-looking reference of a Markdown text, without the punctuation that may end a sentence after it. */
function referencesIn(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((match) => match[1].replace(/[.]+$/, '').replace(/\/+$/, ''));
}

/**
 * The folders a doc's paths may be relative to: the repository, and the root (nearest package.json) of every app a
 * snippet of the doc is quoted from (`<!-- from: examples/inbox/codegen.ts -->`), whose paths it names as that app does.
 */
function baseFolders(text: string): string[] {
  const apps = [...text.matchAll(/<!-- from: (\S+) -->/g)].map(([, file]) => {
    let folder = path.posix.dirname(file);
    while (folder !== '.' && !existsSync(path.posix.join(folder, 'package.json'))) folder = path.posix.dirname(folder);
    return folder;
  });
  return [...new Set(['.', ...apps])];
}

/** Whether a reference names an existing file or folder under one of the bases; with `*`, whether some file matches it. */
function exists(reference: string, bases: string[] = ['.']): boolean {
  if (MADE_BY_A_RUN.has(reference)) return true;
  return bases.some((base) => existsUnder(path.posix.join(base, reference)));
}

function existsUnder(reference: string): boolean {
  if (!reference.includes('*')) return existsSync(reference);
  const pattern = new RegExp(
    `^${reference
      .split(/(\*\*\/|\*)/)
      .map((part) => (part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );
  const top = reference.slice(0, reference.search(/\/[^/]*\*/));
  if (!existsSync(top)) return false;
  return readdirSync(top, { recursive: true, encoding: 'utf8' }).some((file) => pattern.test(path.posix.join(top, file.split(path.sep).join('/'))));
}

/** Test files every folder under test/ holds, by file name: the docs often name a suite by its file name alone. */
function testFileNames(): Set<string> {
  return new Set(readdirSync('test', { recursive: true, encoding: 'utf8' }).map((file) => path.basename(file)));
}

/** A test file named alone (`media.test.ts`) or by its folder under test/ without the suffix (`unit/redis-log`). */
function testReferencesIn(text: string): string[] {
  const byName = [...text.matchAll(/(?<![\w/.-])([\w-]+\.test\.ts)\b/g)].map(([, name]) => name);
  const byFolder = [...text.matchAll(/(?<![\w/.-])((?:unit|integration|federation|cluster|browser)\/[\w-]+)(?![\w/-]|\.\w)/g)].map(
    ([, reference]) => `${path.basename(reference)}.test.ts`,
  );
  return [...byName, ...byFolder];
}

describe('paths named in README.md and docs/*.md', () => {
  it('finds references the way the docs write them', () => {
    expect(
      referencesIn(
        'See `src/http/pipeline.ts`, [RESULTS](../bench/RESULTS.md), schema/**/*.graphql and examples/inbox/. ' +
          'Not dist/src/main.js nor https://example.com/src/x.ts.',
      ),
    ).toEqual(['src/http/pipeline.ts', 'bench/RESULTS.md', 'schema/**/*.graphql', 'examples/inbox']);
  });

  it('tells a missing file from an existing one, and a glob that matches from one that does not', () => {
    expect(exists('src/http/pipeline.ts')).toBe(true);
    expect(exists('src/http/no-such-file.ts')).toBe(false);
    expect(exists('schema/**/*.graphql')).toBe(true);
    expect(exists('schema/*.graphql')).toBe(true);
    expect(exists('schema/**/*.ts')).toBe(false);
  });

  it('reads the paths of a doc quoting an app as that app names them', () => {
    const doc = '<!-- from: examples/inbox/codegen.ts -->';
    expect(baseFolders(doc)).toEqual(['.', 'examples/inbox']);
    expect(exists('src/gql/possible-types.json', baseFolders(doc))).toBe(true);
    expect(exists('src/gql/possible-types.json')).toBe(false);
  });

  it.each(docFiles())('%s names only files and folders that exist', (file) => {
    const text = readFileSync(file, 'utf8');
    const bases = baseFolders(text);
    const broken = [...new Set(referencesIn(text))].filter((reference) => !exists(reference, bases));
    expect(broken).toEqual([]);
  });

  it('finds test files named alone or by their folder', () => {
    expect(testReferencesIn('`tenant-scope.test.ts` › limiter; run by `unit/memory-log` and unit/redis-log.')).toEqual([
      'tenant-scope.test.ts',
      'memory-log.test.ts',
      'redis-log.test.ts',
    ]);
  });

  it.each(docFiles())('%s names only test files that exist', (file) => {
    const names = testFileNames();
    expect([...new Set(testReferencesIn(readFileSync(file, 'utf8')))].filter((name) => !names.has(name))).toEqual([]);
  });
});
