import {
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  Kind,
  OperationTypeNode,
  valueFromAST,
  type ConstDirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { HubgraphError, ErrorCode } from '../errors.js';
import { directive, intArgument, listArgument } from '../lib/cost-directives.js';
import { estimatedOnce } from '../lib/estimated-once.js';

/** One operation would make (or has made) more upstream calls than MAX_UPSTREAM_CALLS_PER_OPERATION allows. */
export class UpstreamCallLimitError extends HubgraphError {
  constructor(limit: number, estimate?: number) {
    super(
      estimate === undefined
        ? `This operation reached its limit of ${limit} upstream calls (MAX_UPSTREAM_CALLS_PER_OPERATION): the rest of it was not sent; ask for fewer items or nested fields`
        : `This operation would make about ${estimate} upstream calls, over the limit of ${limit} (MAX_UPSTREAM_CALLS_PER_OPERATION): nothing was sent; ask for fewer items (a smaller limit) or fewer nested fields`,
      ErrorCode.BadUserInput,
      {
        field: 'query',
        upstreamCallLimit: limit,
        // Refused before execution: the whole request is the caller's to change (HTTP 400).
        ...(estimate !== undefined && { estimatedUpstreamCalls: estimate, http: { status: 400 } }),
      },
    );
  }
}

/**
 * The upstream calls one operation may still make: shared by the request's data sources, taken
 * before each call is sent (a cache hit or a shared in-flight read takes nothing). Once spent, a
 * further call fails its own field with UpstreamCallLimitError instead of being sent, so an
 * operation the estimate underrated (lists whose size only the upstream knows) stays bounded too.
 */
export class CallBudget {
  private spent = 0;

  constructor(readonly limit: number) {}

  /** Upstream calls taken so far (what the operation actually sent; `extensions.cost.upstreamCalls`). */
  get taken(): number {
    return this.spent;
  }

  take(): void {
    if (this.spent >= this.limit) throw new UpstreamCallLimitError(this.limit);
    this.spent += 1;
  }
}

/**
 * Estimates the upstream calls of an operation from the schema's demand-control directives: a
 * field with `@cost` needs one call of its own (the gateway's convention: weight 10, or more for a
 * rate-limited one), repeated once per item of every list around it. A list's size is its slicing
 * argument when the query gives one (`limit: 100`), else its `@listSize(assumedSize)` unless it
 * has a slicing argument (a paged list without `limit` is sized by the upstream's default page,
 * which the spec does not state: counted as one here, and bounded at run time by CallBudget).
 * Written with an explicit stack; fragments are expanded, a fragment cycle (refused by
 * validation anyway) is cut.
 */
export function estimateUpstreamCalls(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  let calls = 0;
  // `presized`: the selection is a paged wrapper's sized field (nodes), whose size the wrapper's slicing argument already gave.
  const pending: Array<{ type: GraphQLObjectType; selections: SelectionSetNode; multiplier: number; fragmentsSeen: ReadonlySet<string>; presized?: boolean }> =
    [{ type: root, selections: operation.selectionSet, multiplier: 1, fragmentsSeen: new Set() }];
  while (pending.length > 0) {
    const { type, selections, multiplier, fragmentsSeen, presized = false } = pending.pop()!;
    for (const selection of selections.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const onType = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (isObjectType(onType)) pending.push({ type: onType, selections: selection.selectionSet, multiplier, fragmentsSeen });
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || fragmentsSeen.has(fragment.name.value)) continue;
        const onType = schema.getType(fragment.typeCondition.name.value);
        if (isObjectType(onType)) {
          pending.push({ type: onType, selections: fragment.selectionSet, multiplier, fragmentsSeen: new Set([...fragmentsSeen, fragment.name.value]) });
        }
        continue;
      }
      const field = type.getFields()[selection.name.value];
      if (!field) continue;
      if (directive(field, 'cost')) calls += multiplier;
      if (!selection.selectionSet) continue;
      const childType = getNamedType(field.type);
      if (!isObjectType(childType)) continue;
      const listSize = directive(field, 'listSize');
      const sliced = listSize ? slicedSize(field, listSize, selection.arguments ?? [], variables) : undefined;
      const ownList = isListType(getNullableType(field.type));
      const size = presized ? 1 : (sliced ?? (ownList ? (intArgument(listSize, 'assumedSize') ?? 1) : 1));
      // A paged wrapper (ClientList) passes its size on to the fields it names (nodes), not to itself.
      const sizedFields = listArgument(listSize, 'sizedFields');
      if (sizedFields.length > 0 && !ownList) {
        for (const child of selection.selectionSet.selections) {
          const sizedChild = child.kind === Kind.FIELD && sizedFields.includes(child.name.value);
          pending.push({
            type: childType,
            selections: { kind: Kind.SELECTION_SET, selections: [child] },
            multiplier: multiplier * (sizedChild ? (sliced ?? 1) : 1),
            fragmentsSeen,
            presized: sizedChild,
          });
        }
      } else {
        pending.push({ type: childType, selections: selection.selectionSet, multiplier: multiplier * size, fragmentsSeen });
      }
    }
  }
  return calls;
}

/** The value of the field's slicing argument in this query, when given. */
function slicedSize(
  field: GraphQLField<unknown, unknown>,
  listSize: ConstDirectiveNode,
  given: ReadonlyArray<import('graphql').ArgumentNode>,
  variables: Record<string, unknown> | undefined,
): number | undefined {
  for (const name of listArgument(listSize, 'slicingArguments')) {
    const argument = given.find((node) => node.name.value === name);
    const definition = field.args.find((arg) => arg.name === name);
    if (!argument || !definition) continue;
    const value = valueFromAST(argument.value, definition.type, variables);
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  }
  return undefined;
}

const fixedEstimate = estimatedOnce(estimateUpstreamCalls);

/** Refuses, before anything is sent, an operation (not a subscription) whose estimate is over `limit`. */
export function refuseOverEstimate(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
  limit: number,
): void {
  if (operation.operation === OperationTypeNode.SUBSCRIPTION) return;
  const estimate = operation.variableDefinitions?.length
    ? estimateUpstreamCalls(schema, document, operation, variables)
    : fixedEstimate(schema, document, operation);
  if (estimate > limit) throw new UpstreamCallLimitError(limit, estimate);
}
