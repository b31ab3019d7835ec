import type { GraphQLError, GraphQLFormattedError } from 'graphql';

/** An input refused for several rules (BadUserInputErrors) becomes one error per input path, each with its field. */
function oneErrorPerProblem(error: GraphQLFormattedError): GraphQLFormattedError[] {
  const { problems, ...extensions } = error.extensions ?? {};
  if (!Array.isArray(problems)) return [error];
  return (problems as Array<{ message: string; field: string }>).map(({ message, field }) => ({ ...error, message, extensions: { ...extensions, field } }));
}

/**
 * An answer's errors as callers get them, over HTTP and WebSocket alike: its own (already formatted),
 * then those reported beside a value, and an input refused for several rules as one error per input path.
 */
export function withFieldErrors(
  errors: readonly GraphQLFormattedError[] | undefined,
  fieldErrors: readonly GraphQLError[],
): readonly GraphQLFormattedError[] | undefined {
  const all = [...(errors ?? []), ...fieldErrors.map((error) => error.toJSON())];
  return all.length > 0 ? all.flatMap(oneErrorPerProblem) : errors;
}
