import { describe, expect, it } from '@jest/globals';
import { GraphQLError } from 'graphql';
import { NothingSentError } from '../../src/errors.js';
import { formatGraphQLError } from '../../src/http/format-error.js';
import { ShareUsedUpError } from '../../src/store/fair-share.js';

describe('formatGraphQLError', () => {
  it('passes errors with another code through as they are', () => {
    const formatted = { message: 'Not found', extensions: { code: 'NOT_FOUND' } };
    expect(formatGraphQLError(formatted, undefined)).toBe(formatted);
    const ownInput = { message: 'too long', extensions: { code: 'BAD_USER_INPUT', field: 'input.text' } };
    expect(formatGraphQLError(ownInput, undefined)).toBe(ownInput);
  });

  it('masks an error without a code, keeping its locations and path, and keeps the gateway’s own internal errors', () => {
    const bug = new TypeError('Cannot read properties of undefined');
    expect(formatGraphQLError({ message: bug.message, locations: [{ line: 1, column: 3 }], path: ['channel', 'name'] }, bug)).toEqual({
      message: 'Internal server error',
      locations: [{ line: 1, column: 3 }],
      path: ['channel', 'name'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(formatGraphQLError({ message: 'x' }, bug)).toEqual({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    const own = new NothingSentError('B1', 'bad header');
    const wrapped = new GraphQLError(own.message, { originalError: own, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(formatGraphQLError(wrapped.toJSON(), wrapped).message).toBe(own.message);
    expect(formatGraphQLError(own.toJSON(), own).message).toBe(own.message);
  });

  it('leaves out the HTTP head an error asks of Apollo: over WebSocket, RATE_LIMITED carries its code and retryAfterSeconds only', () => {
    const refusal = new ShareUsedUpError('budget used up', 2);
    expect(formatGraphQLError(refusal.toJSON(), refusal)).toEqual({ message: 'budget used up', extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 2 } });
  });

  it('names the refused variable itself when the message has no path within it', () => {
    const field = (message: string) => formatGraphQLError({ message, extensions: { code: 'BAD_USER_INPUT' } }, undefined).extensions?.field;
    expect(field('Variable "$limit" got invalid value "x"; Int cannot represent a non-integer value')).toBe('limit');
    expect(field('Variable "$input" got invalid value 1 at "input.to"; expected a string')).toBe('input.to');
    expect(field('Variable "$input" got invalid value 1 at "input.to')).toBe('input');
    expect(field('Variable "$input" got invalid value 1 at "other.to"; x')).toBe('input');
    expect(field('Expected a value of type Int')).toBeUndefined();
    // Only graphql-js's coercion messages start with the variable; any other refusal keeps its own field.
    const own = { message: 'input.text: names Variable "$1", which the template does not have', extensions: { code: 'BAD_USER_INPUT', field: 'input.text' } };
    expect(formatGraphQLError(own, undefined)).toBe(own);
  });
});
