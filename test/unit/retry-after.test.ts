import { describe, expect, it } from '@jest/globals';
import { retryAfterSeconds } from '../../src/lib/retry-after.js';

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates, with a fallback', () => {
    expect(retryAfterSeconds('12')).toBe(12);
    expect(retryAfterSeconds('0.2')).toBe(1);
    expect(retryAfterSeconds(undefined, 3)).toBe(3);
    expect(retryAfterSeconds('soon', 4)).toBe(4);
    const inOneMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterSeconds(inOneMinute)).toBeGreaterThanOrEqual(59);
    expect(retryAfterSeconds(inOneMinute)).toBeLessThanOrEqual(60);
  });
});

describe('retryAfterSeconds bounds', () => {
  it('rounds up, never answers a negative wait, and falls back on an empty value', () => {
    expect(retryAfterSeconds('2.1')).toBe(3);
    expect(retryAfterSeconds('-3')).toBe(0);
    expect(retryAfterSeconds(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
    expect(retryAfterSeconds('')).toBe(1);
    expect(retryAfterSeconds([], 6)).toBe(6);
  });
});
