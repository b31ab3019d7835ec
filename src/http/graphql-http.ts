import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type BaseContext, type HTTPGraphQLResponse } from '@apollo/server';
import type { JsonShapeLimits } from '../lib/json-shape.js';
import { ShareUsedUpError } from '../store/fair-share.js';
import { assertUtf8, HttpRefusal, readBody, releaseUnreadBody, requestIdOf, sendJson } from './request.js';

/** Node-style middleware (`cors`, tracing) run before the operation; each calls `next` to go on. */
export type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface GraphQLHttpOptions<TContext extends BaseContext> {
  bodyLimitBytes: number;
  /** Structure a JSON body may hold, checked as it is read, before it is parsed. */
  bodyShape: JsonShapeLimits;
  middleware: Middleware[];
  /** Whose share the request is charged to, from its headers and address (read once, while the connection is there). */
  shareKeyOf(request: IncomingMessage): string;
  /** Takes the caller's in-flight slot before the body is read; returns its release. Throws ShareUsedUpError when the caller's share is used up. */
  enter(shareKey: string): () => void;
  /** Refusals of one caller out of budget that may wait at once for the budget to refill; past them the refusal is immediate and closes its connection. */
  maxHeldRefusalsPerCaller: number;
  /**
   * Charges a body refused for its size, structure, encoding or syntax to its caller's share as
   * `operations` operations refused for their cost: one, and one more for each further MiB read.
   */
  chargeRefused(shareKey: string, operations: number): Promise<void>;
  context(request: IncomingMessage, requestId: string, shareKey: string): Promise<TContext>;
  /** Counts a request refused before Apollo saw it (hubgraph_graphql_http_refusals_total). */
  countRefusal(reason: 'budget' | 'budget_at_once' | 'in_flight' | 'body', status: number): void;
  /** A failure outside Apollo's own handling (a bug): the caller gets a bare 500. */
  onUnexpectedError(error: unknown, requestId: string): void;
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType?.startsWith('application/') === true && mediaType.endsWith('+json'));
}

/** JSON bodies are parsed; any other body is left to Apollo, which refuses it (CSRF or content type). */
async function parsedBody(request: IncomingMessage, limit: number, shape: JsonShapeLimits): Promise<unknown> {
  if (request.method !== 'POST') return undefined;
  const json = isJson(request.headers['content-type']);
  const text = await readBody(request, limit, json ? shape : undefined);
  if (!json) return undefined;
  assertUtf8(request.headers['content-type']);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpRefusal(400, 'The request body is not valid JSON', text.length);
  }
}

function headerMap(request: IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

async function send(response: ServerResponse, answer: HTTPGraphQLResponse): Promise<void> {
  for (const [name, value] of answer.headers) response.setHeader(name, value);
  response.statusCode = answer.status ?? 200;
  if (answer.body.kind === 'complete') {
    response.end(answer.body.string);
    return;
  }
  for await (const chunk of answer.body.asyncIterator) response.write(chunk);
  response.end();
}

/**
 * A caller refused at the door may be flooding: a body larger than an ordinary operation is not
 * read to keep its connection, which closes after the 429 (reconnecting is the caller's cost).
 */
const REFUSED_CALLER_DISCARD_LIMIT_BYTES = 64 * 1024;

/** Node's timers and Date.now() round apart by up to a millisecond: an answer held a little past the refill finds the budget refilled. */
const REFILL_MARGIN_MS = 5;

/**
 * Each MiB of a refused body past the first is charged as one more refusal: reading and holding a
 * body costs the gateway by its size, and one read to the 7 MB limit (default MEDIA_INLINE_MAX_BYTES)
 * takes a default budget (MAX_COST_PER_SECOND_PER_CALLER) whole. A body refused by its Content-Length
 * costs as much as the same body chunked, read to the limit: it is not read, but its connection closes
 * after the answer, and each new one a sender of such bodies opens takes in a buffer-full of it.
 */
const CHARGED_BYTES_PER_REFUSAL = 1024 * 1024;

function refusalsCharged(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / CHARGED_BYTES_PER_REFUSAL));
}

function refuse(response: ServerResponse, status: number, message: string, bodyUnread = false): void {
  sendJson(response, status, { errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }, { bodyUnread });
}

/**
 * /graphql served on node:http, Apollo's documented integration API
 * (`executeHTTPGraphQLRequest`) without Express in front. Express's router, body-parser and
 * `res.send` (which hashes every answer for an ETag) cost about 40% of a cached query's CPU in
 * bench scenario 3, the request's hot path; Express still serves every other route.
 */
export function graphqlHttpHandler<TContext extends BaseContext>(
  apollo: ApolloServer<TContext>,
  options: GraphQLHttpOptions<TContext>,
): (request: IncomingMessage, response: ServerResponse) => void {
  const refuseAtDoor = (request: IncomingMessage, response: ServerResponse, error: ShareUsedUpError) => {
    releaseUnreadBody(request, response, REFUSED_CALLER_DISCARD_LIMIT_BYTES);
    sendJson(
      response,
      429,
      { errors: [{ message: error.message, extensions: { code: error.code, retryAfterSeconds: error.retryAfterSeconds } }] },
      { headers: { 'retry-after': String(error.retryAfterSeconds) } },
    );
  };
  /** Each caller's refusals waiting for its budget to refill. */
  const held = new Map<string, number>();
  /**
   * A caller out of budget is answered when its budget refills (at most a second), not at once:
   * a client that keeps its connections busy with requests it was told to hold back (Retry-After)
   * gets one answer per connection per refill instead of thousands a second, each costing the
   * gateway a request's headers, an answer and often a new connection. nginx's limit_req delays
   * excess requests the same way. Its body stays unread meanwhile, so a sender of large bodies
   * waits on its own connection. Past maxHeldRefusalsPerCaller, the answer is immediate and the
   * connection closes; a refusal for operations in flight is answered at once.
   */
  const holdUntilRefill = (request: IncomingMessage, response: ServerResponse, error: ShareUsedUpError, shareKey: string) => {
    const waiting = held.get(shareKey) ?? 0;
    if (error.budgetRefillsInMs === undefined) {
      options.countRefusal('in_flight', 429);
      refuseAtDoor(request, response, error);
      return;
    }
    if (waiting >= options.maxHeldRefusalsPerCaller) {
      options.countRefusal('budget_at_once', 429);
      response.shouldKeepAlive = false;
      refuseAtDoor(request, response, error);
      return;
    }
    options.countRefusal('budget', 429);
    held.set(shareKey, waiting + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      const left = (held.get(shareKey) ?? 1) - 1;
      if (left > 0) held.set(shareKey, left);
      else held.delete(shareKey);
    };
    const timer = setTimeout(() => {
      release();
      // The body deadline (408) may have answered meanwhile.
      if (!response.writableEnded) refuseAtDoor(request, response, error);
    }, error.budgetRefillsInMs + REFILL_MARGIN_MS);
    response.once('close', release);
  };
  const execute = async (request: IncomingMessage, response: ServerResponse, requestId: string) => {
    const shareKey = options.shareKeyOf(request);
    let leave: () => void;
    try {
      leave = options.enter(shareKey);
    } catch (error) {
      if (!(error instanceof ShareUsedUpError)) throw error;
      holdUntilRefill(request, response, error, shareKey);
      return;
    }
    response.once('close', leave);
    try {
      const body = await parsedBody(request, options.bodyLimitBytes, options.bodyShape);
      const search = request.url!.includes('?') ? request.url!.slice(request.url!.indexOf('?')) : '';
      const answer = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: request.method!.toUpperCase(), headers: headerMap(request), search, body },
        context: () => options.context(request, requestId, shareKey),
      });
      await send(response, answer);
    } catch (error) {
      if (error instanceof HttpRefusal) {
        // Charged before the answer: a caller flooding refused bodies meets the door on its next request.
        options.countRefusal('body', error.status);
        await options.chargeRefused(shareKey, refusalsCharged(error.bytesRefused));
        refuse(response, error.status, error.message, error.bodyUnread);
      } else {
        options.onUnexpectedError(error, requestId);
        refuse(response, 500, 'Internal server error');
      }
    }
  };
  return (request, response) => {
    const requestId = requestIdOf(request);
    response.setHeader('x-request-id', requestId);
    const run = (index: number): void => {
      const middleware = options.middleware[index];
      if (middleware) middleware(request, response, () => run(index + 1));
      else void execute(request, response, requestId);
    };
    run(0);
  };
}

/** `/graphql` and `/graphql?…` (and a trailing slash), the paths Express's mount matched for Apollo. */
export function isGraphqlPath(url: string | undefined, path: string): boolean {
  if (!url?.startsWith(path)) return false;
  const rest = url.slice(path.length);
  return rest === '' || rest === '/' || rest.startsWith('?') || rest.startsWith('/?');
}
