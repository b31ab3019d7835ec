import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';

const GUIDE = 'docs/contributing.md';
const guide = readFileSync(GUIDE, 'utf8');

interface Block {
  language: string;
  code: string;
  /** The file the block quotes, from the `<!-- from: path -->` line right before it. */
  from: string | null;
}

function blocksOf(markdown: string): Block[] {
  return [...markdown.matchAll(/(?:<!-- from: (\S+) -->\n)?```(\w*)\n([\s\S]*?)```/g)].map(([, from, language, code]) => ({
    language,
    code,
    from: from ?? null,
  }));
}

/** Lines without their indentation, runs of spaces as one and no blank lines: a quote may be re-indented, never reworded. */
function normalized(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => line !== '')
    .join('\n');
}

/** Whether the quote is a run of whole consecutive lines of the file. */
function quotes(file: string, code: string): boolean {
  return `\n${normalized(file)}\n`.includes(`\n${normalized(code)}\n`);
}

const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts);

describe(GUIDE, () => {
  const blocks = blocksOf(guide);
  const quoted = blocks.filter((block): block is Block & { from: string } => block.from !== null);

  it('tells a quote from a rewording', () => {
    const file = 'function a() {\n  return 1;\n}\n\nconst b = 2;\n';
    expect(quotes(file, '    return 1;\n}')).toBe(true);
    expect(quotes(file, '}\nconst b = 2;')).toBe(true);
    expect(quotes(file, 'return 2;')).toBe(false);
    expect(quotes(file, 'return')).toBe(false);
    expect(quotes(file, 'const b = 2;\nfunction a() {')).toBe(false);
  });

  it('quotes the code of every step: schema, mapper, data source, error mapping, resolver, simulator route, test', () => {
    expect(quoted.map((block) => block.from)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^schema\/.+\.graphql$/),
        'codegen.yml',
        expect.stringMatching(/^src\/datasources\//),
        'src/datasources/upstream-errors.ts',
        expect.stringMatching(/^src\/resolvers\//),
        expect.stringMatching(/^simulator\//),
        expect.stringMatching(/^test\//),
      ]),
    );
  });

  it('says which file every code block quotes, but for the shell commands', () => {
    expect(blocks.filter((block) => block.from === null && block.language !== 'sh')).toEqual([]);
  });

  it.each(quoted.map((block) => [block.from, block.code]))('quotes %s as it is', (file, code) => {
    expect(quotes(readFileSync(file, 'utf8'), code)).toBe(true);
  });

  it('names only npm scripts that exist', () => {
    const named = [...guide.matchAll(/npm run ([\w:-]+)/g)].map(([, script]) => script);
    expect(named.length).toBeGreaterThan(4);
    expect(named.filter((script) => !scripts.includes(script))).toEqual([]);
  });

  it('runs only commands that exist in its shell blocks', () => {
    const commands = blocks
      .filter((block) => block.language === 'sh')
      .flatMap((block) => block.code.split('\n'))
      .filter((line) => line.trim() !== '');
    expect(commands.length).toBeGreaterThan(3);
    for (const command of commands) {
      const script = /^npm (?:run ([\w:-]+)|(test))\b/.exec(command);
      expect([command, script && scripts.includes(script[1] ?? script[2])]).toEqual([command, true]);
    }
  });

  it('is linked from the README', () => {
    expect(readFileSync('README.md', 'utf8')).toContain('(docs/contributing.md)');
  });
});
