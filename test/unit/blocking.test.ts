import { describe, expect, it } from '@jest/globals';
import { checkBlocklistPage, checkPhoneNumber, checkReason } from '../../src/messaging/blocking.js';
import { BadUserInputError } from '../../src/errors.js';
import { fieldOf } from '../support/refusals.js';

describe('blocking rules', () => {
  it('accepts reasons below 60 characters and pages of 1..200', () => {
    expect(checkReason('r'.repeat(59))).toBe('r'.repeat(59));
    expect(checkBlocklistPage(undefined, undefined)).toEqual({ limit: 100, offset: 0 });
    expect(checkBlocklistPage(200, 5)).toEqual({ limit: 200, offset: 5 });
    expect(checkBlocklistPage(1, 0)).toEqual({ limit: 1, offset: 0 });
    expect(checkBlocklistPage(null, null)).toEqual({ limit: 100, offset: 0 });
  });

  it('refuses reasons of 60 characters or more, counted as characters, and pages outside 1..200', () => {
    expect(checkReason(null)).toBeUndefined();
    expect(checkReason(undefined)).toBeUndefined();
    expect(checkReason('😀'.repeat(59))).toBe('😀'.repeat(59));
    expect(() => checkReason('r'.repeat(60))).toThrow(new BadUserInputError('reason must be below 60 characters', 'reason'));
    expect(fieldOf(() => checkReason('r'.repeat(60)))).toBe('reason');
    const limitRefused = new BadUserInputError('limit must lie between 1 and 200', 'limit');
    for (const limit of [0, 201, 1.5]) {
      expect(() => checkBlocklistPage(limit, 0)).toThrow(limitRefused);
      expect(fieldOf(() => checkBlocklistPage(limit, 0))).toBe('limit');
    }
    for (const offset of [-1, 0.5]) {
      expect(() => checkBlocklistPage(10, offset)).toThrow('offset must be 0 or more');
      expect(fieldOf(() => checkBlocklistPage(10, offset))).toBe('offset');
    }
  });

  it('takes the normalised phone number, and refuses a business-scoped user id (blocking is on-premise, which has none)', () => {
    expect(checkPhoneNumber('4915112345678')).toBe('4915112345678');
    expect(() => checkPhoneNumber('US.13491208655302741918')).toThrow('phoneNumber must be a phone number');
    expect(fieldOf(() => checkPhoneNumber('DE.ENT.abc'))).toBe('phoneNumber');
  });
});
