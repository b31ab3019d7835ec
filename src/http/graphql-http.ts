import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type BaseContext, type HTTPGraphQLResponse } from '@apollo/server';
import { UnauthenticatedError } from '../errors.js';
import type { JsonShapeLimits } from '../lib/json-shape.js';
import type { FairShareDoor } from './fair-share-door.js';
import { assertUtf8, HttpRefusal, readBody, requestIdOf, sendJson } from './request.js';

/** Node-style middleware (`cors`, tracing) run before the operation; each calls `next` to go on. */
export type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface GraphQLHttpOptions<TContext extends BaseContext> {
  bodyLimitBytes: number;
  /** Structure a JSON body may hold, checked as it is read, before it is parsed. */
  bodyShape: JsonShapeLimits;
  middleware: Middleware[];
  /**
   * Whose share the request is charged to, from its headers and address (read once, while the connection is there);
   * throws UnauthenticatedError for a credential already known to be refused.
   */
  shareKeyOf(request: IncomingMessage): string;
  /** The fair-share door (fair-share-door.ts): a caller's slot taken before its body is read, refusals held or answered. */
  door: FairShareDoor;
  context(request: IncomingMessage, requestId: string, shareKey: string): Promise<TContext>;
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
  const execute = async (request: IncomingMessage, response: ServerResponse, requestId: string) => {
    let shareKey: string;
    try {
      shareKey = options.shareKeyOf(request);
    } catch (error) {
      if (!(error instanceof UnauthenticatedError)) throw error;
      options.door.refuseCredential(request, response, error);
      return;
    }
    if (!options.door.admit(request, response, shareKey)) return;
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
        await options.door.chargeBodyRefusal(shareKey, error);
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
