import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { GraphQLError, parse, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { ConfigError, type PersistedOperation } from '../config.js';
import type { Metrics } from '../observability/metrics.js';

/** How a request stood against the manifest: counted in hubgraph_persisted_operations_total. */
export type PersistedOutcome = 'listed' | 'refused' | 'unknown' | 'unlisted';

/** `extensions.persistedQuery` of a request, over HTTP or WebSocket. */
export interface PersistedQueryExtension {
  persistedQuery?: { sha256Hash?: unknown };
}

export function notInList(): GraphQLError {
  return new GraphQLError('Only persisted operations run here (PERSISTED_OPERATIONS_ONLY): send a listed operation by its id', {
    extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST', http: { status: 400 } },
  });
}

function notFound(): GraphQLError {
  return new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 200 } } });
}

/** Always a miss: with PERSISTED_OPERATIONS_ONLY no text a client registered may run. */
const NO_AUTOMATIC_QUERIES: KeyValueCache<string> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => false,
};

/**
 * Trusted documents (PERSISTED_OPERATIONS, PERSISTED_OPERATIONS_ONLY). A listed operation is
 * sent by its manifest id in `extensions.persistedQuery.sha256Hash` (its text may accompany it,
 * as over WebSocket, if it is the listed text); its listed text then runs. With ONLY, everything
 * else is refused once parsed and validated, before execution, so before any upstream call; an
 * unknown id is PERSISTED_QUERY_NOT_FOUND. Over HTTP this is an Apollo plugin
 * (plugins/persisted-operations.ts) and the APQ cache, over WebSocket graphql-ws's onSubscribe: one rule for both.
 */
export class PersistedOperations {
  private readonly byBody: ReadonlyMap<string, PersistedOperation>;
  private readonly documents = new Map<string, DocumentNode>();

  constructor(
    private readonly operations: ReadonlyMap<string, PersistedOperation>,
    /** PERSISTED_OPERATIONS_ONLY: nothing but a listed operation runs. */
    readonly only: boolean,
  ) {
    this.byBody = new Map([...operations.values()].map((operation) => [operation.body, operation]));
  }

  /** Every listed operation must validate against the schema; a manifest built for another schema stops the start. */
  checkAgainst(schema: GraphQLSchema, rules: readonly ValidationRule[]): void {
    for (const operation of this.operations.values()) {
      const errors = validate(schema, this.document(operation), rules);
      if (errors.length > 0) {
        throw new ConfigError('PERSISTED_OPERATIONS', `operation ${operation.name || operation.id} does not validate against the schema: ${errors[0].message}`);
      }
    }
  }

  /** The APQ cache Apollo should use: none at all with ONLY (a hash outside the list is unknown). */
  automaticQueries(cache: KeyValueCache<string>): KeyValueCache<string> {
    return this.only ? NO_AUTOMATIC_QUERIES : cache;
  }

  /** The listed operation a request names, or null; 'mismatch' when its text is not the listed text. */
  listed(id: unknown, query: string | undefined): PersistedOperation | null {
    const operation = typeof id === 'string' ? this.operations.get(id) : undefined;
    if (!operation) return null;
    return query === undefined || query === '' || query === operation.body ? operation : null;
  }

  /**
   * graphql-ws's onSubscribe: a listed operation's execution arguments (validated like any
   * WebSocket operation), the refusal or unknown id as errors, or undefined for graphql-ws's own
   * parsing of an operation that may run as sent.
   */
  onSubscribe(schema: GraphQLSchema, rules: readonly ValidationRule[], metrics: Metrics) {
    const count = (outcome: PersistedOutcome) => metrics.persistedOperations.inc({ outcome });
    return (_context: unknown, _id: string, payload: SubscribePayload): ExecutionArgs | readonly GraphQLError[] | undefined => {
      const id = (payload.extensions as PersistedQueryExtension | undefined)?.persistedQuery?.sha256Hash;
      const operation = this.listed(id, payload.query) ?? (id === undefined ? this.byBody.get(payload.query) : undefined);
      if (operation) {
        count('listed');
        const document = this.document(operation);
        const errors = validate(schema, document, rules);
        if (errors.length > 0) return errors;
        return { schema, document, variableValues: payload.variables, operationName: payload.operationName };
      }
      if (id !== undefined && payload.query === '') {
        count('unknown');
        return [notFound()];
      }
      if (this.only) {
        count('refused');
        return [notInList()];
      }
      count('unlisted');
      return undefined;
    };
  }

  /** The id is one of the manifest's, whatever text came with it. */
  hasId(id: unknown): boolean {
    return typeof id === 'string' && this.operations.has(id);
  }

  /** The text is a listed operation's text, sent without an id. */
  hasText(query: string): boolean {
    return this.byBody.has(query);
  }

  private document(operation: PersistedOperation): DocumentNode {
    let document = this.documents.get(operation.id);
    if (!document) {
      document = parse(operation.body);
      this.documents.set(operation.id, document);
    }
    return document;
  }
}
