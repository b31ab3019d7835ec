import {
  defaultFieldResolver,
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  type ConstDirectiveNode,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLNamedType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import { ForbiddenError } from '../errors.js';
import { SCOPES, type Scope } from './actor.js';
import type { Caller } from './caller.js';

/**
 * The scope table lives in the SDL (`@requiresScopes`, `@authenticated`, Federation 2.5+), so a router in front of
 * the supergraph and this gateway enforce the same rules from one source (docs/security.md "Scopes"). Read once, when
 * the schema is built: each field that needs scopes gets its checks computed here and its resolver wrapped, so a
 * request pays a few set lookups per such field and never walks the schema.
 *
 * Semantics are Apollo Router's: `scopes` is an OR of ANDs (the caller holds every scope of at least one inner list),
 * exact names (no scope implies another), and a requirement on a type applies to every field answering that type
 * (and, for a union or interface, of each of its possible types: `_entities` answers Client, Channel and Partner).
 * `@authenticated` asks for an identified caller: every caller a resolver sees has been identified (identifyCaller
 * refuses before any resolver runs), so it adds no check here.
 */

/** One rule a field must pass: hold every scope of at least one of `anyOf`. */
interface ScopeCheck {
  anyOf: readonly (readonly Scope[])[];
  /** What the refusal says needs the scopes besides the field itself: "to read the Client it answers"; null for the field's own rule. */
  through: string | null;
}

const KNOWN_SCOPES: ReadonlySet<string> = new Set(SCOPES);

function requiresScopes(directives: readonly ConstDirectiveNode[], where: string): Scope[][] | null {
  const node = directives.find((directive) => directive.name.value === 'requiresScopes');
  if (!node) return null;
  const value = node.arguments?.find((argument) => argument.name.value === 'scopes')?.value;
  if (value?.kind !== Kind.LIST) throw new Error(`@requiresScopes on ${where} has no scopes list`);
  return value.values.map((inner) => {
    if (inner.kind !== Kind.LIST) throw new Error(`@requiresScopes on ${where}: scopes must be a list of lists`);
    return inner.values.map((scope) => {
      // A misspelt scope would make the field unreachable for everyone but services: refused when the schema is built.
      if (scope.kind !== Kind.STRING || !KNOWN_SCOPES.has(scope.value)) throw new Error(`@requiresScopes on ${where} names an unknown scope`);
      return scope.value as Scope;
    });
  });
}

/** A type's own rule, written on its definition or on any of its extensions. */
function typeScopes(type: GraphQLNamedType): Scope[][] | null {
  const directives = [type.astNode, ...type.extensionASTNodes].flatMap((node) => node?.directives ?? []);
  return requiresScopes(directives, type.name);
}

const keyOf = (anyOf: readonly (readonly Scope[])[]) => JSON.stringify(anyOf.map((set) => [...set].sort()).sort());

/** Every rule a field must pass: its own, and that of the type it answers (each possible type of a union or interface). */
function checksOf(schema: GraphQLSchema, coordinate: string, field: GraphQLField<unknown, unknown>): ScopeCheck[] {
  const checks = new Map<string, ScopeCheck>();
  const own = requiresScopes(field.astNode?.directives ?? [], coordinate);
  if (own) checks.set(keyOf(own), { anyOf: own, through: null });
  const answered = getNamedType(field.type);
  const types = isAbstractType(answered) ? schema.getPossibleTypes(answered) : [answered];
  const byRule = new Map<string, { anyOf: Scope[][]; types: string[] }>();
  for (const type of types) {
    const anyOf = typeScopes(type);
    if (!anyOf) continue;
    const key = keyOf(anyOf);
    byRule.set(key, { anyOf, types: [...(byRule.get(key)?.types ?? []), type.name] });
  }
  for (const [key, { anyOf, types: names }] of byRule) {
    if (!checks.has(key)) checks.set(key, { anyOf, through: `to read the ${names.join(', ')} it answers` });
  }
  return [...checks.values()];
}

function callerOf(context: unknown, coordinate: string): Caller {
  const caller = (context as { caller?: Caller } | null)?.caller;
  if (!caller) throw new Error(`${coordinate} was resolved without a caller in its context: its scopes cannot be checked`);
  return caller;
}

/**
 * Throws FORBIDDEN naming the field and the scopes missing from the closest set, unless `caller` passes every check.
 * A refused root field is the operation's own action refused: HTTP 403. A refused field below one (the Conversation a
 * send answers) leaves the done write and its other fields standing: a field error at HTTP 200, so no client takes a
 * sent message for a refused one and sends it again.
 */
function enforce(checks: readonly ScopeCheck[], coordinate: string, caller: Caller, atRoot: boolean): void {
  for (const { anyOf, through } of checks) {
    if (anyOf.some((set) => set.every((scope) => caller.scopes.has(scope)))) continue;
    const missingScopes = anyOf
      .map((set) => set.filter((scope) => !caller.scopes.has(scope)))
      .reduce((closest, missing) => (missing.length < closest.length ? missing : closest));
    const needed = anyOf.map((set) => set.join(' and ')).join(', or ');
    const held = caller.scopes.size > 0 ? [...caller.scopes].join(' ') : 'none';
    throw new ForbiddenError(
      `${coordinate} needs the scope ${needed}${through ? ` (${through})` : ''}; missing: ${missingScopes.join(', ')} (the caller holds: ${held})`,
      atRoot ? { missingScopes, http: { status: 403 } } : { missingScopes },
    );
  }
}

/**
 * The check of a route that stands for fields outside GraphQL (`POST /media/:channelId` for `Mutation.uploadMedia`;
 * a download for `Query.channel` then `Channel.media`): the rules of every field on that path, read from the same SDL,
 * the refusal naming the route.
 */
export function routeScopeCheck(schema: GraphQLSchema, path: readonly string[], route: string): (caller: Caller) => void {
  const checks = path.flatMap((coordinate) => {
    const [typeName, fieldName] = coordinate.split('.');
    const type = schema.getType(typeName);
    const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
    if (!field) throw new Error(`${route} stands for ${coordinate}, which the schema lacks`);
    return checksOf(schema, coordinate, field);
  });
  // The route answers its own HTTP status (403 for FORBIDDEN): no GraphQL `http` extension.
  const label = `${route} (as ${path.join(' → ')})`;
  return (caller) => enforce(checks, label, caller, false);
}

/** The schema's fields, each refused with FORBIDDEN before its resolver (and so before any upstream call) unless the caller holds its scopes. */
export function enforceScopes(schema: GraphQLSchema): GraphQLSchema {
  const subscriptionType = schema.getSubscriptionType();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const coordinate = `${type.name}.${field.name}`;
      const checks = checksOf(schema, coordinate, field);
      if (checks.length === 0) continue;
      const check = (context: unknown, info: GraphQLResolveInfo) => enforce(checks, coordinate, callerOf(context, coordinate), info.path.prev === undefined);
      const { subscribe } = field;
      // A subscription is checked when it starts: its events are resolved for the same caller.
      if (type === subscriptionType && subscribe) {
        field.subscribe = (source, args, context, info) => {
          check(context, info);
          return subscribe(source, args, context, info);
        };
        continue;
      }
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        check(context, info);
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
