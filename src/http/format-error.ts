import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ErrorCode, HubgraphError } from '../errors.js';

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
 * `extensions.http` (a status and headers such as Retry-After) is for Apollo, which applies it to
 * the HTTP answer and takes it out before formatting; over WebSocket there is no HTTP answer, and
 * it is not the caller's to read.
 */
function withoutHttpHead(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (!formatted.extensions || !('http' in formatted.extensions)) return formatted;
  const { http: _http, ...extensions } = formatted.extensions;
  return { ...formatted, extensions };
}

/**
 * Every GraphQL error as callers see it, over HTTP and WebSocket alike. An unexpected failure (a
 * bug, a library's own error) may describe internals: callers get a generic message (the
 * observability plugin logs the original with the request id); the gateway's own
 * INTERNAL_SERVER_ERRORs are worded for the caller and kept. A refused variable names its field.
 */
export function formatGraphQLError(given: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const formatted = withoutHttpHead(given);
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
