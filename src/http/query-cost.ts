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
import { estimatedOnce } from '../lib/estimated-once.js';
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

/** A composite field an object of an answer selects, with what its value costs. */
interface CostedField {
  /** Its response key (alias or name). */
  key: string;
  /** Every node selecting it under that key (fragments expanded). */
  nodes: FieldNode[];
  type: GraphQLCompositeType;
  weight: number | undefined;
  /** What an object of its value selects, per concrete type: worked out at the first such object of any answer. */
  selectedOn: Map<GraphQLObjectType, CostedField[]>;
}

/**
 * What an operation's answers cost, read from the operation once: which fields each object selects (fragments expanded)
 * and their weights. Only the answer's values (list lengths, nulls, `__typename`) differ from one answer to the next.
 */
class AnswerCost {
  readonly root: CostedField[] | null;
  private readonly fragments = new Map<string, FragmentDefinitionNode>();

  constructor(
    private readonly schema: GraphQLSchema,
    readonly document: DocumentNode,
    private readonly operation: OperationDefinitionNode,
  ) {
    for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(definition.name.value, definition);
    const root = schema.getRootType(operation.operation);
    this.root = root ? this.costedFields(root, operation.selectionSet) : null;
  }

  of(data: Readonly<Record<string, unknown>> | null | undefined): number {
    if (!this.root || !data) return 0;
    return (this.operation.operation === OperationTypeNode.MUTATION ? MUTATION_COST : 0) + this.objectCost(this.root, data);
  }

  private objectCost(fields: readonly CostedField[], record: Readonly<Record<string, unknown>>): number {
    let cost = 0;
    for (const field of fields) {
      const value = record[field.key];
      // As estimated: a list's own @cost is paid once (when it was fetched), its items 1 each.
      if (field.weight !== undefined && Array.isArray(value)) cost += field.weight + this.valueCost(field, 1, value);
      else cost += this.valueCost(field, field.weight ?? 1, value);
    }
    return cost;
  }

  private valueCost(field: CostedField, weight: number, value: unknown): number {
    if (value === null || value === undefined) return 0;
    if (Array.isArray(value)) {
      let sum = 0;
      for (const item of value) sum += this.valueCost(field, weight, item);
      return sum;
    }
    const record = value as Record<string, unknown>;
    const concrete = isObjectType(field.type) ? field.type : this.schema.getType(typeof record.__typename === 'string' ? record.__typename : '');
    if (!concrete || !isObjectType(concrete)) return weight;
    let selected = field.selectedOn.get(concrete);
    if (!selected) {
      const selections: SelectionSetNode = { kind: Kind.SELECTION_SET, selections: field.nodes.flatMap((node) => node.selectionSet?.selections ?? []) };
      field.selectedOn.set(concrete, (selected = this.costedFields(concrete, selections)));
    }
    return weight + this.objectCost(selected, record);
  }

  /** The composite fields an object of `type` selects (scalars, enums, `__typename` and unknown fields cost nothing). */
  private costedFields(type: GraphQLObjectType, selections: SelectionSetNode): CostedField[] {
    const costed: CostedField[] = [];
    for (const [key, nodes] of this.fieldsOf(type, selections, new Map(), new Set())) {
      const name = nodes[0].name.value;
      if (name.startsWith('__')) continue;
      const field = type.getFields()[name];
      if (!field) continue;
      const fieldType = getNamedType(field.type);
      if (!isCompositeType(fieldType)) continue;
      costed.push({ key, nodes, type: fieldType, weight: costWeight(field), selectedOn: new Map() });
    }
    return costed;
  }

  /** Every field node selected on an object of `type`, fragments expanded, by response key. */
  private fieldsOf(type: GraphQLObjectType, selections: SelectionSetNode, into: Map<string, FieldNode[]>, seen: Set<string>): Map<string, FieldNode[]> {
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        into.set(key, [...(into.get(key) ?? []), selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        if (condition === undefined || condition === type.name || this.isAbstractOf(condition, type)) this.fieldsOf(type, selection.selectionSet, into, seen);
      } else {
        const fragment = this.fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue;
        const condition = fragment.typeCondition.name.value;
        if (condition === type.name || this.isAbstractOf(condition, type))
          this.fieldsOf(type, fragment.selectionSet, into, new Set([...seen, fragment.name.value]));
      }
    }
    return into;
  }

  private isAbstractOf(condition: string, type: GraphQLObjectType): boolean {
    const conditionType = this.schema.getType(condition);
    return conditionType !== undefined && isAbstractType(conditionType) && this.schema.isSubType(conditionType, type);
  }
}

/** Apollo's document cache hands the same operation to every request of one text: its answers' costs are read off it once. */
const answerCosts = new WeakMap<OperationDefinitionNode, { schema: GraphQLSchema; cost: AnswerCost }>();

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
  let known = answerCosts.get(operation);
  if (known?.schema !== schema || known.cost.document !== document)
    answerCosts.set(operation, (known = { schema, cost: new AnswerCost(schema, document, operation) }));
  return known.cost.of(data);
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

const fixedCost = estimatedOnce(estimateQueryCost);

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
