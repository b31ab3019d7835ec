import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError } from 'graphql';
import { UpstreamClient } from '../../src/datasources/http.js';
import { RequestNotSentError, UpstreamRequestError, UpstreamTimeoutError } from '../../src/datasources/upstream-errors.js';
import { pathFromUpstream } from '../../src/datasources/upstream-path.js';
import {
  BadUserInputError,
  BadUserInputErrors,
  CursorExpiredError,
  describeUpstreamBody,
  ErrorCode,
  errorFromUpstreamBody,
  errorFromUpstreamResponse,
  ForbiddenError,
  formatGraphQLError,
  HubgraphError,
  InputChecks,
  MediaBlockedError,
  MissingApiKeyError,
  NothingSentError,
  NotFoundError,
  RateLimitedError,
  StoreUnavailableError,
  toGraphQLError,
  UnauthenticatedError,
  UnsupportedForHostingError,
  UpstreamUnavailableError,
} from '../../src/errors.js';
import { retryAfterSeconds } from '../../src/lib/retry-after.js';

/** Real failures of the gateway's HTTP client (HTTP error, timeout, connection) from a local server, one path per case. */
const answers: Record<string, (response: ServerResponse) => void> = {
  '/401': (response) => json(response, 401, { error: { code: 401, message: 'invalid token' } }),
  '/403': (response) => json(response, 403, { error: { code: 403, message: 'not your partner' } }),
  '/404': (response) => json(response, 404, { error: { code: 404, message: 'no such client' } }),
  '/429': (response) => json(response, 429, { error: { code: 429, message: 'slow down' } }, { 'retry-after': '7' }),
  '/429-bare': (response) => json(response, 429, {}),
  '/503': (response) => json(response, 503, { error: { code: 503, message: 'maintenance' } }),
  '/500-text': (response) => {
    response.writeHead(500, { 'content-type': 'text/plain' });
    response.end('internal failure');
  },
  '/2048': (response) => json(response, 400, { errors: [{ code: 2048, title: 'Contact not engaged', details: 'no message in 24 hours' }] }),
  '/1009': (response) => json(response, 400, { errors: [{ code: 1009, title: 'Parameter value is not valid', details: 'bad phone' }] }),
  '/422': (response) => json(response, 422, { errors: [{ code: 131_000, title: 'Something went wrong' }] }),
  '/slow': () => undefined,
};

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    answers[request.url ?? '']?.(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const SECRET = 'Bearer unit-secret-token-123';

/** The error the gateway's client throws for a call, with credential headers that must never surface. */
async function failure(path: string, options: { method?: 'GET' | 'POST'; url?: string } = {}): Promise<unknown> {
  const client = new UpstreamClient({ upstream: 'partner', prefixUrl: options.url ?? base, timeoutMs: 150, retries: 0 });
  try {
    await client.json({
      method: options.method ?? 'GET',
      endpoint: 'A1',
      path: pathFromUpstream(path),
      headers: { authorization: SECRET, 'svc-api-key': 'unit-api-key-456' },
    });
  } catch (error) {
    return error;
  } finally {
    await client.close();
  }
  throw new Error(`expected ${path} to fail`);
}

function expectNoSecret(error: GraphQLError) {
  const serialised = JSON.stringify({ message: error.message, extensions: error.extensions });
  expect(serialised).not.toContain('unit-secret-token');
  expect(serialised).not.toContain('unit-api-key');
}

describe('toGraphQLError: the one upstream-failure mapping', () => {
  it.each([
    ['/401', ErrorCode.Unauthenticated, 'invalid token'],
    ['/403', ErrorCode.Forbidden, 'not your partner'],
    ['/404', ErrorCode.NotFound, 'no such client'],
  ])('maps HTTP %s to %s with the upstream details', async (path, code, title) => {
    const error = toGraphQLError(await failure(path), 'A1');
    expect(error.extensions.code).toBe(code);
    expect(error.extensions.upstream).toEqual({ endpoint: 'A1', status: Number(path.slice(1)), code: Number(path.slice(1)), title, details: undefined });
    expect(error.message).not.toMatch(/A1|HTTP/);
    expect(error.message).toContain(title);
    expectNoSecret(error);
  });

  it('maps 429 to RATE_LIMITED with retryAfterSeconds from Retry-After', async () => {
    const error = toGraphQLError(await failure('/429'), 'A2');
    expect(error.extensions).toEqual({ code: ErrorCode.RateLimited, retryAfterSeconds: 7 });
    expect(error.message).toContain('retry in 7 s');
  });

  it('falls back to 1 second when a 429 has no Retry-After', async () => {
    expect(toGraphQLError(await failure('/429-bare'), 'A2').extensions).toEqual({ code: ErrorCode.RateLimited, retryAfterSeconds: 1 });
  });

  it('maps 5xx to UPSTREAM_UNAVAILABLE, with JSON or text bodies', async () => {
    const json = toGraphQLError(await failure('/503'), 'A4');
    expect(json.extensions).toMatchObject({ code: ErrorCode.UpstreamUnavailable, upstream: { endpoint: 'A4', status: 503, title: 'maintenance' } });
    const text = toGraphQLError(await failure('/500-text'), 'A4');
    expect(text.extensions).toMatchObject({ code: ErrorCode.UpstreamUnavailable, upstream: { endpoint: 'A4', status: 500 } });
    expectNoSecret(json);
    expectNoSecret(text);
  });

  it('maps the on-premise 2048 body to NOT_ENGAGED and 1009 to INVALID_PARAMETER', async () => {
    const notEngaged = toGraphQLError(await failure('/2048'), 'B1');
    expect(notEngaged.extensions).toEqual({
      code: ErrorCode.NotEngaged,
      upstream: { endpoint: 'B1', status: 400, code: 2048, title: 'Contact not engaged', details: 'no message in 24 hours' },
    });
    const invalid = toGraphQLError(await failure('/1009'), 'B5');
    expect(invalid.extensions).toMatchObject({ code: ErrorCode.InvalidParameter, upstream: { code: 1009, title: 'Parameter value is not valid' } });
    expect(invalid.message).toContain('bad phone');
  });

  it('maps any other rejection to UPSTREAM_ERROR with extensions.upstream', async () => {
    const error = toGraphQLError(await failure('/422'), 'B2');
    expect(error.extensions).toEqual({
      code: ErrorCode.UpstreamError,
      upstream: { endpoint: 'B2', status: 422, code: 131_000, title: 'Something went wrong', details: undefined },
    });
  });

  it('maps a read timeout to UPSTREAM_UNAVAILABLE', async () => {
    const error = toGraphQLError(await failure('/slow'), 'A1');
    expect(error.extensions).toEqual({ code: ErrorCode.UpstreamUnavailable, endpoint: 'A1' });
    expect(error.message).toContain('timed out');
    expectNoSecret(error);
  });

  it('maps a write timeout to UPSTREAM_UNAVAILABLE with an unknown outcome', async () => {
    const error = toGraphQLError(await failure('/slow', { method: 'POST' }), 'A6', { write: true });
    expect(error.extensions).toEqual({ code: ErrorCode.UpstreamUnavailable, endpoint: 'A6', outcome: 'UNKNOWN' });
    expect(error.message).toContain('outcome is unknown');
  });

  it('maps connection refused to UPSTREAM_UNAVAILABLE; a refused write was never sent, so its outcome is known', async () => {
    const read = toGraphQLError(await failure('/x', { url: 'http://127.0.0.1:9' }), 'A4');
    expect(read.extensions).toEqual({ code: ErrorCode.UpstreamUnavailable, endpoint: 'A4' });
    expect(read.message).toContain('ECONNREFUSED');
    const write = toGraphQLError(await failure('/x', { url: 'http://127.0.0.1:9', method: 'POST' }), 'A7', { write: true });
    expect(write.extensions).toEqual({ code: ErrorCode.UpstreamUnavailable, endpoint: 'A7' });
  });

  it('passes GraphQL errors through and hides anything else behind UPSTREAM_UNAVAILABLE', () => {
    const own = new NotFoundError('Channel x not found');
    expect(toGraphQLError(own, 'A4')).toBe(own);
    const unexpected = toGraphQLError(new Error(`boom ${SECRET}`), 'C');
    expect(unexpected.extensions).toEqual({ code: ErrorCode.UpstreamUnavailable, endpoint: 'C' });
    expectNoSecret(unexpected);
  });
});

describe('errorFromUpstreamBody (also for 200 answers carrying errors)', () => {
  it('reads the on-premise errors array even with status 200', () => {
    const error = errorFromUpstreamBody('B5', 200, JSON.stringify({ errors: [{ code: 1009, title: 'Invalid' }] }));
    expect(error.extensions.code).toBe(ErrorCode.InvalidParameter);
  });

  it('reads string and message shapes', () => {
    expect(errorFromUpstreamBody('A9', 400, { error: 'bad url' }).extensions.upstream).toMatchObject({ title: 'bad url' });
    expect(errorFromUpstreamBody('A9', 400, { message: 'bad url', code: 'E1' }).extensions.upstream).toMatchObject({ title: 'bad url', code: 'E1' });
    expect(errorFromUpstreamBody('A9', 400, 'not json').extensions).toMatchObject({ code: ErrorCode.UpstreamError, upstream: { status: 400 } });
  });
});

describe('one code per meaning, whatever the hosting', () => {
  it.each([
    ['cloud 131047', 131047, { error: { code: 131047, message: 'Re-engagement message' } }],
    ['on-premise 470', 470, { errors: [{ code: 470, title: 'Message failed to send because more than 24 hours have passed' }] }],
  ])('maps %s to SERVICE_WINDOW_CLOSED', (_name, code, body) => {
    const error = errorFromUpstreamBody('B1', 400, body);
    expect(error.extensions.code).toBe(ErrorCode.ServiceWindowClosed);
    expect(error.extensions.upstream).toMatchObject({ endpoint: 'B1', status: 400, code });
  });

  it.each([
    ['cloud 100', { error: { code: 100, message: 'Invalid parameter' } }],
    ['on-premise 1009', { errors: [{ code: 1009, title: 'Parameter value is not valid' }] }],
  ])('maps %s to INVALID_PARAMETER', (_name, body) => {
    expect(errorFromUpstreamBody('B1', 400, body).extensions.code).toBe(ErrorCode.InvalidParameter);
  });

  it('maps cloud 131062 (a user id this message may not go to) to RECIPIENT_NOT_SUPPORTED', () => {
    const error = errorFromUpstreamBody('B1', 400, { error: { code: 131062, message: 'Business-scoped user ID recipients not supported' } });
    expect(error.extensions).toMatchObject({ code: ErrorCode.RecipientNotSupported, upstream: { endpoint: 'B1', status: 400, code: 131062 } });
    expect(error.message).toMatch(/^This message cannot be sent to a business-scoped user id: send it to the phone number/);
  });

  it('writes messages for people: no endpoint id or HTTP status in them, both kept in extensions.upstream', () => {
    const error = errorFromUpstreamBody('B4', 400, { error: { code: 33, message: 'Bad field' } });
    expect(error.message).toBe('The upstream refused the request: Bad field');
    expect(error.extensions.upstream).toMatchObject({ endpoint: 'B4', status: 400, code: 33, title: 'Bad field' });
  });
});

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

describe('toGraphQLError: a request the gateway could not build', () => {
  it('is INTERNAL_SERVER_ERROR saying nothing was sent, never an unknown outcome, and keeps its message through formatting', () => {
    const error = toGraphQLError(new RequestNotSentError('the JSON body could not be serialised (RangeError)'), 'B1', { write: true });
    expect(error.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', endpoint: 'B1', sent: false });
    expect(error.message).toMatch(/nothing was sent/);
    expect(formatGraphQLError(error.toJSON(), error).message).toMatch(/nothing was sent/);
  });

  it('masks any other internal error and names the field of a refused variable', () => {
    const bug = new GraphQLError('ENOENT /home/app/secret.ts', { originalError: new TypeError('x'), extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(formatGraphQLError(bug.toJSON(), bug)).toEqual({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    const refused = { message: 'Variable "$input" got invalid value { a: [Object] } at "input.interactive"; too deep', extensions: { code: 'BAD_USER_INPUT' } };
    expect(formatGraphQLError(refused, undefined).extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.interactive' });
  });
});

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

describe('describeUpstreamBody', () => {
  it('reads the first of an errors array, an error object (title before message), or the top level', () => {
    expect(describeUpstreamBody({ errors: [{ code: 1, title: 'first', details: 'd1' }, { code: 2 }] })).toEqual({ code: 1, title: 'first', details: 'd1' });
    expect(describeUpstreamBody({ error: { code: 3, title: 'T', message: 'M', details: 'D' } })).toEqual({ code: 3, title: 'T', details: 'D' });
    expect(describeUpstreamBody({ error: { code: 3, message: 'M' } })).toEqual({ code: 3, title: 'M', details: undefined });
    expect(describeUpstreamBody({ title: 'T', message: 'M', code: 'E' })).toEqual({ code: 'E', title: 'T' });
    expect(describeUpstreamBody({ errors: [], message: 'M' })).toEqual({ code: undefined, title: 'M' });
    expect(describeUpstreamBody('{"error":"text"}')).toEqual({ code: undefined, title: 'text' });
    for (const body of [null, 5, 'not json', undefined]) expect(describeUpstreamBody(body)).toEqual({ code: undefined, title: undefined });
  });
});

describe('errorFromUpstreamBody messages and boundaries', () => {
  it('appends the upstream title and details to the message, or nothing without a title', () => {
    expect(errorFromUpstreamBody('A4', 404, { errors: [{ code: 9, title: 'No channel', details: 'channel-9' }] }).message).toBe(
      'Not found: No channel (channel-9)',
    );
    expect(errorFromUpstreamBody('A4', 404, { errors: [{ code: 9, details: 'channel-9' }] }).message).toBe('Not found');
    expect(errorFromUpstreamBody('A4', 403, {}).message).toBe('Access was denied');
    expect(errorFromUpstreamBody('A4', 401, { error: 'bad' }).message).toBe('The upstream refused the credentials: bad');
    expect(errorFromUpstreamBody('B1', 400, { errors: [{ code: 2048, title: 'Not engaged' }] }).message).toBe(
      'The contact has not written in the last 24 hours: Not engaged',
    );
    expect(errorFromUpstreamBody('B1', 400, { errors: [{ code: '470', title: 'x' }] })).toMatchObject({
      message: 'The 24-hour customer service window with this contact is closed: only an approved template can be sent until the contact writes again',
      extensions: { code: 'SERVICE_WINDOW_CLOSED' },
    });
    expect(errorFromUpstreamBody('B1', 400, { error: { code: 100, message: 'Bad to' } }).message).toBe('A parameter value was refused: Bad to');
    expect(errorFromUpstreamBody('A4', 502, { message: 'gateway' }).message).toBe('The upstream service failed; try again later: gateway');
  });

  it('counts 500 and above as unavailable, 499 as a refusal', () => {
    expect(errorFromUpstreamBody('A4', 500, {})).toBeInstanceOf(UpstreamUnavailableError);
    expect(errorFromUpstreamBody('A4', 499, {}).extensions.code).toBe('UPSTREAM_ERROR');
  });

  it('reads Retry-After of a 429 from the first of repeated headers', () => {
    const error = errorFromUpstreamResponse('A2', { statusCode: 429, headers: { 'retry-after': ['5', '9'] }, body: {} });
    expect(error.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 5 });
    expect(error.message).toBe('The upstream rate limit was reached; retry in 5 s');
    expect(errorFromUpstreamResponse('A2', { statusCode: 404, headers: {}, body: {} }).extensions.code).toBe('NOT_FOUND');
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

describe('toGraphQLError: writes that never reached the upstream', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])(
    '%s: the outcome is known (nothing was sent)',
    (code) => {
      const error = toGraphQLError(new UpstreamRequestError(code, 'failed'), 'B1', { write: true });
      expect(error.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE', endpoint: 'B1' });
      expect(error.message).toBe(`The upstream is unavailable (B1 failed (${code}))`);
    },
  );

  it('a write broken off after it was sent has an unknown outcome; the same failure of a read does not', () => {
    const reset = new UpstreamRequestError('ECONNRESET', 'socket hang up');
    const write = toGraphQLError(reset, 'B1', { write: true });
    expect(write.message).toBe('The request to B1 failed (ECONNRESET) after it was sent: the outcome is unknown; check before repeating it');
    expect(write.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE', endpoint: 'B1', outcome: 'UNKNOWN' });
    expect(toGraphQLError(reset, 'B1').extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE', endpoint: 'B1' });
    expect(toGraphQLError(new UpstreamTimeoutError(100), 'B1').message).toBe('The upstream is unavailable (B1 timed out)');
    expect(toGraphQLError(new Error('x'), 'B1').message).toBe('Unexpected failure calling B1');
    expect(toGraphQLError(new RequestNotSentError('bad header'), 'B1').message).toBe(
      'The gateway could not build the request to B1 (bad header): nothing was sent',
    );
  });
});

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
