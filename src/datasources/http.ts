import type { Span } from '@opentelemetry/api';
import got, { type Got, type Options, type RequestError } from 'got';
import { endUpstreamSpan, type Tracing } from '../tracing.js';
import { CircuitOpenError, type CircuitBreaker } from './circuit-breaker.js';
import type { EndpointId, Upstream } from './endpoints.js';

/** Headers that carry credentials; scrubbed from every error got builds. */
const SECRET_HEADERS = ['authorization', 'svc-api-key', 'cookie', 'proxy-authorization'];

export interface UpstreamClientOptions {
  upstream: Upstream;
  prefixUrl: string;
  timeoutMs: number;
  retries: number;
  /** Observes every finished attempt (metrics, logs); never sees headers. */
  onResponse?: (event: UpstreamAttempt) => void;
  /** The root's circuit breaker: consulted before every attempt, told the outcome of each. */
  breaker?: CircuitBreaker;
  /** When tracing is configured: one client span per attempt, its context sent as `traceparent`. */
  tracing?: Tracing | null;
}

export interface UpstreamAttempt {
  upstream: Upstream;
  endpoint: EndpointId | 'unknown';
  method: string;
  status: number | 'error';
  durationMs: number;
  retryCount: number;
}

/** Context every request carries so hooks can label it without parsing URLs. */
export interface UpstreamRequestContext {
  endpoint: EndpointId;
  requestId?: string;
  /** The current attempt's span (tracing only). */
  span?: Span;
  [key: string]: unknown;
}

/** The upstream is unhealthy (as opposed to refusing this request): 5xx and 408; 429 is a rate limit, not a fault. */
function isFault(status: number): boolean {
  return status >= 500 || status === 408;
}

function scrub(options: Options): void {
  for (const name of SECRET_HEADERS) {
    if (options.headers[name] !== undefined) options.headers[name] = '[redacted]';
  }
}

/**
 * One configured got instance per upstream root. Retries (got's default: idempotent methods
 * only, never POST/PATCH) cover network errors, 5xx and 429 with exponential backoff, and
 * honour Retry-After up to the request timeout.
 */
export function createUpstreamClient(options: UpstreamClientOptions): Got {
  const endpointOf = (requestOptions: Options): EndpointId | 'unknown' =>
    (requestOptions.context as Partial<UpstreamRequestContext>).endpoint ?? 'unknown';
  const report = (requestOptions: Options, status: number | 'error', startedAt: number | undefined, retryCount: number) => {
    const context = requestOptions.context as Partial<UpstreamRequestContext>;
    endUpstreamSpan(context.span, status);
    delete context.span;
    options.onResponse?.({
      upstream: options.upstream,
      endpoint: endpointOf(requestOptions),
      method: requestOptions.method,
      status,
      durationMs: startedAt === undefined ? 0 : Date.now() - startedAt,
      retryCount,
    });
  };

  return got.extend({
    prefixUrl: options.prefixUrl,
    timeout: { request: options.timeoutMs },
    responseType: 'json',
    throwHttpErrors: true,
    retry: {
      limit: options.retries,
      methods: ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'],
      statusCodes: [408, 429, 500, 502, 503, 504, 521, 522, 524],
      errorCodes: ['ETIMEDOUT', 'ECONNRESET', 'EADDRINUSE', 'ECONNREFUSED', 'EPIPE', 'ENOTFOUND', 'ENETUNREACH', 'EAI_AGAIN'],
      maxRetryAfter: options.timeoutMs,
      backoffLimit: 2_000,
      noise: 50,
    },
    hooks: {
      beforeRequest: [
        (requestOptions) => {
          const context = requestOptions.context as Partial<UpstreamRequestContext>;
          if (context.requestId) requestOptions.headers['x-request-id'] = context.requestId;
          // Throwing here sends nothing; got wraps the error and toGraphQLError unwraps it again.
          options.breaker?.acquire();
          if (options.tracing) {
            context.span = options.tracing.startUpstreamSpan(
              `${options.upstream} ${context.endpoint ?? 'unknown'}`,
              { 'hubgraph.endpoint': context.endpoint ?? 'unknown', 'http.request.method': requestOptions.method },
              requestOptions.headers,
            );
          }
        },
      ],
      afterResponse: [
        (response) => {
          report(response.request.options, response.statusCode, response.timings.start, response.retryCount);
          if (isFault(response.statusCode)) options.breaker?.failure();
          else options.breaker?.success();
          return response;
        },
      ],
      // A connection error or timeout that will be retried never reaches beforeError: count that attempt here.
      beforeRetry: [
        (error: RequestError, retryCount: number) => {
          if (error.response || error.cause instanceof CircuitOpenError) return;
          report(error.options, 'error', error.timings?.start, retryCount - 1);
          options.breaker?.failure();
        },
      ],
      beforeError: [
        (error: RequestError) => {
          if (error.options) scrub(error.options);
          if (!error.response && !(error.cause instanceof CircuitOpenError)) {
            report(error.options, 'error', error.timings?.start, error.request?.retryCount ?? 0);
            options.breaker?.failure();
          }
          return error;
        },
      ],
    },
  });
}
