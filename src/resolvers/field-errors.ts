import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLResolveInfo, responsePathAsArray } from 'graphql';
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

export function fieldErrorsPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single' || contextValue.fieldErrors.length === 0) return;
          const formatted = contextValue.fieldErrors.map((error) => error.toJSON());
          response.body.singleResult.errors = [...(response.body.singleResult.errors ?? []), ...formatted];
        },
      };
    },
  };
}
