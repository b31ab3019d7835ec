import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ErrorCode } from '../../src/errors.js';

const guide = readFileSync('docs/frontend.md', 'utf8');

describe('docs/frontend.md', () => {
  // Each snippet is cut from the example app, so the guide shows what the browser test runs, not a second copy.
  const snippets = [...guide.matchAll(/<!-- from: (\S+) -->\n```\w*\n([\s\S]*?)```/g)].map(([, file, code]) => [file, code] as const);

  it('has snippets', () => {
    expect(snippets.length).toBeGreaterThan(4);
  });

  it.each(snippets)('takes its snippet word for word from %s', (file, code) => {
    expect(readFileSync(file, 'utf8')).toContain(code);
  });

  it.each(Object.values(ErrorCode))('says what a front-end should do about %s', (code) => {
    expect(guide).toMatch(new RegExp(`^\\| \`${code}\`.*\\|.*\\|.*\\|$`, 'm'));
  });
});
