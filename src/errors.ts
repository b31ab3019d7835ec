import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { EndpointId } from './datasources/endpoints.js';
import { retryAfterSeconds } from './lib/retry-after.js';
import { RequestNotSentError, UpstreamHttpError, UpstreamRequestError, UpstreamTimeoutError } from './datasources/upstream-errors.js';

/** The contract's error codes (extensions.code). */
export enum ErrorCode {
  BadUserInput = 'BAD_USER_INPUT',
  UnsupportedForHosting = 'UNSUPPORTED_FOR_HOSTING',
  MissingApiKey = 'MISSING_API_KEY',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  RateLimited = 'RATE_LIMITED',
  NotEngaged = 'NOT_ENGAGED',
  InvalidParameter = 'INVALID_PARAMETER',
  MediaBlocked = 'MEDIA_BLOCKED',
  UpstreamError = 'UPSTREAM_ERROR',
  UpstreamUnavailable = 'UPSTREAM_UNAVAILABLE',
  ServiceWindowClosed = 'SERVICE_WINDOW_CLOSED',
  WebhookNotConnected = 'WEBHOOK_NOT_CONNECTED',
  /** A fault inside the gateway; its message is shown only when it was worded for the caller (e.g. "nothing was sent"). */
  InternalServerError = 'INTERNAL_SERVER_ERROR',
  CursorExpired = 'CURSOR_EXPIRED',
  /** The upstream refused a business-scoped user id as the recipient of this message (cloud 131062, e.g. an authentication template). */
  RecipientNotSupported = 'RECIPIENT_NOT_SUPPORTED',
}

export class HubgraphError extends GraphQLError {
  constructor(
    message: string,
    readonly code: ErrorCode,
    extensions: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { ...extensions, code } });
    this.name = 'HubgraphError';
  }
}

export class BadUserInputError extends HubgraphError {
  /** `field` is the input path, e.g. `input.text.body`. */
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message, ErrorCode.BadUserInput, { field });
  }
}

/**
 * Every broken rule of one input at once: the answer carries one BAD_USER_INPUT error per input path (the
 * field-errors plugin expands `extensions.problems`), so a form shows all its mistakes after one submit.
 */
export class BadUserInputErrors extends HubgraphError {
  constructor(readonly problems: BadUserInputError[]) {
    super(problems.map((problem) => problem.message).join('; '), ErrorCode.BadUserInput, {
      field: problems[0].field,
      problems: problems.map(({ message, field }) => ({ message, field })),
    });
  }
}

/** Runs the independent checks of one input and throws all their refusals together (nothing is sent then). */
export class InputChecks {
  private readonly problems: BadUserInputError[] = [];

  /** The rule's result, or undefined when it refused (its refusal is kept for `done`). */
  check<T>(rule: () => T): T | undefined {
    try {
      return rule();
    } catch (error) {
      if (error instanceof BadUserInputErrors) this.problems.push(...error.problems);
      else if (error instanceof BadUserInputError) this.problems.push(error);
      else throw error;
      return undefined;
    }
  }

  done(): void {
    if (this.problems.length === 1) throw this.problems[0];
    if (this.problems.length > 1) throw new BadUserInputErrors(this.problems);
  }
}

export class UnsupportedForHostingError extends HubgraphError {
  constructor(operation: string, hosting: string) {
    super(`${operation} is not available for ${hosting} channels`, ErrorCode.UnsupportedForHosting, { hosting });
  }
}

export class MissingApiKeyError extends HubgraphError {
  constructor(channelId: string) {
    super(`No API key is known for channel ${channelId}: create one with createApiKey or configure CHANNEL_API_KEYS`, ErrorCode.MissingApiKey, { channelId });
  }
}

export class UnauthenticatedError extends HubgraphError {
  constructor(message = 'Authentication required: send Authorization: Bearer <token>') {
    // Thrown while building the context, where Apollo would otherwise answer HTTP 500.
    super(message, ErrorCode.Unauthenticated, { http: { status: 401 } });
  }
}

export class ForbiddenError extends HubgraphError {
  constructor(message: string) {
    super(message, ErrorCode.Forbidden);
  }
}

export class NotFoundError extends HubgraphError {
  constructor(message: string) {
    super(message, ErrorCode.NotFound);
  }
}

export class RateLimitedError extends HubgraphError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, ErrorCode.RateLimited, { retryAfterSeconds });
  }
}

export class MediaBlockedError extends HubgraphError {
  constructor(channelId: string, retryAfterSeconds: number) {
    super(
      `Refusing a media request for channel ${channelId}: more than 5 media requests failed within the hour, so the upstream blocks media downloads for this number`,
      ErrorCode.MediaBlocked,
      { retryAfterSeconds },
    );
  }
}

export class UpstreamUnavailableError extends HubgraphError {
  constructor(message: string, extensions: Record<string, unknown> = {}) {
    super(message, ErrorCode.UpstreamUnavailable, extensions);
  }
}

/** A fault inside the gateway stopped a request before anything was sent upstream: safe to repeat once fixed. */
export class NothingSentError extends HubgraphError {
  constructor(endpoint: EndpointId, reason: string) {
    super(`The gateway could not build the request to ${endpoint} (${reason}): nothing was sent`, ErrorCode.InternalServerError, {
      endpoint,
      sent: false,
    });
  }
}

/** Redis, the shared store of a multi-instance deployment, did not answer within REDIS_TIMEOUT_MS. */
export class StoreUnavailableError extends UpstreamUnavailableError {
  constructor() {
    super('The shared store (Redis) is not answering; retry shortly', { store: 'redis' });
  }
}

/**
 * A free-form message to a contact outside the 24-hour window: known beforehand (`lastInboundAt`, nothing
 * sent) or reported by the upstream (`upstream`, cloud 131047 or on-premise 470).
 */
export class ServiceWindowClosedError extends HubgraphError {
  constructor(extensions: { lastInboundAt: string | null; sent: false } | { upstream: UpstreamDetails }) {
    super(
      'The 24-hour customer service window with this contact is closed: only an approved template can be sent until the contact writes again',
      ErrorCode.ServiceWindowClosed,
      extensions,
    );
  }
}

/** An `after` cursor older than the event retention window: the events after it are gone, so resuming from it would skip some. */
export class CursorExpiredError extends HubgraphError {
  constructor(field: string) {
    super('The cursor is older than the event retention window; resynchronise from Channel.events without `after`', ErrorCode.CursorExpired, { field });
  }
}

export interface UpstreamDetails {
  endpoint: EndpointId;
  status: number;
  code?: number | string | undefined;
  title?: string | undefined;
  details?: string | undefined;
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
    return new RateLimitedError(`The upstream rate limit was reached; retry in ${seconds} s`, seconds);
  }
  return errorFromUpstreamBody(endpoint, response.statusCode, response.body);
}

/** Connection failures that happen before any byte of the request reaches the upstream. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

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
    if (options.write && !NOT_SENT_CODES.has(error.code)) {
      return new UpstreamUnavailableError(`The request to ${endpoint} ${reason} after it was sent: the outcome is unknown; check before repeating it`, {
        endpoint,
        outcome: 'UNKNOWN',
      });
    }
    return new UpstreamUnavailableError(`The upstream is unavailable (${endpoint} ${reason})`, { endpoint });
  }
  return new UpstreamUnavailableError(`Unexpected failure calling ${endpoint}`, { endpoint });
}

/**
 * The input path a variable coercion failure names (`Variable "$input" got invalid value … at
 * "input.interactive"; …` → `input.interactive`; without a path, the variable itself), so every
 * BAD_USER_INPUT carries extensions.field, including those graphql-js raises for a scalar's refusal.
 */
function coercedVariablePath(message: string): string | undefined {
  const name = /^Variable "\$(\w+)"/.exec(message)?.[1];
  if (!name) return undefined;
  const marker = ` at "${name}`;
  const at = message.indexOf(marker);
  if (at === -1) return name;
  const end = message.indexOf('"', at + marker.length);
  return end === -1 ? name : message.slice(at + ' at "'.length, end);
}

/**
 * Every GraphQL error as callers see it, over HTTP and WebSocket alike. An unexpected failure (a
 * bug, a library's own error) may describe internals: callers get a generic message (the
 * observability plugin logs the original with the request id); the gateway's own
 * INTERNAL_SERVER_ERRORs are worded for the caller and kept. A refused variable names its field.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  if (code === ErrorCode.BadUserInput) {
    const field = coercedVariablePath(formatted.message);
    return field ? { ...formatted, extensions: { ...formatted.extensions, field } } : formatted;
  }
  if (code !== ErrorCode.InternalServerError && code !== undefined) return formatted;
  const original = error instanceof GraphQLError && error.originalError ? error.originalError : error;
  if (original instanceof HubgraphError) return formatted;
  return {
    message: 'Internal server error',
    ...(formatted.locations && { locations: formatted.locations }),
    ...(formatted.path && { path: formatted.path }),
    extensions: { code: ErrorCode.InternalServerError },
  };
}
