import { describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import { parsedDocumentCache } from '../../src/http/apollo-server.js';

describe("parsedDocumentCache: Apollo's parsed documents bounded by the heap they take", () => {
  it('keeps the most recently used documents within its bound, 128 bytes per character of their text', async () => {
    // 64 characters: 8 KiB each, so a bound of 1 MiB holds 128 of them.
    const text = (index: number) => `{ partner { channels(limit: ${1000 + index}) { total } } }`.padEnd(64, ' ');
    const cache = parsedDocumentCache(1024 * 1024);
    for (let index = 0; index < 1_000; index += 1) await cache.set(`document-${index}`, parse(text(index)));
    expect(cache.keys()).toHaveLength(128);
    expect(await cache.get('document-999')).toBeDefined();
    expect(await cache.get('document-871')).toBeUndefined();
  });

  it('does not keep a document larger than the whole bound', async () => {
    const cache = parsedDocumentCache(1024);
    await cache.set('small', parse('{ a }'));
    await cache.set('large', parse(`{ ${'a '.repeat(10)}}`));
    expect(cache.keys()).toEqual(['small']);
  });
});
