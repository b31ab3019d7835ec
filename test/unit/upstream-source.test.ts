import { describe, expect, it } from '@jest/globals';
import { readKey } from '../../src/datasources/upstream-source.js';
import type { UpstreamPath } from '../../src/datasources/upstream-path.js';
import { stableStringify } from '../../src/lib/stable-stringify.js';

const path = 'partners/partner-001/channels' as UpstreamPath;

describe('readKey', () => {
  // Cache entries and shared in-flight reads are found by this text: it must name equal reads alike and others apart.
  it.each([
    ['no parameters', undefined],
    ['one parameter', { limit: '10' }],
    ['parameters in any order', { offset: '20', limit: '10', filters: '{"q":"x"}', sort: '-created_at' }],
    ['a repeated parameter', { app_id: ['b', 'a'], limit: '5' }],
    ['names and values to escape', { 'q"\\': 'line\nbreak', é: 'ü', '': '' }],
  ])('is the text stableStringify gives the path and parameters: %s', (_, params) => {
    expect(readKey(path, params)).toBe(stableStringify([path, params]));
  });

  it('names the same parameters alike whatever their order, and different ones apart', () => {
    expect(readKey(path, { b: '1', a: '2' })).toBe(readKey(path, { a: '2', b: '1' }));
    expect(readKey(path, { a: '1' })).not.toBe(readKey(path, { a: ['1'] }));
    expect(readKey(path, { a: '1' })).not.toBe(readKey(path, undefined));
    expect(readKey(path, { a: '1', b: '2' })).not.toBe(readKey(path, { a: '1,b' }));
  });
});
