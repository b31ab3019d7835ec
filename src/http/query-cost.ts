import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isAbstractType,
  isCompositeType,
  isListType,
  isObjectType,
  Kind,
  OperationTypeNode,
  valueFromAST,
  type ArgumentNode,
  type ConstDirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { directive, intArgument, listArgument } from '../lib/cost-directives.js';
import type { FairShare } from '../store/fair-share.js';

/*
 * Demand control as a router computes it (IBM's GraphQL cost specification, as Apollo's router and
 * Hive gateway implement it), from the schema's own `@cost` and `@listSize`:
 * - an object, interface or union costs 1, a scalar or enum 0, unless the field says `@cost(weight:)`;
 * - a list field costs its size times (its weight plus its selection's cost); its size is its slicing
 *   argument when the query gives one (a variable counts: `first: $n`) or the argument's schema
 *   default, else its `assumedSize`, else DEFAULT_LIST_SIZE; a paged wrapper's
 *   `@listSize(sizedFields:)` sizes the fields it names (`nodes`);
 * - except that a list field's own `@cost` is paid once, not per item: in this schema it prices
 *   the one upstream call that fetches the whole list (`manageableChannels`), its items cost 1 each;
 * - a selection on an interface or union costs what its most expensive possible type costs (an
 *   answer holds one type per object), where a router adds up every fragment;
 * - a mutation costs 10 more; introspection and __typename cost nothing.
 */

/** Size of a list whose field states no `@listSize`. */
const DEFAULT_LIST_SIZE = 10;
const MUTATION_COST = 10;

type SizedFields = ReadonlyMap<string, number> | null;

/** A field's `@cost(weight:)`, read from its SDL once per field: the actual cost reads it for every object of an answer. */
const costWeights = new WeakMap<GraphQLField<unknown, unknown>, number | null>();
function costWeight(field: GraphQLField<unknown, unknown>): number | undefined {
  let weight = costWeights.get(field);
  if (weight === undefined) costWeights.set(field, (weight = intArgument(directive(field, 'cost'), 'weight') ?? null));
  return weight ?? undefined;
}

/** The largest slicing argument this query gives the field (variables resolved), when it gives one. */
function slicedSize(
  field: GraphQLField<unknown, unknown>,
  listSize: ConstDirectiveNode,
  given: readonly ArgumentNode[],
  variables: Readonly<Record<string, unknown>> | undefined,
): number | undefined {
  let size: number | undefined;
  for (const name of listArgument(listSize, 'slicingArguments')) {
    const argument = given.find((node) => node.name.value === name);
    const definition = field.args.find((arg) => arg.name === name);
    if (!definition) continue;
    // Omitted: the argument's schema default when it has one (`first: Int = 50`).
    const value: unknown = argument ? valueFromAST(argument.value, definition.type, variables) : definition.defaultValue;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) size = Math.max(size ?? 0, value);
  }
  return size;
}

/**
 * The static cost of one operation. Recursive, bounded by the query's depth (validated before);
 * a fragment's cost on a type is computed once however often it is spread, so fragments spread
 * twice inside each other cannot make the walk exponential.
 */
export function estimateQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables?: Readonly<Record<string, unknown>>,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const fragmentCosts = new Map<string, number>();
  const inProgress = new Set<string>();

  const applies = (condition: string | undefined, type: GraphQLObjectType): boolean => {
    if (condition === undefined || condition === type.name) return true;
    const conditionType = schema.getType(condition);
    return conditionType !== undefined && isAbstractType(conditionType) && schema.isSubType(conditionType, type);
  };

  const fieldCost = (parent: GraphQLObjectType, node: FieldNode, sized: SizedFields): number => {
    if (node.name.value.startsWith('__')) return 0;
    const field = parent.getFields()[node.name.value];
    if (!field) return 0;
    const type = getNamedType(field.type);
    const cost = intArgument(directive(field, 'cost'), 'weight');
    const weight = cost ?? (isCompositeType(type) ? 1 : 0);
    const listSize = directive(field, 'listSize');
    const sliced = listSize ? slicedSize(field, listSize, node.arguments ?? [], variables) : undefined;
    const expected = sliced ?? intArgument(listSize, 'assumedSize');
    const sizedFields = listArgument(listSize, 'sizedFields');
    const isList = isListType(getNullableType(field.type));
    const count = sized?.get(node.name.value) ?? (isList && sizedFields.length === 0 ? (expected ?? DEFAULT_LIST_SIZE) : 1);
    const childSizes = sizedFields.length > 0 ? new Map(sizedFields.map((name) => [name, expected ?? DEFAULT_LIST_SIZE])) : null;
    const children = node.selectionSet && isCompositeType(type) ? selectionCost(type, node.selectionSet, childSizes) : 0;
    // A list's `@cost` prices the one upstream call that fetches it (this schema's convention): paid once, its items 1 each.
    if (cost !== undefined && isList) return cost + count * ((isCompositeType(type) ? 1 : 0) + children);
    return count * (weight + children);
  };

  const selectionCost = (type: GraphQLCompositeType, selections: SelectionSetNode, sized: SizedFields): number => {
    if (isObjectType(type)) return objectSelectionCost(type, selections, sized);
    let most = 0;
    for (const possible of schema.getPossibleTypes(type)) most = Math.max(most, objectSelectionCost(possible, selections, sized));
    return most;
  };

  const objectSelectionCost = (type: GraphQLObjectType, selections: SelectionSetNode, sized: SizedFields): number => {
    let cost = 0;
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) cost += fieldCost(type, selection, sized);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (applies(selection.typeCondition?.name.value, type)) cost += objectSelectionCost(type, selection.selectionSet, sized);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && applies(fragment.typeCondition.name.value, type)) cost += fragmentCost(fragment, type, sized);
      }
    }
    return cost;
  };

  const fragmentCost = (fragment: FragmentDefinitionNode, type: GraphQLObjectType, sized: SizedFields): number => {
    const key = `${fragment.name.value}:${type.name}`;
    // Sized fields depend on where the fragment is spread: such a spread is not remembered.
    const known = sized === null ? fragmentCosts.get(key) : undefined;
    if (known !== undefined) return known;
    // A cycle is refused by validation before any cost is computed; cut here all the same.
    if (inProgress.has(key)) return 0;
    inProgress.add(key);
    const cost = objectSelectionCost(type, fragment.selectionSet, sized);
    inProgress.delete(key);
    if (sized === null) fragmentCosts.set(key, cost);
    return cost;
  };

  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  const operationCost = operation.operation === OperationTypeNode.MUTATION ? MUTATION_COST : 0;
  return operationCost + objectSelectionCost(root, operation.selectionSet, null);
}

/**
 * The cost of what an answer actually holds, by the same weights: each object in `data` costs its
 * field's weight (1, or `@cost`), lists cost what their items cost (plus a list's own `@cost` once),
 * scalars nothing. A field whose value is null costs nothing; an object of an interface or union
 * whose `__typename` was not selected costs its weight only (its own fields cannot be told apart).
 */
export function actualQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  data: Readonly<Record<string, unknown>> | null | undefined,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const root = schema.getRootType(operation.operation);
  if (!root || !data) return 0;

  /** Every field node selected on an object of `type`, fragments expanded, by response key. */
  const fieldsOf = (type: GraphQLObjectType, selections: SelectionSetNode, into: Map<string, FieldNode[]>, seen: Set<string>): Map<string, FieldNode[]> => {
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        into.set(key, [...(into.get(key) ?? []), selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        if (condition === undefined || condition === type.name || isAbstractOf(condition, type)) fieldsOf(type, selection.selectionSet, into, seen);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue;
        const condition = fragment.typeCondition.name.value;
        if (condition === type.name || isAbstractOf(condition, type)) fieldsOf(type, fragment.selectionSet, into, new Set([...seen, fragment.name.value]));
      }
    }
    return into;
  };
  const isAbstractOf = (condition: string, type: GraphQLObjectType) => {
    const conditionType = schema.getType(condition);
    return conditionType !== undefined && isAbstractType(conditionType) && schema.isSubType(conditionType, type);
  };

  const valueCost = (type: GraphQLCompositeType, weight: number, nodes: FieldNode[], value: unknown): number => {
    if (value === null || value === undefined) return 0;
    if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + valueCost(type, weight, nodes, item), 0);
    const record = value as Record<string, unknown>;
    const concrete = isObjectType(type) ? type : schema.getType(typeof record.__typename === 'string' ? record.__typename : '');
    const objectType = concrete && isObjectType(concrete) ? concrete : undefined;
    let cost = weight;
    if (!objectType) return cost;
    cost += objectCost(
      objectType,
      nodes,
      () => ({ kind: Kind.SELECTION_SET, selections: nodes.flatMap((node) => node.selectionSet?.selections ?? []) }),
      record,
    );
    return cost;
  };

  // Every item of a list is selected by the same field nodes: their fields are worked out once per type, not per item.
  const selectedFields = new Map<object, Map<GraphQLObjectType, Map<string, FieldNode[]>>>();
  const fieldsSelectedBy = (type: GraphQLObjectType, source: object, selections: () => SelectionSetNode): Map<string, FieldNode[]> => {
    let byType = selectedFields.get(source);
    if (!byType) selectedFields.set(source, (byType = new Map<GraphQLObjectType, Map<string, FieldNode[]>>()));
    let fields = byType.get(type);
    if (!fields) byType.set(type, (fields = fieldsOf(type, selections(), new Map(), new Set())));
    return fields;
  };

  const objectCost = (type: GraphQLObjectType, source: object, selections: () => SelectionSetNode, record: Readonly<Record<string, unknown>>): number => {
    let cost = 0;
    for (const [key, nodes] of fieldsSelectedBy(type, source, selections)) {
      const name = nodes[0].name.value;
      if (name.startsWith('__')) continue;
      const field = type.getFields()[name];
      if (!field) continue;
      const fieldType = getNamedType(field.type);
      if (!isCompositeType(fieldType)) continue;
      const fieldCost = costWeight(field);
      const value = record[key];
      // As estimated: a list's own @cost is paid once (when it was fetched), its items 1 each.
      if (fieldCost !== undefined && Array.isArray(value)) cost += fieldCost + valueCost(fieldType, 1, nodes, value);
      else cost += valueCost(fieldType, fieldCost ?? 1, nodes, value);
    }
    return cost;
  };

  return (
    (operation.operation === OperationTypeNode.MUTATION ? MUTATION_COST : 0) + objectCost(root, operation.selectionSet, () => operation.selectionSet, data)
  );
}

/** An operation whose estimated cost is over MAX_QUERY_COST: refused before execution, so before any upstream call. */
export class QueryCostError extends GraphQLError {
  constructor(
    estimated: number,
    readonly max: number,
  ) {
    super(
      `This operation's estimated cost is ${estimated}, over the limit of ${max} (MAX_QUERY_COST): nothing was sent; ask for fewer items (smaller limit or first) or fewer nested lists`,
      { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', cost: { estimated, max }, http: { status: 400 } } },
    );
  }
}

/**
 * Estimates of operations without variables, which nothing of a request changes. Apollo's document cache hands the same
 * document (and operation) objects to every request of one text, so a cached listing is estimated once, not per request.
 */
const fixedCosts = new WeakMap<OperationDefinitionNode, { schema: GraphQLSchema; document: DocumentNode; cost: number }>();
function fixedCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): number {
  const known = fixedCosts.get(operation);
  if (known?.schema === schema && known.document === document) return known.cost;
  const cost = estimateQueryCost(schema, document, operation, undefined);
  fixedCosts.set(operation, { schema, document, cost });
  return cost;
}

/** The estimate, after refusing an operation over `max` with QueryCostError (before anything is sent). */
export function refuseOverCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | undefined,
  max: number,
  observe: (estimated: number) => void,
): number {
  const estimated = operation.variableDefinitions?.length ? estimateQueryCost(schema, document, operation, variables) : fixedCost(schema, document, operation);
  observe(estimated);
  if (estimated > max) throw new QueryCostError(estimated, max);
  return estimated;
}

/**
 * The operation's estimated cost (`estimate`, which refuses it over MAX_QUERY_COST) spent from its
 * caller's fair share before anything runs: past the budget, only this caller waits. A refused
 * operation is charged MAX_QUERY_COST, so repeating refused operations soon meets the door.
 */
export async function spendQueryCost(fairShare: FairShare, shareKey: string, estimate: () => number): Promise<number> {
  let cost: number;
  try {
    cost = estimate();
  } catch (error) {
    if (error instanceof QueryCostError) await fairShare.chargeRefused(shareKey, error.max);
    throw error;
  }
  await fairShare.spend(shareKey, cost);
  return cost;
}
