import type { Context } from '../../context.js';
import type { Metrics } from '../../observability/metrics.js';
import type { FairShare } from '../../store/fair-share.js';
import { actualQueryCost, refuseOverCost, spendQueryCost } from '../query-cost.js';
import type { StepPlugin } from './step-plugin.js';

/** The request asked for its cost: `"extensions": {"cost": true}` beside its query. */
function costRequested(extensions: Readonly<Record<string, unknown>> | undefined): boolean {
  return extensions?.cost === true;
}

/**
 * MAX_QUERY_COST over HTTP: every operation's cost is estimated once it is resolved (variables
 * known), before any resolver runs; over the limit it is refused with GRAPHQL_VALIDATION_FAILED and
 * `extensions.cost {estimated, max}`. After execution the answer's actual cost and the upstream
 * calls it took are observed as metrics, and returned in `extensions.cost` when the request asked.
 * An accepted estimate is spent from the caller's fair share (RATE_LIMITED once used up), and the
 * upstream calls it made are charged once it ran; an operation refused for its syntax, a validation
 * rule or its cost is charged MAX_QUERY_COST.
 */
export function queryCostPlugin(max: number, metrics: Metrics, fairShare: FairShare): StepPlugin<Context> {
  return {
    requestDidStart() {
      let estimated: number | undefined;
      const chargeRefused = (shareKey: string) => fairShare.chargeRefused(shareKey, max);
      return {
        // A document refused for its syntax or by a validation rule (depth, aliases) is charged as one over the cost limit.
        parsingDidStart({ contextValue }) {
          return async (syntaxError) => {
            if (syntaxError) await chargeRefused(contextValue.shareKey);
          };
        },
        validationDidStart({ contextValue }) {
          return async (validationErrors) => {
            if (validationErrors?.length) await chargeRefused(contextValue.shareKey);
          };
        },
        async didResolveOperation({ schema, document, operation, request, contextValue }) {
          if (!operation) return;
          const cost = await spendQueryCost(fairShare, contextValue.shareKey, () =>
            refuseOverCost(schema, document, operation, request.variables, max, (value) => metrics.estimatedCost.observe(value)),
          );
          estimated = cost;
        },
        willSendResponse({ schema, document, operation, response, request, contextValue }) {
          if (estimated === undefined) return;
          const upstreamCalls = contextValue.callBudget?.taken ?? 0;
          // Not awaited: the charge is for the caller's next operations, not a reason to hold this answer.
          void fairShare.chargeUpstreamCalls(contextValue.shareKey, upstreamCalls);
          if (!document || !operation || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          const actual = actualQueryCost(schema, document, operation, result.data);
          metrics.actualCost.observe(actual);
          metrics.operationUpstreamCalls.observe(upstreamCalls);
          if (costRequested(request.extensions)) result.extensions = { ...result.extensions, cost: { estimated, actual, max, upstreamCalls } };
        },
      };
    },
  };
}
