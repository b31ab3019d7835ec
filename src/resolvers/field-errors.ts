import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLFormattedError, type GraphQLResolveInfo, responsePathAsArray } from 'graphql';
import { ErrorCode } from '../errors.js';
import type { Context } from '../context.js';

/**
 * Errors reported next to a value instead of in place of it: a non-null enum field whose
 * upstream value is unknown resolves to UNKNOWN (so the rest of the query survives) and the
 * response still carries an error at that field's path.
 */
export function reportFieldError(context: Context, info: GraphQLResolveInfo, message: string, extensions: Record<string, unknown>) {
  context.fieldErrors.push(new GraphQLError(message, { path: responsePathAsArray(info.path), extensions: { code: ErrorCode.UpstreamError, ...extensions } }));
}

/** An input refused for several rules (BadUserInputErrors) becomes one error per input path, each with its field. */
function oneErrorPerProblem(error: GraphQLFormattedError): GraphQLFormattedError[] {
  const { problems, ...extensions } = error.extensions ?? {};
  if (!Array.isArray(problems)) return [error];
  return (problems as Array<{ message: string; field: string }>).map(({ message, field }) => ({ ...error, message, extensions: { ...extensions, field } }));
}

export function fieldErrorsPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single') return;
          const errors = [...(response.body.singleResult.errors ?? []), ...contextValue.fieldErrors.map((error) => error.toJSON())];
          if (errors.length > 0) response.body.singleResult.errors = errors.flatMap(oneErrorPerProblem);
        },
      };
    },
  };
}
