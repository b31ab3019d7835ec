import { describe, expect, it } from '@jest/globals';
import {
  BadUserInputError,
  BadUserInputErrors,
  CursorExpiredError,
  ErrorCode,
  ForbiddenError,
  HubgraphError,
  InputChecks,
  MediaBlockedError,
  MissingApiKeyError,
  RateLimitedError,
  StoreUnavailableError,
  UnauthenticatedError,
  UnsupportedForHostingError,
  UpstreamUnavailableError,
} from '../../src/errors.js';

describe('the error classes: code, extensions and message as callers receive them', () => {
  it('puts the code last, so extensions cannot override it, and names the class', () => {
    const error = new HubgraphError('m', ErrorCode.NotFound, { code: 'OTHER', detail: 1 });
    expect(error.extensions).toEqual({ code: 'NOT_FOUND', detail: 1 });
    expect(error.code).toBe(ErrorCode.NotFound);
    expect(error.name).toBe('HubgraphError');
    expect(new ForbiddenError('no').extensions).toEqual({ code: 'FORBIDDEN' });
  });

  it('describes each refusal with the extensions the contract documents', () => {
    expect(new UnauthenticatedError()).toMatchObject({
      message: 'Authentication required: send Authorization: Bearer <token>',
      extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
    });
    expect(new UnauthenticatedError('expired').message).toBe('expired');
    expect(new UnsupportedForHostingError('createTemplate', 'ON_PREMISE')).toMatchObject({
      message: 'createTemplate is not available for ON_PREMISE channels',
      extensions: { code: 'UNSUPPORTED_FOR_HOSTING', hosting: 'ON_PREMISE' },
    });
    expect(new MissingApiKeyError('channel-001')).toMatchObject({
      message: 'No API key is known for channel channel-001: create one with createApiKey or configure CHANNEL_API_KEYS',
      extensions: { code: 'MISSING_API_KEY', channelId: 'channel-001' },
    });
    const rateLimited = new RateLimitedError('slow down', 7);
    expect(rateLimited.retryAfterSeconds).toBe(7);
    expect(rateLimited.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 7 });
    expect(new MediaBlockedError('channel-001', 42)).toMatchObject({
      message:
        'Refusing a media request for channel channel-001: more than 5 media requests failed within the hour, so the upstream blocks media downloads for this number',
      extensions: { code: 'MEDIA_BLOCKED', retryAfterSeconds: 42 },
    });
    expect(new StoreUnavailableError()).toMatchObject({
      message: 'The shared store (Redis) is not answering; retry shortly',
      extensions: { code: 'UPSTREAM_UNAVAILABLE', store: 'redis' },
    });
    expect(new UpstreamUnavailableError('down').extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(new CursorExpiredError('after')).toMatchObject({
      message: 'The cursor is older than the event retention window; resynchronise from Channel.events without `after`',
      extensions: { code: 'CURSOR_EXPIRED', field: 'after' },
    });
  });

  it('BAD_USER_INPUT names its field; several at once carry every problem, the first one as the field', () => {
    const single = new BadUserInputError('too long', 'input.text.body');
    expect(single.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.text.body' });
    const several = new BadUserInputErrors([single, new BadUserInputError('missing', 'input.to')]);
    expect(several.message).toBe('too long; missing');
    expect(several.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'input.text.body',
      problems: [
        { message: 'too long', field: 'input.text.body' },
        { message: 'missing', field: 'input.to' },
      ],
    });
  });
});

describe('InputChecks', () => {
  it("returns each rule's result and throws nothing when every rule passes", () => {
    const checks = new InputChecks();
    expect(checks.check(() => 42)).toBe(42);
    expect(() => checks.done()).not.toThrow();
  });

  it('throws a single refusal as itself, several together, and any other failure at once', () => {
    const one = new InputChecks();
    const refusal = new BadUserInputError('bad', 'input.a');
    expect(
      one.check(() => {
        throw refusal;
      }),
    ).toBeUndefined();
    expect(() => one.done()).toThrow(refusal);

    const many = new InputChecks();
    many.check(() => {
      throw refusal;
    });
    many.check(() => {
      throw new BadUserInputErrors([new BadUserInputError('b', 'input.b'), new BadUserInputError('c', 'input.c')]);
    });
    let thrown: unknown;
    try {
      many.done();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BadUserInputErrors);
    expect((thrown as BadUserInputErrors).problems.map((problem) => problem.field)).toEqual(['input.a', 'input.b', 'input.c']);

    const bug = new TypeError('not a refusal');
    expect(() =>
      new InputChecks().check(() => {
        throw bug;
      }),
    ).toThrow(bug);
  });
});
