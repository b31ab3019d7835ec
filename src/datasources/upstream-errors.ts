import type { IncomingHttpHeaders } from 'node:http';
import { GraphQLError } from 'graphql';
import {
  ErrorCode,
  HubgraphError,
  NothingSentError,
  RateLimitedError,
  ServiceWindowClosedError,
  UpstreamUnavailableError,
  type UpstreamDetails,
} from '../errors.js';
import { retryAfterSeconds } from '../lib/retry-after.js';
import type { EndpointId } from './endpoints.js';

/**
 * How an upstream exchange failed, as the HTTP client reports it, and what the caller is told of it
 * (`toGraphQLError`). None of the failures holds the request (its headers carry credentials), so
 * nothing built from them can leak a token or key.
 */

/** undici's and Node's refusals of a request before it is written: a fault of the gateway, never the upstream's. */
const REFUSED_BEFORE_WRITING_CODES = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_NOT_SUPPORTED',
  'ERR_INVALID_ARG_TYPE',
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
]);

/**
 * A server certificate that failed verification: Node's X509 certificate error codes (the tls
 * docs' full list) and checkServerIdentity's ERR_TLS_CERT_ALTNAME_INVALID, each on the error undici
 * rejects with (`error.code`). Node verifies the certificate once, when the first handshake ends,
 * and destroys the socket before 'secureConnect' on a failure; undici writes a request only on a
 * socket that emitted 'secureConnect'. So each of these comes before any byte of the request.
 * TLS alerts and other ERR_SSL_* failures are left out: they can also break a connection mid-request.
 *
 * Such a failure counts toward the credential's circuit, as a refused connection does: the upstream
 * cannot be reached over a trusted connection, every call would fail alike, and the circuit's trial
 * call after its cool-down notices a renewed certificate. It is never retried (not in http.ts's
 * RETRY_CODES): a certificate is not renewed, nor a clock corrected, within a backoff of seconds.
 */
const CERTIFICATE_FAILURE_CODES = [
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

/**
 * Failures before any byte of the request was written: the connection was never made (or never trusted), or the
 * request was refused before writing. Only after these is a write known not to have happened. A send is not idempotent
 * and an accepted one may fail later only by webhook (service interface, B1), so every other failure of a
 * write (a reset, a timeout, an unreadable answer) may have reached the upstream: its outcome is unknown.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  ...CERTIFICATE_FAILURE_CODES,
  ...REFUSED_BEFORE_WRITING_CODES,
]);

/** The upstream refused (a status of 400 or more, or an unexpected redirect); `body` is its parsed JSON, or its text. */
export class UpstreamHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly headers: IncomingHttpHeaders,
    readonly body: unknown,
  ) {
    super(`The upstream answered HTTP ${statusCode}`);
    this.name = 'UpstreamHttpError';
  }
}

/** No usable answer: the connection failed, broke off, or the answer could not be read. */
export class UpstreamRequestError extends Error {
  /** A system code (ECONNREFUSED, ECONNRESET, …), undici's (UND_ERR_SOCKET, …), ERR_BODY_PARSE_FAILURE or ERR_TOO_MANY_REDIRECTS. */
  readonly code: string;
  /** The one verdict on whether the request may have reached the upstream before it failed (false: provably not). */
  readonly sent: boolean;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'UpstreamRequestError';
    this.code = code;
    this.sent = !NOT_SENT_CODES.has(code);
  }
}

/** The exchange took longer than its timeout (UPSTREAM_TIMEOUT_MS, or a media transfer's). */
export class UpstreamTimeoutError extends UpstreamRequestError {
  constructor(timeoutMs: number) {
    super('ETIMEDOUT', `no complete answer within ${timeoutMs} ms`);
    this.name = 'UpstreamTimeoutError';
  }
}

/**
 * The request could not be built or was refused before a byte was written (a body that cannot be
 * serialised, a header value that would split the request): a fault inside the gateway, never
 * the upstream's, so it counts toward no circuit and nothing was sent.
 */
export class RequestNotSentError extends Error {
  constructor(readonly reason: string) {
    super(`The request could not be sent: ${reason}`);
    this.name = 'RequestNotSentError';
  }
}

/** A failure undici or Node reported by `code`, as one of ours: a request refused before writing is the gateway's fault. */
export function requestFailure(code: string, message: string): UpstreamRequestError | RequestNotSentError {
  if (REFUSED_BEFORE_WRITING_CODES.has(code)) return new RequestNotSentError(`the request was refused before sending (${code})`);
  return new UpstreamRequestError(code, message);
}

/** Area B's on-premise error body (`{errors: [{code, title, details}]}`); other areas' shapes are not specified. */
interface UpstreamErrorBody {
  errors?: Array<{ code?: number | string; title?: string; details?: string }>;
  error?: { code?: number | string; message?: string; title?: string; details?: string } | string;
  message?: string;
  title?: string;
  code?: number | string;
}

function parseBody(body: unknown): UpstreamErrorBody {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as UpstreamErrorBody;
    } catch {
      return {};
    }
  }
  return body && typeof body === 'object' ? body : {};
}

/** Pulls code/title/details out of whichever documented or common error shape the upstream used. */
export function describeUpstreamBody(body: unknown): Pick<UpstreamDetails, 'code' | 'title' | 'details'> {
  const parsed = parseBody(body);
  const first = parsed.errors?.[0];
  if (first) return { code: first.code, title: first.title, details: first.details };
  if (parsed.error && typeof parsed.error === 'object') {
    return { code: parsed.error.code, title: parsed.error.title ?? parsed.error.message, details: parsed.error.details };
  }
  return {
    code: parsed.code,
    title: typeof parsed.error === 'string' ? parsed.error : (parsed.title ?? parsed.message),
  };
}

/** Upstream error codes that mean the same thing on both hostings, each mapped to one contract code. */
const SERVICE_WINDOW_CODES = new Set([131047, 470]); // cloud "re-engagement message", on-premise "more than 24 hours"
const INVALID_PARAMETER_CODES = new Set([100, 1009]); // cloud "invalid parameter", on-premise "parameter value is not valid"
const RECIPIENT_NOT_SUPPORTED_CODE = 131062; // cloud: a business-scoped user id is not a recipient this message may have

/**
 * The upstream's own error body turned into the contract's codes; also used for 200 answers carrying `errors`.
 * Messages are written for people; which endpoint answered, its status, code and title stay in `extensions.upstream`.
 */
export function errorFromUpstreamBody(endpoint: EndpointId, status: number, body: unknown): HubgraphError {
  const detail = describeUpstreamBody(body);
  const upstream: UpstreamDetails = { endpoint, status, ...detail };
  const suffix = detail.title ? `: ${detail.title}${detail.details ? ` (${detail.details})` : ''}` : '';
  const code = Number(detail.code);
  if (code === 2048) {
    return new HubgraphError(`The contact has not written in the last 24 hours${suffix}`, ErrorCode.NotEngaged, { upstream });
  }
  if (SERVICE_WINDOW_CODES.has(code)) return new ServiceWindowClosedError({ upstream });
  if (code === RECIPIENT_NOT_SUPPORTED_CODE) {
    return new HubgraphError(
      `This message cannot be sent to a business-scoped user id: send it to the phone number${suffix}`,
      ErrorCode.RecipientNotSupported,
      {
        upstream,
      },
    );
  }
  if (INVALID_PARAMETER_CODES.has(code)) {
    return new HubgraphError(`A parameter value was refused${suffix}`, ErrorCode.InvalidParameter, { upstream });
  }
  switch (status) {
    case 401:
      return new HubgraphError(`The upstream refused the credentials${suffix}`, ErrorCode.Unauthenticated, { upstream });
    case 403:
      return new HubgraphError(`Access was denied${suffix}`, ErrorCode.Forbidden, { upstream });
    case 404:
      return new HubgraphError(`Not found${suffix}`, ErrorCode.NotFound, { upstream });
    default:
      if (status >= 500) {
        return new UpstreamUnavailableError(`The upstream service failed; try again later${suffix}`, { upstream });
      }
      return new HubgraphError(`The upstream refused the request${suffix}`, ErrorCode.UpstreamError, { upstream });
  }
}

/** A failed upstream answer (status ≥ 400) by status, Retry-After and body; also for streamed answers, which do not throw. */
export function errorFromUpstreamResponse(
  endpoint: EndpointId,
  response: { statusCode: number; headers: Record<string, string | string[] | undefined>; body: unknown },
): HubgraphError {
  if (response.statusCode === 429) {
    const seconds = retryAfterSeconds(response.headers['retry-after']);
    return new RateLimitedError(`The upstream rate limit was reached; retry in ${seconds} s`, seconds, true);
  }
  return errorFromUpstreamBody(endpoint, response.statusCode, response.body);
}

/**
 * The one mapping from a failed upstream call to a GraphQL error. `write` marks a request with an
 * effect: when it may have reached the upstream before failing, its outcome is reported unknown.
 * Messages never include request headers, so no credential can leak through them.
 */
export function toGraphQLError(error: unknown, endpoint: EndpointId, options: { write?: boolean } = {}): GraphQLError {
  // Includes an open circuit, refused before anything was sent.
  if (error instanceof GraphQLError) return error;
  if (error instanceof UpstreamHttpError) return errorFromUpstreamResponse(endpoint, error);
  if (error instanceof RequestNotSentError) return new NothingSentError(endpoint, error.reason);
  if (error instanceof UpstreamRequestError) {
    const reason = error instanceof UpstreamTimeoutError ? 'timed out' : `failed (${error.code})`;
    if (options.write && error.sent) {
      return new UpstreamUnavailableError(`The request to ${endpoint} ${reason} after it was sent: the outcome is unknown; check before repeating it`, {
        endpoint,
        outcome: 'UNKNOWN',
      });
    }
    return new UpstreamUnavailableError(`The upstream is unavailable (${endpoint} ${reason})`, { endpoint });
  }
  return new UpstreamUnavailableError(`Unexpected failure calling ${endpoint}`, { endpoint });
}
