import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** A request the gateway leaves unanswered this long fails its scenario instead of stalling the run. */
const REQUEST_TIMEOUT_MS = 15_000;

/** One keep-alive agent for all sequential timings, so connection set-up is never part of a sample. */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export interface HttpAnswer {
  status: number;
  body: string;
  /** Milliseconds from writing the request to the last byte of the answer. */
  ms: number;
}

type SendOptions = { method?: string; headers?: Record<string, string>; body?: string };

/**
 * One request; when the server had already closed the idle keep-alive socket it was written to
 * (ECONNRESET on a reused socket, nothing received), it is sent again on a fresh one, as Node's
 * documentation recommends, and only that attempt is timed.
 */
export async function send(url: string, options: SendOptions = {}): Promise<HttpAnswer> {
  try {
    return await attempt(url, options);
  } catch (error) {
    if ((error as { reusedSocket?: boolean }).reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
      return attempt(url, options);
    }
    throw error;
  }
}

function attempt(url: string, options: SendOptions): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      incoming.on('error', reject);
    });
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer from ${url} within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    outgoing.on('error', (error) => reject(Object.assign(error, { reusedSocket: outgoing.reusedSocket })));
    outgoing.end(options.body);
  });
}

export interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

export const JSON_HEADERS = { 'content-type': 'application/json' };

export function graphqlBody(query: string, variables?: Record<string, unknown>): string {
  return JSON.stringify({ query, ...(variables && { variables }) });
}

/** POST /graphql (with `headers` besides the JSON content type); the answer is parsed and timed. */
export async function graphql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number; result: GraphQLAnswer<T> }> {
  const answer = await send(url, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: graphqlBody(query, variables) });
  let result: GraphQLAnswer<T>;
  try {
    result = JSON.parse(answer.body) as GraphQLAnswer<T>;
  } catch {
    result = { errors: [{ message: `HTTP ${answer.status}: ${answer.body.slice(0, 200)}` }] };
  }
  return { status: answer.status, ms: answer.ms, result };
}

/** First error of a GraphQL answer as one line ("CODE: message"), or null when it succeeded. */
export function firstError(status: number, result: GraphQLAnswer<unknown>): string | null {
  const error = result.errors?.[0];
  if (error) return `${error.extensions?.code ?? 'ERROR'}: ${error.message}`;
  if (status !== 200) return `HTTP ${status}`;
  return null;
}

export function closeAgent(): void {
  agent.destroy();
}
