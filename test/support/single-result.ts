import type { GraphQLResponse } from '@apollo/server';
import { expect } from '@jest/globals';

/** The single result of an executeOperation call (no incremental delivery in these tests). */
export function singleResult<T = Record<string, unknown>>(response: GraphQLResponse<T>) {
  expect(response.body.kind).toBe('single');
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  return response.body.singleResult;
}
