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

/** What to do about an error, when the gateway says (`extensions.hint`, e.g. on WEBHOOK_NOT_CONNECTED). */
export function errorHint(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const hint = error.errors.find((entry) => typeof entry.extensions?.hint === 'string')?.extensions?.hint;
  return hint as string | undefined;
}
