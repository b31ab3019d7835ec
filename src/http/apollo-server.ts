import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { DocumentNode, GraphQLSchema, ValidationRule } from 'graphql';
import type { Config } from '../config.js';
import type { Context } from '../context.js';
import { formatGraphQLError } from './format-error.js';
import type { Services } from '../services.js';
import { persistedQueryCache } from '../store/persisted-queries.js';
import { landingPageWithGraphiqlFallback } from './graphiql.js';
import type { PersistedOperations } from './persisted-operations.js';
import { pipelinePlugins, type OperationStep } from './pipeline.js';
import type { Logger } from '../observability/logger.js';
import { closeSubscriptionsOnStop } from './plugins/close-subscriptions.js';

/**
 * Heap a parsed document takes, from its text's length: measured at 23 (spaced out) to 130 (dense)
 * bytes per character, so 128 is near the worst case. Apollo's own measure, the document's JSON,
 * counts about a fifth of its heap and costs a JSON.stringify per document cached.
 */
const DOCUMENT_HEAP_BYTES_PER_CHARACTER = 128;

/** Apollo's cache of parsed and validated documents, bounded by the heap they take (DOCUMENT_CACHE_MAX_MB), least recently used first out. */
export function parsedDocumentCache(maxBytes: number): InMemoryLRUCache<DocumentNode> {
  return new InMemoryLRUCache<DocumentNode>({
    maxSize: maxBytes,
    sizeCalculation: (document) =>
      document.loc ? Math.max(1, document.loc.source.body.length * DOCUMENT_HEAP_BYTES_PER_CHARACTER) : 5 * InMemoryLRUCache.sizeCalculation(document),
  });
}

/** Apollo Server with the gateway's limits, error formatting (the pipeline's last step) and the pipeline's plugins. */
export function createApolloServer(options: {
  schema: GraphQLSchema;
  validationRules: ValidationRule[];
  config: Config;
  services: Services;
  logger: Logger;
  httpServer: Server;
  subscriptions: { dispose(): Promise<void> };
  persistedOperations: PersistedOperations | null;
  steps: readonly OperationStep[];
}): ApolloServer<Context> {
  const { config, services, logger, persistedOperations } = options;
  const automaticQueries = persistedQueryCache(services.redis && services.store, logger);
  return new ApolloServer<Context>({
    schema: options.schema,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    logger,
    csrfPrevention: true,
    validationRules: options.validationRules,
    parseOptions: { maxTokens: config.queryLimits.maxTokens },
    documentStore: parsedDocumentCache(config.documentCacheMaxBytes),
    // Without introspection, "did you mean …" suggestions would reveal the schema piecemeal.
    hideSchemaDetailsFromClientErrors: !config.introspection,
    stopOnTerminationSignals: false,
    formatError: formatGraphQLError,
    // Compact JSON: Apollo's default indents every answer by two spaces (a 10-channel listing: 1.7× the bytes to build and send
    // for the same data); a cached listing spends about 2 % fewer instructions without it (bench/RESULTS.md, scenario 13).
    stringifyResult: (result) => JSON.stringify(result),
    persistedQueries: {
      cache: persistedOperations ? persistedOperations.automaticQueries(automaticQueries) : automaticQueries,
      ttl: config.apqTtlSeconds,
    },
    plugins: [
      // The operation pipeline's steps (pipeline.ts), in their order; graphql-ws runs the same steps.
      ...pipelinePlugins(options.steps),
      // The server's own: none has a hook on a request, so their place after the steps changes nothing.
      ApolloServerPluginDrainHttpServer({ httpServer: options.httpServer, stopGracePeriodMillis: config.shutdownTimeoutMs }),
      closeSubscriptionsOnStop(options.subscriptions),
      config.introspection ? landingPageWithGraphiqlFallback() : ApolloServerPluginLandingPageDisabled(),
      // No field carries cache hints; the plugin would otherwise run a hook on every resolved field.
      ApolloServerPluginCacheControlDisabled(),
    ],
  });
}
