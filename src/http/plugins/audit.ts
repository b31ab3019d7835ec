import { getOperationAST, OperationTypeNode } from 'graphql';
import { takeWrites } from '../../audited-writes.js';
import type { Context } from '../../context.js';
import type { WriteAuditor } from '../audit.js';
import type { StepPlugin } from './step-plugin.js';

/**
 * The audit step over HTTP: once a mutation is answered, its writes are kept (http/audit.ts), those its fields ended with
 * (audited-writes.ts) and those the operation's refusal before execution stood for. The answer waits for the entries.
 */
export function auditPlugin(audit: WriteAuditor): StepPlugin<Context> {
  return {
    requestDidStart() {
      // A query, subscription or refused operation resolved: there is no write, and nothing to do for the request.
      let resolvedToNoWrite = false;
      return {
        didResolveOperation({ operation }) {
          if (operation?.operation !== OperationTypeNode.MUTATION) resolvedToNoWrite = true;
        },
        willSendResponse({ contextValue, response, schema, document, operation, request }) {
          if (resolvedToNoWrite) return;
          return audit({
            schema,
            document,
            // A mutation refused by validation never resolved its operation: it is still a write that was refused.
            operation: operation ?? (document ? getOperationAST(document, request.operationName) : null),
            variables: request.variables,
            writes: takeWrites(contextValue),
            refusal: response.body.kind === 'single' ? response.body.singleResult.errors?.[0] : undefined,
            requestId: contextValue.requestId,
            caller: contextValue.caller,
            auditTrail: contextValue.auditTrail,
            logger: () => contextValue.logger,
          });
        },
      };
    },
  };
}
