import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEST_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every `*.test.ts` under test/, as paths relative to test/. */
function testFiles(): string[] {
  return readdirSync(TEST_ROOT, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.test.ts'));
}

describe('the layout of test/', () => {
  it('gives every test file a name of its own, so a name alone says which suite failed', () => {
    const byName = new Map<string, string[]>();
    for (const path of testFiles()) byName.set(basename(path), [...(byName.get(basename(path)) ?? []), path]);
    const shared = [...byName.values()].filter((paths) => paths.length > 1);
    expect(shared).toEqual([]);
  });

  it('finds the suites it checks', () => {
    expect(testFiles()).toEqual(expect.arrayContaining(['unit/test-layout.test.ts', 'simulator/latency.test.ts', 'integration/fair-share.test.ts']));
  });
});
