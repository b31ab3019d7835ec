import { defaultFieldResolver, getNamedType, GraphQLError, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { Context } from './context.js';
import { RateLimitedError } from './errors.js';
import type { AuditOutcome, AuditWrite } from './store/audit-trail.js';

/**
 * How a write ended, from the error its mutation field threw. The upstream failures carry the one "was it sent?"
 * verdict (datasources/upstream-errors.ts): `outcome: UNKNOWN` when a write may have reached the upstream without an
 * answer; `upstream` (or an upstream 429) when the upstream answered; every other coded error was raised before
 * anything was sent. An uncoded error is a fault of the gateway at an unknown step: whether the write went out is not
 * known, so it is not claimed refused.
 */
function outcomeOf(error: unknown): { outcome: AuditOutcome; code: string } {
  if (!(error instanceof GraphQLError) || typeof error.extensions.code !== 'string') return { outcome: 'UNKNOWN', code: 'INTERNAL_SERVER_ERROR' };
  const code = error.extensions.code;
  if (error.extensions.outcome === 'UNKNOWN') return { outcome: 'UNKNOWN', code };
  if (error.extensions.upstream !== undefined || (error instanceof RateLimitedError && error.byUpstream)) return { outcome: 'FAILED', code };
  return { outcome: 'REFUSED', code };
}

/** The client and channel a mutation names: its `clientId` and `channelId` arguments (or its input's). */
export function namedIds(args: Record<string, unknown>): Pick<AuditWrite, 'clientId' | 'channelId'> {
  const input = typeof args.input === 'object' && args.input !== null ? (args.input as Record<string, unknown>) : {};
  const id = (value: unknown) => (typeof value === 'string' ? value : null);
  return { clientId: id(args.clientId) ?? id(input.clientId), channelId: id(args.channelId) ?? id(input.channelId) };
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function';

/** Calls `ended` once `value` is final, as Apollo's willResolveField end hook is called: a promise settled, a list's items too. */
function whenFinished(value: unknown, ended: (error: unknown, result?: unknown) => void): void {
  if (isPromiseLike(value)) {
    value.then(
      (result) => whenFinished(result, ended),
      (error) => ended(error),
    );
  } else if (Array.isArray(value) && value.some(isPromiseLike)) {
    Promise.all(value).then(
      (items) => ended(null, items),
      (error) => ended(error),
    );
  } else {
    ended(null, value);
  }
}

/**
 * The writes each operation's mutation fields ended with, by response key, keyed by the operation's context: each
 * operation has a context of its own (Apollo clones the request's for each operation of a batch; graphql-ws builds one
 * per operation), and an entry goes when its context does.
 */
const writesByOperation = new WeakMap<object, Map<string, AuditWrite>>();

/** The writes an operation's mutation fields ended with, by response key (taken: none are left for a second call). */
export function takeWrites(context: object): Map<string, AuditWrite> {
  const writes = writesByOperation.get(context) ?? new Map<string, AuditWrite>();
  writesByOperation.delete(context);
  return writes;
}

/**
 * Every mutation field's resolver wrapped, at schema build, to note how its write ended (the audit step then keeps it,
 * on either transport: http/audit.ts). Applied outermost, so a refusal by any other wrapper (a missing scope, a bad
 * id argument) is noted as the write's refusal.
 */
export function auditMutations(schema: GraphQLSchema): GraphQLSchema {
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
    const createsMessage = getNamedType(field.type).name === 'SentMessage';
    field.resolve = (source, args: Record<string, unknown>, context: Context, info) => {
      const ended = (error: unknown, result?: unknown) => {
        const messageId = !error && createsMessage ? ((result as { id?: unknown } | null)?.id ?? null) : null;
        let writes = writesByOperation.get(context);
        if (!writes) writesByOperation.set(context, (writes = new Map<string, AuditWrite>()));
        writes.set(String(info.path.key), {
          actor: context.caller.actor,
          operation: info.fieldName,
          ...namedIds(args),
          messageId: typeof messageId === 'string' ? messageId : null,
          ...(error ? outcomeOf(error) : { outcome: 'DONE', code: null }),
        });
      };
      let value: unknown;
      try {
        value = resolve(source, args, context, info);
      } catch (error) {
        ended(error);
        throw error;
      }
      whenFinished(value, ended);
      return value;
    };
  }
  return schema;
}
