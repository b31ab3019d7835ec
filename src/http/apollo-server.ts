import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { DocumentNode, GraphQLSchema, ValidationRule } from 'graphql';
import type { Config } from '../config.js';
import type { Context } from '../context.js';
import { formatGraphQLError } from './format-error.js';
import type { Logger } from '../observability/logger.js';
import { observabilityPlugin } from '../observability/plugin.js';
import { fieldErrorsPlugin } from '../resolvers/field-errors.js';
import type { Services } from '../services.js';
import { persistedQueryCache } from '../store/persisted-queries.js';
import { storeGuardPlugin } from '../store/store-guard.js';
import { landingPageWithGraphiqlFallback } from './graphiql.js';
import type { PersistedOperations } from './persisted-operations.js';
import { auditPlugin } from './plugins/audit.js';
import { closeSubscriptionsOnStop } from './plugins/close-subscriptions.js';
import { persistedOperationsPlugin } from './plugins/persisted-operations.js';
import { queryCostPlugin } from './plugins/query-cost.js';
import { subscriptionCallbackPlugins } from './plugins/subscription-callback.js';
import { upstreamCallLimitPlugin } from './plugins/upstream-call-limit.js';

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

/** Apollo Server with the gateway's limits, error formatting and plugins, in the order they must run. */
export function createApolloServer(options: {
  schema: GraphQLSchema;
  validationRules: ValidationRule[];
  config: Config;
  services: Services;
  logger: Logger;
  httpServer: Server;
  subscriptions: { dispose(): Promise<void> };
  persistedOperations: PersistedOperations | null;
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
    persistedQueries: {
      cache: persistedOperations ? persistedOperations.automaticQueries(automaticQueries) : automaticQueries,
      ttl: config.apqTtlSeconds,
    },
    plugins: [
      // First: a listed operation's text replaces its id before any other plugin looks at the request.
      ...(persistedOperations ? [persistedOperationsPlugin(persistedOperations, services.metrics)] : []),
      ApolloServerPluginDrainHttpServer({ httpServer: options.httpServer, stopGracePeriodMillis: config.shutdownTimeoutMs }),
      closeSubscriptionsOnStop(options.subscriptions),
      config.introspection ? landingPageWithGraphiqlFallback() : ApolloServerPluginLandingPageDisabled(),
      // No field carries cache hints; the plugin would otherwise run a hook on every resolved field.
      ApolloServerPluginCacheControlDisabled(),
      observabilityPlugin(services.metrics, logger),
      // Every mutation field: one audit entry and log line, refusals of the whole operation by the plugins below included.
      auditPlugin(services.metrics, logger),
      // Before any resolver: an operation whose cost (@cost/@listSize) is over MAX_QUERY_COST sends nothing.
      queryCostPlugin(config.queryLimits.maxCost, services.metrics, services.fairShare),
      upstreamCallLimitPlugin(config.maxUpstreamCallsPerOperation),
      ...(services.tracing ? [services.tracing.plugin()] : []),
      // Without Redis there is no shared store to lose: no hook on every request.
      ...(services.redis ? [storeGuardPlugin(services)] : []),
      ...subscriptionCallbackPlugins(config.subscriptionCallbackOrigins, logger),
      fieldErrorsPlugin(),
    ],
  });
}
