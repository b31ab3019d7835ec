import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileFunction } from 'node:vm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { parse, type DocumentNode } from 'graphql';
import ts from 'typescript';

/** What the test uses of Apollo Client's InMemoryCache (typed here: the example's install is not there at typecheck). */
interface Cache {
  writeQuery(options: { query: DocumentNode; data: unknown }): unknown;
  readQuery<T>(options: { query: DocumentNode }): T | null;
}
interface ApolloClientModule {
  InMemoryCache: new (options: unknown) => Cache;
}

const EXAMPLE = path.resolve('examples/inbox');
const guide = readFileSync('docs/frontend.md', 'utf8');

/** The guide's cache set-up, the one block that builds an InMemoryCache, transpiled as it is. */
function cacheSnippet(): string {
  const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, code]) => code).filter((code) => code.includes('new InMemoryCache('));
  expect(blocks).toHaveLength(1);
  return ts.transpileModule(blocks[0], { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
}

const THREAD = parse(`
  query Thread {
    message {
      id
      status
      error
    }
  }
`);

describe('docs/frontend.md: the cache set-up runs as printed, with the example’s Apollo Client', () => {
  let apollo: ApolloClientModule;
  let cache: Cache;
  let warnings: jest.SpiedFunction<typeof console.warn>;
  let errors: jest.SpiedFunction<typeof console.error>;

  beforeAll(async () => {
    const entry = path.join(EXAMPLE, 'node_modules/@apollo/client/core/index.js');
    apollo = (await import(pathToFileURL(entry).href)) as ApolloClientModule;
  });

  beforeEach(() => {
    const introspection = JSON.parse(readFileSync(path.join(EXAMPLE, 'src/gql/possible-types.json'), 'utf8')) as unknown;
    const exports: { cache?: Cache } = {};
    // The snippet's only free names are what its file imports: InMemoryCache and the generated possible types.
    const run = compileFunction(cacheSnippet(), ['exports', 'InMemoryCache', 'introspection']) as (
      exports: { cache?: Cache },
      InMemoryCache: ApolloClientModule['InMemoryCache'],
      introspection: unknown,
    ) => void;
    run(exports, apollo.InMemoryCache, introspection);
    cache = exports.cache!;
    warnings = jest.spyOn(console, 'warn');
    errors = jest.spyOn(console, 'error');
  });

  afterEach(() => {
    expect([...warnings.mock.calls, ...errors.mock.calls]).toEqual([]);
    jest.restoreAllMocks();
  });

  const write = (status: string, error: unknown) =>
    cache.writeQuery({ query: THREAD, data: { message: { __typename: 'MessageRecord', id: 'wamid.1', status, error } } });
  const read = () => cache.readQuery<{ message: { status: string; error: unknown } }>({ query: THREAD })?.message;

  it('reads back a message without error whole (every merge function returns a value)', () => {
    write('delivered', null);
    expect(read()).toEqual({ __typename: 'MessageRecord', id: 'wamid.1', status: 'delivered', error: null });
  });

  it('moves a status only forward, whichever answer lands last', () => {
    write('read', null);
    write('delivered', null);
    expect(read()?.status).toBe('read');
    write('failed', { code: 131047 });
    write('sent', null);
    expect(read()).toMatchObject({ status: 'failed', error: { code: 131047 } });
  });

  it('matches a fragment on a union to the member the cache holds (possibleTypes)', () => {
    const query = parse(`
      query Events {
        events {
          ...EventFields
        }
      }
      fragment EventFields on ChannelEvent {
        ... on InboundMessage {
          id
          text
        }
      }
    `);
    cache.writeQuery({ query, data: { events: [{ __typename: 'InboundMessage', id: 'wamid.2', text: 'Hello' }] } });
    expect(cache.readQuery({ query })).toEqual({ events: [{ __typename: 'InboundMessage', id: 'wamid.2', text: 'Hello' }] });
  });
});
