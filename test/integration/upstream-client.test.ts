import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { CircuitBreakers } from '../../src/datasources/circuit-breaker.js';
import { UpstreamClient, type UpstreamAttempt } from '../../src/datasources/http.js';
import { RequestNotSentError, UpstreamHttpError, UpstreamRequestError, UpstreamTimeoutError } from '../../src/datasources/upstream-errors.js';
import { pathFromUpstream, upstreamPath } from '../../src/datasources/upstream-path.js';
import { BadUserInputError } from '../../src/errors.js';

/** Two local servers: the upstream root, and another origin a redirect may name. */
interface Recorded {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
}

function startServer(handle: (request: IncomingMessage, response: ServerResponse) => void, seen: Recorded[]) {
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', method: request.method ?? '', headers: request.headers });
    handle(request, response);
  });
  return new Promise<{ server: Server; origin: string }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

const upstreamSeen: Recorded[] = [];
const otherSeen: Recorded[] = [];
let upstream: { server: Server; origin: string };
let other: { server: Server; origin: string };

const CREDENTIALS = { authorization: 'Bearer client-test-token', 'svc-api-key': 'client-test-key' };

beforeAll(async () => {
  other = await startServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('elsewhere');
  }, otherSeen);
  upstream = await startServer((request, response) => {
    const path = request.url ?? '';
    if (path.startsWith('/root/gzip')) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(gzipSync(JSON.stringify({ data: [{ id: 'client-001' }] })));
    } else if (path === '/root/media/same') {
      response.writeHead(308, { location: '/cdn/file?sig=1' });
      response.end();
    } else if (path === '/root/media/away') {
      response.writeHead(302, { location: `${other.origin}/file` });
      response.end();
    } else if (path.startsWith('/cdn/file')) {
      response.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' });
      response.end(gzipSync(Buffer.from('png bytes')));
    } else if (path === '/root/stall') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.write('first bytes');
    } else if (path === '/root/fault') {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"down"}}');
    } else if (path === '/root/upload') {
      request.resume();
      request.on('end', () => response.end('{}'));
    } else if (path === '/root/trickle') {
      // A JSON answer whose body arrives a space every 50 ms for 800 ms: no pause near the 300 ms timeout, the whole well past it.
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const timer = setInterval(() => {
        sent += 1;
        if (sent < 16) response.write(' ');
        else {
          clearInterval(timer);
          response.end('{"done":true}');
        }
      }, 50);
      response.on('close', () => clearInterval(timer));
    } else if (path === '/root/loop') {
      response.writeHead(302, { location: '/root/loop' });
      response.end();
    } else if (path === '/root/not-json') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>');
    } else {
      response.writeHead(404).end();
    }
  }, upstreamSeen);
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((http) => http.close()));
});

afterAll(async () => {
  for (const { server } of [upstream, other]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Closed after each test. */
const opened: UpstreamClient[] = [];

function client(options: { retries?: number; breakers?: CircuitBreakers; attempts?: UpstreamAttempt[] } = {}) {
  const http = new UpstreamClient({
    upstream: 'cloud',
    prefixUrl: `${upstream.origin}/root`,
    timeoutMs: 300,
    retries: options.retries ?? 0,
    ...(options.breakers && { breakers: options.breakers }),
    ...(options.attempts && { onResponse: (attempt: UpstreamAttempt) => options.attempts!.push(attempt) }),
  });
  opened.push(http);
  return http;
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('UpstreamClient (the gateway HTTP client on undici)', () => {
  it('asks for compression and decodes a gzip JSON answer; query parameters are appended', async () => {
    const http = client();
    const answer = await http.json<{ data: Array<{ id: string }> }>({
      method: 'GET',
      endpoint: 'A1',
      path: upstreamPath`gzip`,
      searchParams: new URLSearchParams({ filters: '{"id":"client-001"}' }),
      requestId: 'req-1',
    });
    expect(answer.body).toEqual({ data: [{ id: 'client-001' }] });
    const seen = upstreamSeen.at(-1)!;
    expect(seen.url).toBe(`/root/gzip?filters=${encodeURIComponent('{"id":"client-001"}')}`);
    expect(seen.headers['accept-encoding']).toContain('gzip');
    expect(seen.headers.accept).toBe('application/json');
    expect(seen.headers['x-request-id']).toBe('req-1');
  });

  it('follows a same-origin redirect of a stream with its credentials, and decodes the file', async () => {
    const http = client();
    const answer = await http.stream({ endpoint: 'B3', path: upstreamPath`media/same`, headers: CREDENTIALS });
    expect(answer.statusCode).toBe(200);
    expect(await text(answer.body)).toBe('png bytes');
    expect(upstreamSeen.at(-1)).toMatchObject({ url: '/cdn/file?sig=1', headers: CREDENTIALS });
  });

  it('drops every credential when a redirect names another origin', async () => {
    const http = client();
    const answer = await http.stream({ endpoint: 'B3', path: upstreamPath`media/away`, headers: CREDENTIALS });
    expect(await text(answer.body)).toBe('elsewhere');
    const seen = otherSeen.at(-1)!;
    expect(seen.url).toBe('/file');
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers['svc-api-key']).toBeUndefined();
  });

  it('gives up after 5 redirects of a stream, and refuses any redirect of a JSON exchange', async () => {
    const http = client();
    const before = upstreamSeen.length;
    const looped = await http.stream({ endpoint: 'B3', path: upstreamPath`loop` }).catch((failure: unknown) => failure);
    expect(looped).toMatchObject({ code: 'ERR_TOO_MANY_REDIRECTS' });
    expect(upstreamSeen.length - before).toBe(6);
    const moved = await http.json({ method: 'POST', endpoint: 'A6', path: upstreamPath`loop`, json: {} }).catch((failure: unknown) => failure);
    expect(moved).toBeInstanceOf(UpstreamHttpError);
    expect((moved as UpstreamHttpError).statusCode).toBe(302);
    expect(upstreamSeen.length - before).toBe(7);
  });

  it('ends a stalled stream with an error once the transfer timeout has passed', async () => {
    const http = client();
    const answer = await http.stream({ endpoint: 'B3', path: upstreamPath`stall`, timeoutMs: 1_000 });
    await expect(text(answer.body)).rejects.toThrow();
  });

  it('bounds a write by its whole exchange, a read by its headers and every pause in its body', async () => {
    const http = client();
    const read = await http.json<{ done: boolean }>({ method: 'GET', endpoint: 'A1', path: upstreamPath`trickle` });
    expect(read.body).toEqual({ done: true });
    const write = await http.json({ method: 'POST', endpoint: 'A6', path: upstreamPath`trickle`, json: {} }).catch((failure: unknown) => failure);
    expect(write).toBeInstanceOf(UpstreamTimeoutError);
  });

  it.each([
    ['times out a read whose body stalls', 'stall', 'ETIMEDOUT', UpstreamTimeoutError],
    ['refuses a 2xx answer that is not JSON', 'not-json', 'ERR_BODY_PARSE_FAILURE', UpstreamRequestError],
  ])('%s (GET %s → %s)', async (_case, path, code, type) => {
    const error = await client()
      .json({ method: 'GET', endpoint: 'A1', path: pathFromUpstream(path) })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(type);
    expect((error as UpstreamRequestError).code).toBe(code);
  });

  it('retries a GET but never a POST, reporting every attempt with its retry count', async () => {
    const attempts: UpstreamAttempt[] = [];
    const http = client({ retries: 1, attempts });
    const read = await http.json({ method: 'GET', endpoint: 'A1', path: upstreamPath`fault` }).catch((failure: unknown) => failure);
    expect(read).toBeInstanceOf(UpstreamHttpError);
    expect((read as UpstreamHttpError).body).toEqual({ error: { message: 'down' } });
    expect(attempts.map((attempt) => [attempt.method, attempt.status, attempt.retryCount])).toEqual([
      ['GET', 503, 0],
      ['GET', 503, 1],
    ]);
    attempts.length = 0;
    await expect(http.json({ method: 'POST', endpoint: 'A6', path: upstreamPath`fault`, json: {} })).rejects.toBeInstanceOf(UpstreamHttpError);
    expect(attempts.map((attempt) => [attempt.method, attempt.status])).toEqual([['POST', 503]]);
  });

  it('counts upstream faults in the breaker and, once open, sends nothing', async () => {
    const breaker = new CircuitBreakers({ upstream: 'cloud', threshold: 2, cooldownMs: 60_000 });
    const http = client({ breakers: breaker });
    for (let call = 0; call < 2; call += 1) {
      await expect(http.json({ method: 'GET', endpoint: 'B1', path: upstreamPath`fault` })).rejects.toBeInstanceOf(UpstreamHttpError);
    }
    expect(breaker.worst).toBe('open');
    const before = upstreamSeen.length;
    await expect(http.json({ method: 'GET', endpoint: 'B1', path: upstreamPath`fault` })).rejects.toMatchObject({ extensions: { circuit: 'open' } });
    expect(upstreamSeen).toHaveLength(before);
  });

  it('keeps one circuit per credential: one tenant failing pauses only its own calls', async () => {
    const breakers = new CircuitBreakers({ upstream: 'cloud', threshold: 2, cooldownMs: 60_000 });
    const http = client({ breakers });
    const failing = { 'svc-api-key': 'tenant-one-key' };
    for (let call = 0; call < 2; call += 1) {
      await expect(http.json({ method: 'GET', endpoint: 'B1', path: upstreamPath`fault`, headers: failing })).rejects.toBeInstanceOf(UpstreamHttpError);
    }
    await expect(http.json({ method: 'GET', endpoint: 'B1', path: upstreamPath`fault`, headers: failing })).rejects.toMatchObject({
      extensions: { circuit: 'open' },
    });
    // Another tenant's calls still reach the upstream (and fail on their own merits).
    const before = upstreamSeen.length;
    await expect(http.json({ method: 'GET', endpoint: 'B1', path: upstreamPath`gzip`, headers: { 'svc-api-key': 'tenant-two-key' } })).resolves.toMatchObject({
      statusCode: 200,
    });
    expect(upstreamSeen).toHaveLength(before + 1);
    expect(breakers.worst).toBe('open');
  });

  it('a request the gateway cannot build is refused before sending and never counts against the upstream', async () => {
    const breakers = new CircuitBreakers({ upstream: 'cloud', threshold: 1, cooldownMs: 60_000 });
    const http = client({ breakers });
    const before = upstreamSeen.length;
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(http.json({ method: 'POST', endpoint: 'B1', path: upstreamPath`upload`, json: cyclic })).rejects.toBeInstanceOf(RequestNotSentError);
    await expect(
      http.json({ method: 'POST', endpoint: 'B1', path: upstreamPath`upload`, json: {}, headers: { authorization: 'Bearer x\r\nX-Injected: 1' } }),
    ).rejects.toBeInstanceOf(RequestNotSentError);
    expect(upstreamSeen).toHaveLength(before);
    expect(breakers.worst).toBe('closed');
    await expect(http.json({ method: 'POST', endpoint: 'B1', path: upstreamPath`upload`, json: {} })).resolves.toMatchObject({ statusCode: 200 });
  });

  it("hands back the caller's own body failure as it is, without counting it against the upstream", async () => {
    const breaker = new CircuitBreakers({ upstream: 'cloud', threshold: 1, cooldownMs: 60_000 });
    const http = client({ breakers: breaker });
    const refusal = new BadUserInputError('too large', 'file');
    const body = Readable.from(
      (async function* () {
        yield Buffer.from('part one');
        throw refusal;
      })(),
    );
    const error = await http.json({ method: 'POST', endpoint: 'B3', path: upstreamPath`upload`, body, retryLimit: 0 }).catch((failure: unknown) => failure);
    expect(error).toBe(refusal);
    expect(breaker.worst).toBe('closed');
  });
});
