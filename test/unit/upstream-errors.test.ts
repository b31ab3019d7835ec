import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError } from 'graphql';
import { UpstreamClient } from '../../src/datasources/http.js';
import {
  describeUpstreamBody,
  errorFromUpstreamBody,
  errorFromUpstreamResponse,
  RequestNotSentError,
  requestFailure,
  toGraphQLError,
  UpstreamRequestError,
  UpstreamTimeoutError,
} from '../../src/datasources/upstream-errors.js';
import { pathFromUpstream } from '../../src/datasources/upstream-path.js';
import { ErrorCode, NotFoundError, UpstreamUnavailableError } from '../../src/errors.js';
import { formatGraphQLError } from '../../src/http/format-error.js';

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
async function failure(path: string, options: { method?: 'GET' | 'POST'; url?: string; headers?: Record<string, string> } = {}): Promise<unknown> {
  const client = new UpstreamClient({ upstream: 'partner', prefixUrl: options.url ?? base, timeoutMs: 150, retries: 0 });
  try {
    await client.json({
      method: options.method ?? 'GET',
      endpoint: 'A1',
      path: pathFromUpstream(path),
      headers: { authorization: SECRET, 'svc-api-key': 'unit-api-key-456', ...options.headers },
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

/** Node's X509 certificate error codes (the tls docs' list) and checkServerIdentity's: all fail the handshake, before the request is written. */
const CERTIFICATE_FAILURES = [
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CRL_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CRL_NOT_YET_VALID',
  'CRL_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD',
  'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
  'OUT_OF_MEM',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
];

describe('was it sent? one verdict, carried on the failure', () => {
  it.each(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'ERR_INVALID_ARG_TYPE', 'ERR_INVALID_CHAR', 'ERR_INVALID_HTTP_TOKEN'])(
    '%s, refused before writing: the gateway’s fault, and a write with it reports nothing sent, never an unknown outcome',
    (code) => {
      const failure = requestFailure(code, 'refused');
      expect(failure).toBeInstanceOf(RequestNotSentError);
      expect(toGraphQLError(failure, 'B1', { write: true }).extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', endpoint: 'B1', sent: false });
      expect(new UpstreamRequestError(code, 'refused').sent).toBe(false);
      expect(toGraphQLError(new UpstreamRequestError(code, 'refused'), 'B1', { write: true }).extensions).toEqual({
        code: 'UPSTREAM_UNAVAILABLE',
        endpoint: 'B1',
      });
    },
  );

  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])(
    '%s, never connected: the upstream’s failure (it counts toward the circuit), and nothing was sent',
    (code) => {
      const failure = requestFailure(code, 'failed');
      expect(failure).toBeInstanceOf(UpstreamRequestError);
      expect((failure as UpstreamRequestError).sent).toBe(false);
    },
  );

  it.each(CERTIFICATE_FAILURES)(
    '%s, a server certificate refused in the handshake: the upstream’s failure (it counts toward the circuit), and a write with it reports nothing sent',
    (code) => {
      const failure = requestFailure(code, 'certificate refused');
      expect(failure).toBeInstanceOf(UpstreamRequestError);
      expect((failure as UpstreamRequestError).sent).toBe(false);
      const error = toGraphQLError(failure, 'B1', { write: true });
      expect(error.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE', endpoint: 'B1' });
      expect(error.message).toBe(`The upstream is unavailable (B1 failed (${code}))`);
    },
  );

  it.each([
    'ECONNRESET',
    'EPIPE',
    'UND_ERR_SOCKET',
    'ERR_BODY_PARSE_FAILURE',
    'ERR_UPSTREAM_REQUEST',
    // A TLS record or alert failure can break an established connection mid-request: not a certificate's.
    'ERR_SSL_DECRYPTION_FAILED_OR_BAD_RECORD_MAC',
    'ERR_SSL_SSLV3_ALERT_BAD_RECORD_MAC',
  ])('%s may have reached the upstream', (code) => {
    const failure = requestFailure(code, 'broken off');
    expect(failure).toBeInstanceOf(UpstreamRequestError);
    expect((failure as UpstreamRequestError).sent).toBe(true);
    expect(new UpstreamTimeoutError(100).sent).toBe(true);
  });

  it('a write undici refuses to build (a header name that is no HTTP token) reaches no upstream and says nothing was sent', async () => {
    const refused = await failure('/404', { method: 'POST', headers: { 'bad name': 'x' } });
    expect(refused).toBeInstanceOf(RequestNotSentError);
    const error = toGraphQLError(refused, 'B1', { write: true });
    expect(error.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', endpoint: 'B1', sent: false });
    expect(error.message).toMatch(/^The gateway could not build the request to B1 \(the request was refused before sending \(\w+\)\): nothing was sent$/);
  });
});
