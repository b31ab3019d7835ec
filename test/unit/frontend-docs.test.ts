import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';
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

  // Whole declarations and statements only, so each can be copied as it is: a snippet cut in the middle of an object
  // or a call does not parse.
  it.each(snippets.filter(([file]) => /\.tsx?$/.test(file)))('takes whole statements from %s', (file, code) => {
    const { diagnostics } = ts.transpileModule(code, { fileName: file.endsWith('.tsx') ? 'snippet.tsx' : 'snippet.ts', reportDiagnostics: true });
    expect((diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
  });

  it.each(Object.values(ErrorCode))('says what a front-end should do about %s', (code) => {
    expect(guide).toMatch(new RegExp(`^\\| \`${code}\`.*\\|.*\\|.*\\|$`, 'm'));
  });
});
