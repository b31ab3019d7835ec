import type { ApolloServerPlugin } from '@apollo/server';
import type { Context } from '../../context.js';
import { refuseOverEstimate } from '../../datasources/call-budget.js';

/** Before any resolver: an operation estimated over MAX_UPSTREAM_CALLS_PER_OPERATION is refused and sends nothing. */
export function upstreamCallLimitPlugin(maxCallsPerOperation: number): ApolloServerPlugin<Context> {
  return {
    requestDidStart: async () => ({
      didResolveOperation: async ({ schema, document, operation, request }) => {
        if (operation) refuseOverEstimate(schema, document, operation, request.variables, maxCallsPerOperation);
      },
    }),
  };
}
