import type { GraphQLRequestContext } from '@apollo/server';
import {
  getArgumentValues,
  getNamedType,
  getOperationAST,
  GraphQLError,
  Kind,
  OperationTypeNode,
  type FieldNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Context } from '../../context.js';
import { RateLimitedError } from '../../errors.js';
import type { Logger } from '../../observability/logger.js';
import type { Metrics } from '../../observability/metrics.js';
import type { AuditOutcome, AuditWrite } from '../../store/audit-trail.js';
import type { StepPlugin } from './step-plugin.js';

/**
 * How a write ended, from the error its mutation field threw. The upstream failures carry the one "was it sent?"
 * verdict (datasources/upstream-errors.ts): `outcome: UNKNOWN` when a write may have reached the upstream without an
 * answer; `upstream` (or an upstream 429) when the upstream answered; every other coded error was raised before
 * anything was sent. An uncoded error is a fault of the gateway at an unknown step: whether the write went out is not
 * known, so it is not claimed refused.
 */
function outcomeOf(error: unknown): { outcome: AuditOutcome; code: string } {
  if (!(error instanceof GraphQLError) || typeof error.extensions.code !== 'string') return { outcome: 'UNKNOWN', code: 'INTERNAL_SERVER_ERROR' };
  const code = error.extensions.code;
  if (error.extensions.outcome === 'UNKNOWN') return { outcome: 'UNKNOWN', code };
  if (error.extensions.upstream !== undefined || (error instanceof RateLimitedError && error.byUpstream)) return { outcome: 'FAILED', code };
  return { outcome: 'REFUSED', code };
}

/** The client and channel a mutation names: its `clientId` and `channelId` arguments (or its input's). */
function namedIds(args: Record<string, unknown>): Pick<AuditWrite, 'clientId' | 'channelId'> {
  const input = typeof args.input === 'object' && args.input !== null ? (args.input as Record<string, unknown>) : {};
  const id = (value: unknown) => (typeof value === 'string' ? value : null);
  return { clientId: id(args.clientId) ?? id(input.clientId), channelId: id(args.channelId) ?? id(input.channelId) };
}

/** The mutation fields an operation selects, by response key (fragments on Mutation included). */
function rootFields(operation: OperationDefinitionNode, requestContext: GraphQLRequestContext<Context>): Map<string, FieldNode> {
  const fields = new Map<string, FieldNode>();
  const visit = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) fields.set(selection.alias?.value ?? selection.name.value, selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet);
      } else {
        const fragment = requestContext.document?.definitions.find(
          (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === selection.name.value,
        );
        if (fragment?.kind === Kind.FRAGMENT_DEFINITION) visit(fragment.selectionSet);
      }
    }
  };
  visit(operation.selectionSet);
  return fields;
}

/** A field refused before it ran still names its client and channel when its arguments can be read. */
function argumentsOf(schema: GraphQLSchema, field: FieldNode, variables: Record<string, unknown> | undefined): Record<string, unknown> {
  const definition = schema.getMutationType()?.getFields()[field.name.value];
  if (!definition) return {};
  try {
    return getArgumentValues(definition, field, variables);
  } catch {
    return {};
  }
}

/**
 * Every write through the gateway is audited: one entry in the partner's audit trail (store/audit-trail.ts) and one
 * log line per mutation field, whether it was done, refused before anything was sent (bad input, a missing scope, a
 * closed window, or a refusal of the whole operation before it ran), failed upstream, or was sent without an answer.
 * What is kept names the actor, the mutation, the client, channel and created message ids, the outcome and error
 * code: never arguments' content (message text, media, tokens, keys). A store that fails loses the entry, never the
 * write's answer: the failure is logged and counted (hubgraph_audit_failures_total), and the log line is written anyway.
 */
export function auditPlugin(metrics: Metrics, logger: Logger): StepPlugin<Context> {
  // The line holds only fields this plugin sets (ids, names, codes), as the operation line (observability/plugin.ts).
  const auditLines = logger.child({}, { redact: { paths: [] } });
  return {
    requestDidStart() {
      let mutation: OperationDefinitionNode | null = null;
      // A query, subscription or refused operation resolved: there is no write, and nothing to do for the request.
      let resolvedToNoWrite = false;
      const writes = new Map<string, AuditWrite>();
      return {
        didResolveOperation({ operation }) {
          if (operation?.operation === OperationTypeNode.MUTATION) mutation = operation;
          else resolvedToNoWrite = true;
        },
        executionDidStart() {
          if (!mutation) return;
          return {
            willResolveField({ info, args, contextValue }) {
              // Only the mutation fields themselves are writes; their payloads' fields are reads of the answer.
              if (info.path.prev !== undefined) return;
              const key = String(info.path.key);
              const createsMessage = getNamedType(info.returnType).name === 'SentMessage';
              return (error, result) => {
                const ended = error ? outcomeOf(error) : { outcome: 'DONE' as const, code: null };
                const messageId = !error && createsMessage ? ((result as { id?: unknown } | null)?.id ?? null) : null;
                writes.set(key, {
                  actor: contextValue.caller.actor,
                  operation: info.fieldName,
                  ...namedIds(args),
                  messageId: typeof messageId === 'string' ? messageId : null,
                  ...ended,
                });
              };
            },
          };
        },
        willSendResponse(requestContext) {
          if (resolvedToNoWrite) return;
          const { contextValue, response, schema, document } = requestContext;
          // A mutation refused by validation never resolved its operation: it is still a write that was refused.
          const operation = mutation ?? (document ? getOperationAST(document, requestContext.request.operationName) : null);
          if (operation?.operation !== OperationTypeNode.MUTATION) return;
          // Fields that never ran: the operation was refused before execution (cost, store guard, variables …).
          const refusal: GraphQLFormattedError | undefined = response.body.kind === 'single' ? response.body.singleResult.errors?.[0] : undefined;
          for (const [key, field] of rootFields(operation, requestContext)) {
            // An unknown field is a validation error of any text, not a write: nothing of it is kept.
            if (writes.has(key) || !schema.getMutationType()?.getFields()[field.name.value]) continue;
            writes.set(key, {
              actor: contextValue.caller.actor,
              operation: field.name.value,
              ...namedIds(argumentsOf(schema, field, requestContext.request.variables)),
              messageId: null,
              outcome: 'REFUSED',
              code: typeof refusal?.extensions?.code === 'string' ? refusal.extensions.code : 'INTERNAL_SERVER_ERROR',
            });
          }
          const partnerId = contextValue.caller.partnerId;
          return Promise.all(
            [...writes.values()].map(async (write) => {
              auditLines.info({ requestId: contextValue.requestId, partnerId, audit: write }, 'write audited');
              // Without a partner (multi-tenant, no X-Partner-Id) there is no trail to keep it in: the line is the record.
              if (partnerId === null) return;
              try {
                await contextValue.auditTrail.record(partnerId, write);
              } catch (error) {
                metrics.auditFailures.inc();
                contextValue.logger.error({ err: error, operation: write.operation }, 'the audit entry of a write could not be stored');
              }
            }),
          ).then(() => undefined);
        },
      };
    },
  };
}
