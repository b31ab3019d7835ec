import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { Kind, parse, print, type FragmentDefinitionNode } from 'graphql';
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

  describe('the MessageContentFields fragment', () => {
    const fragment = (source: string) =>
      parse(source).definitions.find(
        (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === 'MessageContentFields',
      );
    const [, app] = /graphql\(`(\s*fragment MessageContentFields[\s\S]*?)`\)/.exec(readFileSync('examples/inbox/src/MessageContent.tsx', 'utf8'))!;
    const examples = readdirSync('examples')
      .filter((name) => name.endsWith('.graphql'))
      .map((name) => [`examples/${name}`, readFileSync(`examples/${name}`, 'utf8')] as const)
      .filter(([, source]) => fragment(source));

    it('is in examples/', () => {
      expect(examples.map(([file]) => file)).toContain('examples/channel-messages.graphql');
    });

    it.each(examples)('%s holds the inbox app’s, field for field', (_file, source) => {
      expect(print(fragment(source)!)).toBe(print(fragment(app)!));
    });
  });

  it.each(Object.values(ErrorCode))('says what a front-end should do about %s', (code) => {
    expect(guide).toMatch(new RegExp(`^\\| \`${code}\`.*\\|.*\\|.*\\|$`, 'm'));
  });
});
