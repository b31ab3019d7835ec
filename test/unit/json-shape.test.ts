import { describe, expect, it } from '@jest/globals';
import { JsonShapeError, JsonShapeScanner, type JsonShapeLimits } from '../../src/lib/json-shape.js';

const LOOSE: JsonShapeLimits = { maxValues: 1_000_000, maxDepth: 1_000 };

/** What the scanner says about `text` fed in chunks of `chunkSize` bytes: 'ok' or the limit it hit. */
function scan(text: string, limits: JsonShapeLimits, chunkSize = Number.POSITIVE_INFINITY): 'ok' | 'values' | 'depth' {
  const bytes = Buffer.from(text, 'utf8');
  const scanner = new JsonShapeScanner(limits);
  try {
    for (let start = 0; start < bytes.length; start += chunkSize) scanner.feed(bytes.subarray(start, start + chunkSize));
    return 'ok';
  } catch (error) {
    if (error instanceof JsonShapeError) return error.limit;
    throw error;
  }
}

/** The fewest values `text` passes with (its exact count of values). */
function valuesOf(text: string): number {
  let bound = 0;
  while (scan(text, { ...LOOSE, maxValues: bound }) === 'values') bound += 1;
  return bound;
}

/** The smallest depth limit `text` passes. */
function depthOf(text: string): number {
  let bound = 0;
  while (scan(text, { ...LOOSE, maxDepth: bound }) === 'depth') bound += 1;
  return bound;
}

describe('JsonShapeScanner: counts values and nesting before JSON.parse', () => {
  it.each([
    ['1', 1],
    ['"text"', 1],
    ['true', 1],
    ['[]', 1],
    ['{}', 1],
    ['[1,2,3]', 4],
    ['[ -12.5e+3 , null,false ]', 4],
    ['{"a":1,"b":"two"}', 3],
    ['{"a":{"b":[1,{"c":null}]}}', 6],
    ['[{"k":"v"},{"k":"v"}]', 5],
    ['{"query":"{ partner { id } }","variables":{"first":50}}', 4],
  ])('%s holds %i values (keys are not counted)', (text, values) => {
    expect(valuesOf(text)).toBe(values);
  });

  it.each([
    ['1', 0],
    ['[]', 1],
    ['{"a":[[1]]}', 3],
    ['[{}, [[]], {"a": {"b": {}}}]', 4],
  ])('%s nests %i levels', (text, depth) => {
    expect(depthOf(text)).toBe(depth);
  });

  it('reads structure inside strings as text: brackets, commas, colons, escaped quotes and backslashes', () => {
    expect(valuesOf('["[{,:}]", "a\\"[b", "c\\\\", "\\\\\\"{"]')).toBe(5);
    expect(depthOf('["[[[[[[", "\\"[[[["]')).toBe(1);
    expect(valuesOf('{"key with \\"quotes\\" and [brackets]": [1, 2]}')).toBe(4);
  });

  it('counts the same whatever the chunk boundaries, an escape split across chunks included', () => {
    const text = '{"a":"x\\"y\\\\","b":[1,22,333,{"c":"\\u00e9 é [ ]"}],"d":true}';
    const whole = valuesOf(text);
    expect(whole).toBe(9);
    for (let size = 1; size <= 8; size += 1) {
      expect(scan(text, { ...LOOSE, maxValues: whole }, size)).toBe('ok');
      expect(scan(text, { ...LOOSE, maxValues: whole - 1 }, size)).toBe('values');
      expect(scan(text, { ...LOOSE, maxDepth: 1 }, size)).toBe('depth');
    }
  });

  it('takes a 7 MB string as one value, and stops a flood of small values at the limit', () => {
    const upload = JSON.stringify({ query: 'mutation', variables: { input: { base64: 'QUJD'.repeat(1_750_000) } } });
    expect(scan(upload, { maxValues: 5, maxDepth: 3 })).toBe('ok');
    expect(scan(upload, { maxValues: 4, maxDepth: 3 })).toBe('values');
    const flood = JSON.stringify({ variables: { items: Array.from({ length: 50_000 }, (_, index) => ({ i: index })) } });
    expect(scan(flood, { maxValues: 10_000, maxDepth: 64 }, 64 * 1024)).toBe('values');
  });

  it('stops deep nesting at the depth limit, objects and arrays alike', () => {
    expect(scan(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, { maxValues: 10_000, maxDepth: 64 })).toBe('depth');
    expect(scan(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`, { maxValues: 10_000, maxDepth: 64 })).toBe('ok');
    expect(scan(`${'['.repeat(100_000)}`, { maxValues: 1_000_000, maxDepth: 64 })).toBe('depth');
  });

  it('names the limit and its bound in its message', () => {
    expect(new JsonShapeError('values', 10).message).toBe('The request body holds more than 10 JSON values');
    expect(new JsonShapeError('depth', 64).message).toBe('The request body nests JSON deeper than 64 levels');
  });
});
