import type { BaseContext } from '@apollo/server';
import type { Metrics } from '../../observability/metrics.js';
import type { ObservedContext, OperationRecorder } from '../../observability/operations.js';
import type { StepPlugin } from './step-plugin.js';

/**
 * The pipeline's observability step over HTTP: one log line and one metric per operation
 * (OperationRecorder); from the moment the operation is known, the request's logger carries it
 * too, so resolver and upstream logs can be joined on requestId and operation.
 */
export function observabilityPlugin(metrics: Metrics, recorder: OperationRecorder): StepPlugin<ObservedContext & BaseContext> {
  return {
    requestDidStart() {
      const startedAt = Date.now();
      let operation = 'anonymous';
      let type = 'unknown';
      let executed = false;
      return {
        didResolveOperation(requestContext) {
          operation = metrics.operationLabel(requestContext.operationName);
          type = requestContext.operation?.operation ?? 'unknown';
          requestContext.contextValue.bindOperation(operation);
        },
        executionDidStart() {
          executed = true;
        },
        didEncounterErrors({ errors, contextValue }) {
          recorder.logUnexpected(contextValue.logger, errors);
        },
        willSendResponse({ response, contextValue }) {
          // Subscriptions over HTTP and incremental delivery have no single result to classify.
          if (response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          recorder.record({ requestId: contextValue.requestId, operation, type, startedAt, executed, data, errors });
        },
      };
    },
  };
}
