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

function literalToJson(ast: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
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
      return ast.values.map((item) => literalToJson(item, variables));
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((field) => [field.name.value, literalToJson(field.value, variables)]));
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
  parseValue: (value) => value,
  parseLiteral: literalToJson,
});
