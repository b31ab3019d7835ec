import {
  getArgumentValues,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { namedIds } from '../audited-writes.js';
import type { Caller } from '../identity/caller.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import type { AuditTrail, AuditWrite } from '../store/audit-trail.js';

/** The mutation fields an operation selects, by response key (fragments on Mutation included). */
function rootFields(operation: OperationDefinitionNode, document: DocumentNode | undefined): Map<string, FieldNode> {
  const fields = new Map<string, FieldNode>();
  const visit = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) fields.set(selection.alias?.value ?? selection.name.value, selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet);
      } else {
        const fragment = document?.definitions.find(
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
function argumentsOf(schema: GraphQLSchema, field: FieldNode, variables: Readonly<Record<string, unknown>> | null | undefined): Record<string, unknown> {
  const definition = schema.getMutationType()?.getFields()[field.name.value];
  if (!definition) return {};
  try {
    return getArgumentValues(definition, field, variables ?? undefined);
  } catch {
    return {};
  }
}

/** One operation as its audit sees it once answered, on either transport. */
export interface AnsweredOperation {
  schema: GraphQLSchema;
  /** Its document, when it parsed (its fragments name mutation fields too). */
  document: DocumentNode | undefined;
  /** The operation the document names, when it names one. */
  operation: OperationDefinitionNode | null | undefined;
  variables: Readonly<Record<string, unknown>> | null | undefined;
  /** The writes its mutation fields ended with (audited-writes.ts: takeWrites); none when it was refused before execution. */
  writes: Map<string, AuditWrite>;
  /** The first error of its answer, as the caller gets it: the refusal of every field that never ran. */
  refusal: GraphQLFormattedError | undefined;
  requestId: string;
  caller: Caller;
  auditTrail: AuditTrail;
  /** Where a lost entry is logged: the operation's logger, built only then (most operations never build theirs). */
  logger: () => Logger;
}

/** Keeps an answered operation's writes; nothing to wait for (undefined) when it is no mutation. */
export type WriteAuditor = (answered: AnsweredOperation) => Promise<void> | undefined;

/**
 * Every write through the gateway is audited, over HTTP and over graphql-ws alike: one entry in the partner's audit
 * trail (store/audit-trail.ts) and one log line per mutation field, whether it was done, refused before anything was
 * sent (bad input, a missing scope, a closed window, or a refusal of the whole operation before it ran), failed
 * upstream, or was sent without an answer. What is kept names the actor, the mutation, the client, channel and
 * created message ids, the outcome and error code: never arguments' content (message text, media, tokens, keys). A
 * store that fails loses the entry, never the write's answer: the failure is logged and counted
 * (hubgraph_audit_failures_total), and the log line is written anyway.
 */
export function writeAuditor(metrics: Metrics, logger: Logger): WriteAuditor {
  // The line holds only fields this step sets (ids, names, codes), as the operation line (observability/plugin.ts).
  const auditLines = logger.child({}, { redact: { paths: [] } });
  return ({ schema, document, operation, variables, writes, refusal, requestId, caller, auditTrail, logger: operationLogger }) => {
    if (operation?.operation !== OperationTypeNode.MUTATION) return undefined;
    // Fields that never ran: the operation was refused before execution (cost, store guard, variables, validation …).
    for (const [key, field] of rootFields(operation, document)) {
      // An unknown field is a validation error of any text, not a write: nothing of it is kept.
      if (writes.has(key) || !schema.getMutationType()?.getFields()[field.name.value]) continue;
      writes.set(key, {
        actor: caller.actor,
        operation: field.name.value,
        ...namedIds(argumentsOf(schema, field, variables)),
        messageId: null,
        outcome: 'REFUSED',
        code: typeof refusal?.extensions?.code === 'string' ? refusal.extensions.code : 'INTERNAL_SERVER_ERROR',
      });
    }
    const partnerId = caller.partnerId;
    return Promise.all(
      [...writes.values()].map(async (write) => {
        auditLines.info({ requestId, partnerId, audit: write }, 'write audited');
        // Without a partner (multi-tenant, no X-Partner-Id) there is no trail to keep it in: the line is the record.
        if (partnerId === null) return;
        try {
          await auditTrail.record(partnerId, write);
        } catch (error) {
          metrics.auditFailures.inc();
          operationLogger().error({ err: error, operation: write.operation }, 'the audit entry of a write could not be stored');
        }
      }),
    ).then(() => undefined);
  };
}
