import type { IncomingHttpHeaders } from 'node:http';

/**
 * How an upstream exchange failed, as the HTTP client reports it to errors.ts. None of them holds
 * the request (its headers carry credentials), so nothing built from them can leak a token or key.
 */

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

  constructor(code: string, message: string) {
    super(message);
    this.name = 'UpstreamRequestError';
    this.code = code;
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
