import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { decoderFor } from '../lib/content-encoding.js';
import { JsonShapeError, JsonShapeScanner, type JsonShapeLimits } from '../lib/json-shape.js';

/* What the routes served on node:http (/graphql, webhooks) read from a request (its id, its body) and how they answer in JSON. */

/** A caller's X-Request-Id is kept when it is a plain token (it ends up in logs and upstream headers). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * A request refused for its body (size, encoding, charset, syntax), with the status to answer, how much of the body was
 * read, and how large the refusal knows it to be: what was read, or, for a body refused by its Content-Length before any
 * of it was read, the limit (as far as the same body sent chunked is read before its refusal).
 */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly bytesRead = 0,
    readonly bytesRefused = bytesRead,
  ) {
    super(message);
  }

  /** Refused as too large while it was still arriving: the rest of the body was never read. */
  get bodyUnread(): boolean {
    return this.status === 413;
  }
}

function decoded(request: IncomingMessage): Readable {
  const encoding = request.headers['content-encoding'];
  const decoder = decoderFor(encoding);
  if (decoder === undefined) return request;
  if (decoder === null) throw new HttpRefusal(415, `Unsupported Content-Encoding: ${encoding}`);
  return request.pipe(decoder);
}

/**
 * The whole (decoded) body, refused with 413 as soon as it grows over the limit (by its
 * Content-Length before anything is read). With `shape`, a JSON body is also refused with 413 as
 * soon as the chunks read so far hold more values or deeper nesting than allowed: its structure is
 * bounded before JSON.parse builds it, and a chunked body stops being read at that point.
 */
export async function readBody(request: IncomingMessage, limit: number, shape?: JsonShapeLimits): Promise<string> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw new HttpRefusal(413, `The request body is larger than ${limit} bytes`, 0, limit);
  const scanner = shape && new JsonShapeScanner(shape);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of decoded(request) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new HttpRefusal(413, `The request body is larger than ${limit} bytes`, size);
      scanner?.feed(chunk);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof JsonShapeError) throw new HttpRefusal(413, error.message, size);
    // A body that does not inflate (or a connection that broke off) is the caller's problem, not a 500.
    throw error instanceof HttpRefusal ? error : new HttpRefusal(400, 'The request body could not be read', size);
  }
  return chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8');
}

/** The most of a refused body that is read and dropped to keep the connection; past it the connection closes. */
export const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Before answering a request refused without reading its whole body: the rest is read and
 * dropped, so the next request on the connection is answered. A reader that stopped half-way
 * (an async iterator) leaves a 'readable' listener, which would keep the body paused (and Node's
 * own dump skips a body already being consumed). A body declared larger than `discardLimit`
 * (DISCARD_LIMIT_BYTES unless the caller is refused for flooding), or of unknown length, is not
 * worth reading: the answer says `Connection: close` and the connection closes after it.
 */
export function releaseUnreadBody(request: IncomingMessage, response: ServerResponse, discardLimit = DISCARD_LIMIT_BYTES): void {
  // Received whole (complete) is not enough: what sits unread in the stream's buffer holds the socket paused.
  if (request.readableEnded) return;
  const declared = Number(request.headers['content-length']);
  if (!request.complete && !(declared <= discardLimit)) response.shouldKeepAlive = false;
  request.removeAllListeners('readable');
  request.unpipe();
  // A 'data' listener keeps it flowing whatever the order in which Node settles the listeners removed above.
  request.on('data', discard);
  request.resume();
}

function discard(): void {
  // The refused body's bytes go nowhere.
}

/**
 * Slow bodies cost only their sender: a request whose body has not fully arrived `ms` after its
 * headers is answered 408 and its connection closed (Node's own headersTimeout bounds the headers;
 * its requestTimeout stays as long as a streamed media upload may take, so it cannot serve here).
 */
export function enforceBodyDeadline(request: IncomingMessage, response: ServerResponse, ms: number): void {
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return;
  const timer = setTimeout(() => {
    if (request.complete) return;
    response.shouldKeepAlive = false;
    sendJson(response, 408, { error: { code: 'BAD_USER_INPUT', message: `The request body did not arrive within ${ms} ms` } });
    request.destroy();
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  request.once('end', clear);
  response.once('close', clear);
}

/** 415 unless the Content-Type names no charset or UTF-8. */
export function assertUtf8(contentType: string | undefined): void {
  const charset = /;\s*charset=([^;\s]+)/i
    .exec(contentType ?? '')?.[1]
    ?.replace(/"/g, '')
    .toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw new HttpRefusal(415, `Unsupported charset: ${charset}`);
}

/**
 * A JSON answer. `bodyUnread`: the request's body was not read to its end, so the connection closes
 * after this answer instead of reading the rest. An answer that has already begun (a failure
 * mid-stream) cannot be replaced: the connection is cut instead.
 */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  options: { headers?: Record<string, string>; bodyUnread?: boolean } = {},
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  if (options.bodyUnread) response.shouldKeepAlive = false;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...options.headers });
  response.end(JSON.stringify(body));
}
