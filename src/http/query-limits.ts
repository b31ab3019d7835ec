import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { Config } from '../config.js';

/**
 * Depth, alias and directive limits (graphql-armor's validation rules): a query over a limit is
 * refused with GRAPHQL_VALIDATION_FAILED before any resolver, so before any upstream call. Cost is
 * not armor's (which grows with depth and ignores list sizes) but the schema's own `@cost` and
 * `@listSize`, once variables are known (query-cost.ts). The token limit is graphql-js's own
 * parser option and field suggestions are hidden by Apollo itself
 * (hideSchemaDetailsFromClientErrors), so armor's two Apollo plugins, which are typed against
 * Apollo's CommonJS build, are not needed.
 */
export function queryLimitRules({ maxDepth, maxAliases }: Config['queryLimits']) {
  return new ApolloArmor({
    maxDepth: { n: maxDepth, ignoreIntrospection: true, flattenFragments: true },
    maxAliases: { n: maxAliases },
    costLimit: { enabled: false },
    maxDirectives: { n: 50 },
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }).protect().validationRules;
}
