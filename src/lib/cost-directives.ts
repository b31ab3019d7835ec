import { Kind, type ConstDirectiveNode, type GraphQLField } from 'graphql';

// Readers of the schema's demand-control directives (`@cost`, `@listSize`), the ground of both estimators: the
// upstream-call budget (datasources/call-budget.ts) and the query cost (http/query-cost.ts).

/** The directive `name` on a field of the schema, as written in its SDL. */
export function directive(field: GraphQLField<unknown, unknown>, name: string): ConstDirectiveNode | undefined {
  return field.astNode?.directives?.find((node) => node.name.value === name);
}

/** An integer argument of a directive (`@cost(weight: 10)`). */
export function intArgument(node: ConstDirectiveNode | undefined, name: string): number | undefined {
  const value = node?.arguments?.find((argument) => argument.name.value === name)?.value;
  return value?.kind === Kind.INT ? Number(value.value) : undefined;
}

/** A list-of-strings argument of a directive (`@listSize(slicingArguments: ["limit"])`); one string counts as a list of one. */
export function listArgument(node: ConstDirectiveNode | undefined, name: string): string[] {
  const value = node?.arguments?.find((argument) => argument.name.value === name)?.value;
  if (value?.kind === Kind.LIST) return value.values.flatMap((item) => (item.kind === Kind.STRING ? [item.value] : []));
  return value?.kind === Kind.STRING ? [value.value] : [];
}
