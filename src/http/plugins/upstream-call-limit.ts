import type { Context } from '../../context.js';
import { refuseOverEstimate } from '../../datasources/call-budget.js';
import type { StepPlugin } from './step-plugin.js';

/** Before any resolver: an operation estimated over MAX_UPSTREAM_CALLS_PER_OPERATION is refused and sends nothing. */
export function upstreamCallLimitPlugin(maxCallsPerOperation: number): StepPlugin<Context> {
  return {
    requestDidStart: () => ({
      didResolveOperation: ({ schema, document, operation, request }) => {
        if (operation) refuseOverEstimate(schema, document, operation, request.variables, maxCallsPerOperation);
      },
    }),
  };
}
