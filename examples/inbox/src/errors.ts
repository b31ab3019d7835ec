import { CombinedGraphQLErrors } from '@apollo/client';

/** The first error with this `extensions.code`, from an Apollo Client error (hubgraph's codes are in the contract). */
export function errorWithCode(error: unknown, code: string) {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  return error.errors.find((entry) => entry.extensions?.code === code);
}

/** RATE_LIMITED carries `retryAfterSeconds`: how long to wait before asking again. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const limited = errorWithCode(error, 'RATE_LIMITED');
  const seconds = limited?.extensions?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}
