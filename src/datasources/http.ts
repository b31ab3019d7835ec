import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Span } from '@opentelemetry/api';
import { GraphQLError } from 'graphql';
import { Agent, type Dispatcher } from 'undici';
import { decoderFor } from '../lib/content-encoding.js';
import { retryAfterSeconds } from '../lib/retry-after.js';
import type { UpstreamAttemptRecord } from '../observability/metrics.js';
import { endUpstreamSpan, type Tracing } from '../observability/tracing.js';
import { fingerprint } from '../lib/secrets.js';
import { UpstreamFault, unwrapFault, type CircuitBreakers, type Outcome } from './circuit-breaker.js';
import type { EndpointId, Upstream } from './endpoints.js';
import type { UpstreamPath } from './upstream-path.js';
import { RequestNotSentError, requestFailure, UpstreamHttpError, UpstreamRequestError, UpstreamTimeoutError } from './upstream-errors.js';

/** Headers that carry credentials: never sent on to another origin a redirect names. */
const SECRET_HEADERS = ['authorization', 'svc-api-key', 'cookie', 'proxy-authorization'];

/** Retried on idempotent methods: the request either never arrived or can be repeated without effect. */
const RETRY_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504, 521, 522, 524]);
const RETRY_CODES = new Set([
  'ETIMEDOUT',
  'ECONNRESET',
  'EADDRINUSE',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'ENETUNREACH',
  'EAI_AGAIN',
  // undici's "other side closed": a keep-alive connection the upstream dropped.
  'UND_ERR_SOCKET',
  // No certificate failure (upstream-errors.ts): it is not transient, and would fail every attempt alike.
]);
/** Characters no header value may hold (they would split the request): refused before sending. */
const UNSENDABLE_HEADER_VALUE = /[\r\n\0]/;
const BACKOFF_LIMIT_MS = 2_000;
const BACKOFF_NOISE_MS = 50;
const MAX_REDIRECTS = 5;
const USER_AGENT = 'hubgraph';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface UpstreamClientOptions {
  upstream: Upstream;
  /** The root every request path is relative to (one of the four upstream URLs). */
  prefixUrl: string;
  timeoutMs: number;
  retries: number;
  /** Observes every finished attempt (metrics, logs); never sees headers. */
  onResponse?: (event: UpstreamAttempt) => void;
  /** The root's circuits, one per credential: consulted before every attempt, told the outcome of each. */
  breakers?: CircuitBreakers;
  /** When tracing is configured: one client span per attempt, its context sent as `traceparent`. */
  tracing?: Tracing | null;
  /**
   * Told the status of every answer to a call carrying an Authorization header, with that credential's fingerprint
   * (multi-tenant mode: whether the upstream vouched for or rejected a caller's credential, store/upstream-credentials.ts).
   */
  onCredentialAnswer?: (credentialFingerprint: string, status: number) => void;
}

export interface UpstreamAttempt extends UpstreamAttemptRecord {
  upstream: Upstream;
  endpoint: EndpointId | 'unknown';
}

export interface UpstreamRequest {
  method: HttpMethod;
  /** Relative to the root (a leading slash is ignored); may carry its own query string. Built by `upstreamPath`. */
  path: UpstreamPath;
  endpoint: EndpointId;
  requestId?: string;
  /** Lower-case names (credentials are recognised by name when a redirect leaves the root's origin). */
  headers?: Record<string, string>;
  searchParams?: URLSearchParams;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is read (media uploads); a failure of this stream aborts the request. */
  body?: Readable;
  /** Attempts after the first: the client's retries for idempotent methods unless given, never for POST/PATCH. */
  retryLimit?: number;
  /** false: retry network failures only, never an HTTP answer. */
  retryOnStatus?: boolean;
  /**
   * Default: the client's timeout. A write or a transfer (a body sent, or a stream) must end within
   * it; a read must see the answer's headers within it, and then never pause longer in its body.
   */
  timeoutMs?: number;
  /** From the request's last byte to the answer's headers (default: the whole exchange's timeout). */
  headersTimeoutMs?: number;
}

interface Target {
  origin: string;
  /** Path and query, as sent. */
  path: string;
}

export interface UpstreamResponse<T> {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: T;
}

/** The upstream is unhealthy (as opposed to refusing this request): 5xx and 408; 429 is a rate limit, not a fault. */
function isFault(status: number): boolean {
  return status >= 500 || status === 408;
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The answer's body as a plain Node stream, decoded as its Content-Encoding says (an encoding we
 * cannot decode is passed on as it is). The pipeline owns undici's body: a reader that stops early
 * may simply destroy what it got, and a broken connection still reaches it as an error.
 */
function decodedBody(headers: IncomingHttpHeaders, body: Readable): Readable {
  return pipeline(body, decoderFor(headerValue(headers['content-encoding'])) ?? new PassThrough(), () => undefined);
}

async function readText(response: Dispatcher.ResponseData): Promise<string> {
  if (!response.headers['content-encoding']) return response.body.text();
  const chunks: Buffer[] = [];
  for await (const chunk of decodedBody(response.headers, response.body) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON answers are parsed; an empty body is ''. A refusal that is not JSON keeps its text. */
async function readJson(response: Dispatcher.ResponseData): Promise<unknown> {
  const text = await readText(response);
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (response.statusCode >= 300) return text;
    throw new UpstreamRequestError('ERR_BODY_PARSE_FAILURE', `the ${response.statusCode} answer is not JSON`);
  }
}

/**
 * One client per upstream root, on one undici connection pool (keep-alive). got was the first
 * choice; it cost about twice undici's CPU per call, which every fanned-out operation paid per call
 * (docs/architecture.md, "Why undici"). Retries live here rather than in an undici interceptor because every
 * attempt must pass the circuit breaker, get its own span and be counted in the metrics: on
 * idempotent methods only, for network failures, timeouts, 5xx and 429, with exponential backoff,
 * honouring Retry-After up to the request timeout (a longer wait is the caller's decision).
 */
export class UpstreamClient {
  readonly upstream: Upstream;
  /** The root URL, with a trailing slash: identifies the client in dedup keys. */
  readonly root: string;
  private readonly origin: string;
  private readonly rootPath: string;
  private readonly agent = new Agent();

  constructor(private readonly options: UpstreamClientOptions) {
    const root = new URL(options.prefixUrl.endsWith('/') ? options.prefixUrl : `${options.prefixUrl}/`);
    this.upstream = options.upstream;
    this.root = root.href;
    this.origin = root.origin;
    this.rootPath = root.pathname;
  }

  /**
   * A JSON exchange, retried as the class describes. An answer of 300 or more throws
   * UpstreamHttpError: the APIs answer in place, and a redirect followed with a write or a
   * credential is not a risk worth taking for an answer nobody documented.
   */
  async json<T>(request: UpstreamRequest): Promise<UpstreamResponse<T>> {
    const retryLimit = request.retryLimit ?? (RETRY_METHODS.has(request.method) ? this.options.retries : 0);
    const target = this.target(request);
    const headers = this.headers(request, { accept: 'application/json' });
    for (let retryCount = 0; ; retryCount += 1) {
      try {
        const answer = await this.exchange(request, target, headers, retryCount, readJson, request.method !== 'GET' || request.body !== undefined);
        if (answer.statusCode >= 300) throw new UpstreamHttpError(answer.statusCode, answer.headers, answer.body);
        return answer as UpstreamResponse<T>;
      } catch (error) {
        const delay = retryCount < retryLimit && RETRY_METHODS.has(request.method) ? this.retryDelayMs(error, retryCount + 1, request) : undefined;
        if (delay === undefined) throw error;
        await sleep(delay);
      }
    }
  }

  /**
   * A GET whose answer body is handed over as a decoded stream, whatever its status (media
   * downloads): sent once, redirects followed, credentials dropped when a redirect leaves the
   * root's origin. The timeout covers the whole transfer, so it also ends a stalled body.
   */
  async stream(request: Omit<UpstreamRequest, 'method' | 'json' | 'body' | 'retryLimit' | 'retryOnStatus'>): Promise<UpstreamResponse<Readable>> {
    let target = this.target(request);
    let headers = this.headers(request);
    for (let redirects = 0; ; redirects += 1) {
      const answer = await this.exchange(
        { ...request, method: 'GET' },
        target,
        headers,
        0,
        async (response) => decodedBody(response.headers, response.body),
        true,
      );
      const location = headerValue(answer.headers.location);
      if (!isRedirect(answer.statusCode) || !location) return answer;
      answer.body.destroy();
      if (redirects === MAX_REDIRECTS) throw new UpstreamRequestError('ERR_TOO_MANY_REDIRECTS', `more than ${MAX_REDIRECTS} redirects`);
      const next = new URL(location, `${target.origin}${target.path}`);
      target = { origin: next.origin, path: `${next.pathname}${next.search}` };
      if (next.origin !== this.origin) headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !SECRET_HEADERS.includes(name)));
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private target(request: Pick<UpstreamRequest, 'path' | 'searchParams'>): Target {
    const path = request.path.replace(/^\/+/, '');
    const query = request.searchParams?.toString();
    return { origin: this.origin, path: `${this.rootPath}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}` };
  }

  /** `defaults` give way to the request's own headers. */
  private headers(request: UpstreamRequest | Omit<UpstreamRequest, 'method'>, defaults: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': 'gzip, deflate, br', ...defaults, ...request.headers };
    if (request.requestId) headers['x-request-id'] = request.requestId;
    if ('json' in request && request.json !== undefined) headers['content-type'] = 'application/json';
    return headers;
  }

  /**
   * One attempt: the request is built first (a body that cannot be serialised, a header value
   * that would split the request: RequestNotSentError, never counted against the upstream), then
   * the credential's circuit, span, the request, the answer read by `read`, and its report.
   */
  private async exchange<B>(
    request: UpstreamRequest,
    target: Target,
    baseHeaders: Record<string, string>,
    retryCount: number,
    read: (response: Dispatcher.ResponseData) => Promise<B>,
    wholeExchangeTimer: boolean,
  ): Promise<UpstreamResponse<B>> {
    const body = request.json !== undefined ? serialisedJson(request.json) : request.body;
    const unsendable = Object.entries(baseHeaders).find(([, value]) => UNSENDABLE_HEADER_VALUE.test(value));
    if (unsendable) throw new RequestNotSentError(`the ${unsendable[0]} header value holds a line break or NUL`);
    const attempt = () => this.attempt(request, target, baseHeaders, body, retryCount, read, wholeExchangeTimer);
    const breakers = this.options.breakers;
    if (!breakers) return (await attempt().catch(unwrapFault)).result;
    // Throws CircuitOpenError while this credential's circuit is open: nothing is sent.
    return breakers.run(circuitKey(baseHeaders, request), attempt);
  }

  private async attempt<B>(
    request: UpstreamRequest,
    target: Target,
    baseHeaders: Record<string, string>,
    body: string | Readable | undefined,
    retryCount: number,
    read: (response: Dispatcher.ResponseData) => Promise<B>,
    wholeExchangeTimer: boolean,
  ): Promise<Outcome<UpstreamResponse<B>>> {
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    // Writes and transfers must end within the timeout (a send's idempotency lock counts on it); a
    // read is bounded by undici's own timeouts (until the headers, then between body chunks),
    // which cost no timer of their own per call.
    const signal = wholeExchangeTimer ? AbortSignal.timeout(timeoutMs) : undefined;
    const headers = this.options.tracing ? { ...baseHeaders } : baseHeaders;
    const span = this.options.tracing?.startUpstreamSpan(
      `${this.upstream} ${request.endpoint}`,
      { 'hubgraph.endpoint': request.endpoint, 'http.request.method': request.method },
      headers,
    );
    const startedAt = Date.now();
    try {
      const response = await this.agent.request({
        origin: target.origin,
        path: target.path,
        method: request.method,
        headers,
        body,
        ...(signal && { signal }),
        headersTimeout: request.headersTimeoutMs ?? timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const answer = await read(response);
      this.report(request, span, response.statusCode, startedAt, retryCount);
      if (this.options.onCredentialAnswer && baseHeaders.authorization !== undefined) {
        this.options.onCredentialAnswer(fingerprint(baseHeaders.authorization), response.statusCode);
      }
      return { result: { statusCode: response.statusCode, headers: response.headers, body: answer }, fault: isFault(response.statusCode) };
    } catch (error) {
      if (error instanceof GraphQLError || request.body?.errored) {
        // The caller's own body stream failed (an upload breaking a media rule): not the upstream's fault.
        endUpstreamSpan(span, 'error');
        throw error;
      }
      this.report(request, span, 'error', startedAt, retryCount);
      const failure = transportError(error, signal, timeoutMs);
      throw failure instanceof RequestNotSentError ? failure : new UpstreamFault(failure);
    }
  }

  private report(request: UpstreamRequest, span: Span | undefined, status: number | 'error', startedAt: number, retryCount: number): void {
    endUpstreamSpan(span, status);
    this.options.onResponse?.({
      upstream: this.upstream,
      endpoint: request.endpoint,
      method: request.method,
      status,
      durationMs: Date.now() - startedAt,
      retryCount,
    });
  }

  /** The wait before attempt `attempt + 1`, or undefined when this failure is not retried. */
  private retryDelayMs(error: unknown, attempt: number, request: UpstreamRequest): number | undefined {
    if (error instanceof UpstreamHttpError) {
      if (request.retryOnStatus === false || !RETRY_STATUSES.has(error.statusCode)) return undefined;
      const retryAfter = headerValue(error.headers['retry-after']);
      if (retryAfter !== undefined) {
        const waitMs = retryAfterSeconds(retryAfter) * 1000;
        return waitMs > (request.timeoutMs ?? this.options.timeoutMs) ? undefined : waitMs;
      }
    } else if (!(error instanceof UpstreamRequestError) || !RETRY_CODES.has(error.code)) {
      return undefined;
    }
    return Math.min(2 ** (attempt - 1) * 1000, BACKOFF_LIMIT_MS) + Math.random() * BACKOFF_NOISE_MS;
  }
}

/** The key of a call's circuit: the fingerprint of the credential it carries (areas A and C: the bearer token; B: the channel's key). */
/**
 * One circuit per credential, endpoint family and kind of call: failing reads of one endpoint (a
 * business profile the upstream chokes on) pause those reads only, never the sends on the same
 * key, and a failing send pauses sends without hiding the reads that still work.
 */
function circuitKey(headers: Record<string, string>, request: UpstreamRequest): string {
  const kind = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
  return `${fingerprint(headers.authorization ?? headers['svc-api-key'] ?? '')}:${request.endpoint}:${kind}`;
}

/** A JSON body, serialised before anything is sent (a value that cannot be is the gateway's fault, not the upstream's). */
function serialisedJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new RequestNotSentError(`the JSON body could not be serialised (${error instanceof Error ? error.name : 'error'})`);
  }
}

/** undici's failure as one of ours: a request refused before it was written, a timeout, or the code of what broke. */
function transportError(error: unknown, signal: AbortSignal | undefined, timeoutMs: number): Error {
  if (error instanceof UpstreamRequestError || error instanceof RequestNotSentError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const failure = requestFailure(typeof code === 'string' ? code : 'ERR_UPSTREAM_REQUEST', error instanceof Error ? error.message : String(error));
  if (failure instanceof RequestNotSentError) return failure;
  if (signal?.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return new UpstreamTimeoutError(timeoutMs);
  return failure;
}
