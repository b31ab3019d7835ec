import { GraphQLError } from 'graphql';

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
  /** `extensions`: what the refusal adds for the caller, e.g. the scope check's `missingScopes` and its HTTP 403. */
  constructor(message: string, extensions: Record<string, unknown> = {}) {
    super(message, ErrorCode.Forbidden, extensions);
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
    /** The upstream itself answered 429 (the request reached it and was refused); false for the gateway's own limits, which send nothing. */
    readonly byUpstream = false,
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
  constructor(endpoint: string, reason: string) {
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

/** `extensions.upstream` of an error the upstream answered: which endpoint (A1..C), its status and what its body said. */
export interface UpstreamDetails {
  endpoint: string;
  status: number;
  code?: number | string | undefined;
  title?: string | undefined;
  details?: string | undefined;
}
