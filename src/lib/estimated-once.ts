import type { DocumentNode, GraphQLSchema, OperationDefinitionNode } from 'graphql';

/** An estimate of an operation over its schema and document, given no variables. */
type Estimate = (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: undefined) => number;

/**
 * `estimate` of operations without variables, which nothing of a request changes, worked out once per operation object:
 * Apollo's document cache hands the same document (and operation) objects to every request of one text, so a cached
 * listing is estimated once, not per request.
 */
export function estimatedOnce(estimate: Estimate): (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode) => number {
  const known = new WeakMap<OperationDefinitionNode, { schema: GraphQLSchema; document: DocumentNode; value: number }>();
  return (schema, document, operation) => {
    const cached = known.get(operation);
    if (cached?.schema === schema && cached.document === document) return cached.value;
    const value = estimate(schema, document, operation, undefined);
    known.set(operation, { schema, document, value });
    return value;
  };
}
