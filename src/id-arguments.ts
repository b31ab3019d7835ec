import {
  defaultFieldResolver,
  getNullableType,
  isInputObjectType,
  isListType,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { checkIdText, checkMessageId, checkPathId } from './datasources/upstream-path.js';
import { checkContactKey } from './events/conversations/contact-keys.js';

type Check = (value: unknown, field: string) => void;

/** ID arguments that never become an upstream path segment (a wamid may hold `=`, `+` or `/`). */
const TEXT_ID_ARGUMENTS = new Set(['messageId']);
/** Fields whose `id` argument names a message (a real wamid is base64: `=`, `+`, `/`). */
const MESSAGE_ID_FIELDS = new Set(['Channel.message']);
/** String arguments naming a contact: a contact key, normalised (a phone number in any format becomes its digits) before the resolver runs. */
const CONTACT_ARGUMENTS = new Set(['phoneNumber', 'contact']);

/** Absent and null values have nothing to check (a required one never arrives absent). */
function present(check: (value: string, field: string) => unknown): Check {
  return (value, field) => {
    if (typeof value === 'string') check(value, field);
  };
}

const asPathId = present(checkPathId);
const asIdText = present(checkIdText);
const asMessageId = present(checkMessageId);

function isId(type: GraphQLInputType): boolean {
  const nullable = getNullableType(type);
  return !isListType(nullable) && !isInputObjectType(nullable) && nullable.name === 'ID';
}

/** The check of one input value of `type`, or undefined when nothing in it is an id. */
function checkOf(type: GraphQLInputType, idCheck: Check, seen: Set<string>): Check | undefined {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = checkOf(nullable.ofType, idCheck, seen);
    return (
      item &&
      ((value, field) => {
        if (Array.isArray(value)) value.forEach((entry, index) => item(entry, `${field}.${index}`));
      })
    );
  }
  if (isInputObjectType(nullable)) {
    // Input objects may refer to themselves; a type being built contributes nothing a second time.
    if (seen.has(nullable.name)) return undefined;
    seen.add(nullable.name);
    // Ids inside inputs are filter values and message references, never path segments.
    const fields = Object.values(nullable.getFields()).flatMap((inner) => {
      const check = checkOf(inner.type, asIdText, seen);
      return check ? [{ name: inner.name, check }] : [];
    });
    seen.delete(nullable.name);
    if (fields.length === 0) return undefined;
    return (value, field) => {
      if (value === null || typeof value !== 'object') return;
      for (const { name, check } of fields) check((value as Record<string, unknown>)[name], `${field}.${name}`);
    };
  }
  return isId(type) ? idCheck : undefined;
}

/**
 * Every id a caller passes is checked before the field's resolver runs, so before anything is
 * sent upstream, and the error names the GraphQL argument (`clientId`, `input.filter.id`): ID
 * arguments are upstream path segments (checkPathId) unless listed as text or message ids, ids
 * inside input objects are at most 128 characters of well-formed Unicode, contact arguments
 * (`contact`, `phoneNumber`) are contact keys and reach the resolver normalised. The path builder
 * checks the same rules again, so an endpoint reached another way cannot skip them.
 */
export function checkIdArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const coordinate = `${type.name}.${field.name}`;
      const contacts = field.args.filter((argument) => CONTACT_ARGUMENTS.has(argument.name)).map((argument) => argument.name);
      const checks = field.args.flatMap((argument) => {
        if (CONTACT_ARGUMENTS.has(argument.name)) return [];
        const idCheck = TEXT_ID_ARGUMENTS.has(argument.name) ? asIdText : MESSAGE_ID_FIELDS.has(coordinate) && argument.name === 'id' ? asMessageId : asPathId;
        const check = checkOf(argument.type, idCheck, new Set());
        return check ? [{ name: argument.name, check }] : [];
      });
      if (checks.length === 0 && contacts.length === 0) continue;
      const checkArguments = (args: Record<string, unknown>) => {
        for (const { name, check } of checks) check(args[name], name);
        for (const name of contacts) {
          const value = args[name];
          if (typeof value === 'string') args[name] = checkContactKey(value, name);
        }
      };
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, context, info) => {
        checkArguments(args);
        return resolve(source, args, context, info);
      };
      const { subscribe } = field;
      if (subscribe) {
        field.subscribe = (source, args: Record<string, unknown>, context, info) => {
          checkArguments(args);
          return subscribe(source, args, context, info);
        };
      }
    }
  }
  return schema;
}
