import type { ApolloServerPlugin, GraphQLRequest } from '@apollo/server';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { GraphQLError, parse, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { ConfigError, type PersistedOperation } from '../config.js';
import type { Metrics } from '../observability/metrics.js';

/** How a request stood against the manifest: counted in hubgraph_persisted_operations_total. */
export type PersistedOutcome = 'listed' | 'refused' | 'unknown' | 'unlisted';

interface PersistedQueryExtension {
  persistedQuery?: { sha256Hash?: unknown };
}

function notInList(): GraphQLError {
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
 * unknown id is PERSISTED_QUERY_NOT_FOUND. Over HTTP this is an Apollo plugin and the APQ cache,
 * over WebSocket graphql-ws's onSubscribe: one rule for both.
 */
export class PersistedOperations {
  private readonly byBody: ReadonlyMap<string, PersistedOperation>;
  private readonly documents = new Map<string, DocumentNode>();
  /** Requests the manifest served or matched (HTTP), so the refusal hook can tell them apart. */
  private readonly listedRequests = new WeakSet<GraphQLRequest>();

  constructor(
    private readonly operations: ReadonlyMap<string, PersistedOperation>,
    private readonly only: boolean,
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
  private listed(id: unknown, query: string | undefined): PersistedOperation | null {
    const operation = typeof id === 'string' ? this.operations.get(id) : undefined;
    if (!operation) return null;
    return query === undefined || query === '' || query === operation.body ? operation : null;
  }

  plugin(metrics: Metrics): ApolloServerPlugin {
    const count = (outcome: PersistedOutcome) => metrics.persistedOperations.inc({ outcome });
    return {
      requestDidStart: async ({ request }) => {
        const id = (request.extensions as PersistedQueryExtension | undefined)?.persistedQuery?.sha256Hash;
        const operation = this.listed(id, request.query);
        if (operation || (typeof id === 'string' && this.operations.has(id))) {
          // No APQ registration or hash check of an id that need not be a sha256: a listed id runs
          // its listed text; another text under a listed id is a text like any other.
          const { persistedQuery: _persistedQuery, ...extensions } = request.extensions as Record<string, unknown>;
          request.extensions = extensions;
        }
        if (operation) {
          request.query = operation.body;
          this.listedRequests.add(request);
          count('listed');
        } else if (id === undefined && request.query !== undefined && this.byBody.has(request.query)) {
          this.listedRequests.add(request);
          count('listed');
        }
        return {
          didResolveOperation: async () => {
            if (this.listedRequests.has(request)) return;
            if (this.only) {
              count('refused');
              throw notInList();
            }
            count('unlisted');
          },
          didEncounterErrors: async ({ errors }) => {
            if (errors.some((error) => error.extensions.code === 'PERSISTED_QUERY_NOT_FOUND')) count('unknown');
          },
        };
      },
    };
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

  private document(operation: PersistedOperation): DocumentNode {
    let document = this.documents.get(operation.id);
    if (!document) {
      document = parse(operation.body);
      this.documents.set(operation.id, document);
    }
    return document;
  }
}
