import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { BadUserInputError } from '../errors.js';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function parseDateTime(value: unknown): string {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
    throw new BadUserInputError(`DateTime must be an ISO 8601 string, got ${JSON.stringify(value)}`, 'DateTime');
  }
  return new Date(value).toISOString();
}

/** Upstream timestamps are strings (ISO 8601 in the samples) or, at times, UNIX seconds. */
function serializeDateTime(value: unknown): string {
  if (typeof value === 'number') return new Date(value * 1000).toISOString();
  if (typeof value === 'string') {
    const time = Date.parse(/^\d+$/.test(value) ? '' : value);
    if (!Number.isNaN(time)) return new Date(time).toISOString();
    if (/^\d+$/.test(value)) return new Date(Number(value) * 1000).toISOString();
  }
  throw new TypeError(`Not a timestamp: ${JSON.stringify(value)}`);
}

export const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  description: 'ISO 8601 date-time',
  serialize: serializeDateTime,
  parseValue: parseDateTime,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new BadUserInputError('DateTime must be an ISO 8601 string', 'DateTime');
    return parseDateTime(ast.value);
  },
});

/** Bounds of a JSON argument: deeper or larger values are refused before anything else reads them. */
export const JSON_MAX_DEPTH = 32;
export const JSON_MAX_BYTES = 64 * 1024;

function tooLarge(what: string): BadUserInputError {
  return new BadUserInputError(`JSON values are limited to ${JSON_MAX_DEPTH} levels of nesting and ${JSON_MAX_BYTES / 1024} KiB; this one is ${what}`, 'JSON');
}

/**
 * Checks a variable's JSON value without recursion (its depth is the caller's to choose): a walk
 * with an explicit stack that stops at the first bound it crosses. The size is the value's
 * serialised length, closely enough (quotes, commas and colons counted, escapes not).
 */
function checkJsonBounds(value: unknown): unknown {
  const pending: Array<[unknown, number]> = [[value, 0]];
  let bytes = 0;
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item === 'string') bytes += item.length + 3;
    else if (item === null || typeof item !== 'object') bytes += String(item).length + 1;
    else {
      if (depth >= JSON_MAX_DEPTH) throw tooLarge(`nested deeper than ${JSON_MAX_DEPTH} levels`);
      bytes += 2;
      const children = Array.isArray(item) ? (item as unknown[]) : Object.entries(item as Record<string, unknown>);
      for (const child of children) {
        if (Array.isArray(item)) pending.push([child, depth + 1]);
        else {
          const [key, entry] = child as [string, unknown];
          bytes += key.length + 4;
          pending.push([entry, depth + 1]);
        }
      }
    }
    if (bytes > JSON_MAX_BYTES) throw tooLarge(`larger than ${JSON_MAX_BYTES / 1024} KiB`);
  }
  return value;
}

/** An inline literal: recursion bounded by JSON_MAX_DEPTH, never by the caller. */
function literalToJson(ast: ValueNode, variables: Record<string, unknown> | null | undefined, depth = 0): unknown {
  if (depth > JSON_MAX_DEPTH) throw tooLarge(`nested deeper than ${JSON_MAX_DEPTH} levels`);
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((item) => literalToJson(item, variables, depth + 1));
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((field) => [field.name.value, literalToJson(field.value, variables, depth + 1)]));
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
    default:
      throw new BadUserInputError('Unsupported JSON literal', 'JSON');
  }
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value',
  serialize: (value) => value,
  parseValue: checkJsonBounds,
  parseLiteral: (ast, variables) => checkJsonBounds(literalToJson(ast, variables)),
});
