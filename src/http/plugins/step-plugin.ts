import type {
  ApolloServerPlugin,
  BaseContext,
  GraphQLRequestContext,
  GraphQLRequestExecutionListener,
  GraphQLRequestListener,
  GraphQLRequestListenerParsingDidEnd,
  GraphQLRequestListenerValidationDidEnd,
} from '@apollo/server';

type ContextOf<TContext extends BaseContext, Hook extends keyof GraphQLRequestListener<TContext>> = Parameters<
  NonNullable<GraphQLRequestListener<TContext>[Hook]>
>[0];

/**
 * One step's hooks on one request over HTTP: Apollo's request listener, but a hook with nothing to wait for returns
 * nothing instead of a promise. The steps' hooks run from one Apollo plugin (stepsPlugin), in the steps' order.
 */
export interface StepListener<TContext extends BaseContext> {
  parsingDidStart?(requestContext: ContextOf<TContext, 'parsingDidStart'>): GraphQLRequestListenerParsingDidEnd | undefined;
  validationDidStart?(requestContext: ContextOf<TContext, 'validationDidStart'>): GraphQLRequestListenerValidationDidEnd | undefined;
  didResolveOperation?(requestContext: ContextOf<TContext, 'didResolveOperation'>): Promise<void> | void;
  executionDidStart?(requestContext: ContextOf<TContext, 'executionDidStart'>): GraphQLRequestExecutionListener<TContext> | undefined;
  didEncounterErrors?(requestContext: ContextOf<TContext, 'didEncounterErrors'>): Promise<void> | void;
  willSendResponse?(requestContext: ContextOf<TContext, 'willSendResponse'>): Promise<void> | void;
}

/** A step's part of an HTTP request: its hooks for this request, or nothing when the step has nothing to do in it. */
export interface StepPlugin<TContext extends BaseContext> {
  requestDidStart(requestContext: GraphQLRequestContext<TContext>): StepListener<TContext> | undefined;
}

const SETTLED: Promise<void> = Promise.resolve();

/** The first rejection in the order the promises were made (Promise.all's is the first to happen). */
async function firstFailureInOrder(pending: ReadonlyArray<Promise<void>>): Promise<void> {
  const outcomes = await Promise.allSettled(pending);
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Calls `call` on every listener in order, as Apollo calls one hook of each of its plugins: every one is called whatever
 * the others did (a thrown error becomes a rejection). The answer fails with the first failure in the steps' order,
 * not the first to happen, so an operation two steps refuse is refused by the earlier step, as over graphql-ws.
 */
function everyOne<T>(listeners: readonly T[], call: (listener: T) => Promise<void> | void): Promise<void> {
  let pending: Array<Promise<void>> | undefined;
  for (const listener of listeners) {
    let result: Promise<void> | void;
    try {
      result = call(listener);
    } catch (error) {
      // Whatever a hook threw, as Apollo would have had it from an async hook.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      result = Promise.reject(error);
    }
    if (result) (pending ??= []).push(result);
  }
  return pending ? firstFailureInOrder(pending) : SETTLED;
}

/** End hooks called as Apollo calls its plugins' (last started, first ended; not awaited). */
function endAll<Args extends unknown[]>(ends: Array<(...args: Args) => Promise<void>>): ((...args: Args) => Promise<void>) | undefined {
  if (ends.length === 0) return undefined;
  ends.reverse();
  return async (...args) => {
    for (const end of ends) void end(...args);
  };
}

function executionListenerOf<TContext extends BaseContext>(
  listeners: Array<GraphQLRequestExecutionListener<TContext>>,
): GraphQLRequestExecutionListener<TContext> | undefined {
  if (listeners.length <= 1) return listeners[0];
  const resolving = listeners.filter((listener) => listener.willResolveField !== undefined);
  return {
    executionDidEnd: (error) => everyOne(listeners, (listener) => listener.executionDidEnd?.(error)),
    // Only when a step watches fields: Apollo wraps every resolver of an operation whose listeners do.
    ...(resolving.length > 0 && {
      willResolveField: (params) => {
        const ends = resolving.flatMap((listener) => listener.willResolveField?.(params) ?? []).reverse();
        if (ends.length === 0) return undefined;
        return (error, result) => {
          for (const end of ends) end(error, result);
        };
      },
    }),
  };
}

/**
 * The steps' HTTP hooks as one Apollo plugin. Apollo awaits each hook of each plugin on every request (a promise per
 * plugin and hook, a Promise.all over all of them); one plugin calling the steps in turn, a promise only where a step
 * waits for something, keeps that cost to one plugin's whatever the number of steps.
 */
export function stepsPlugin<TContext extends BaseContext>(steps: ReadonlyArray<StepPlugin<TContext>>): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart(requestContext) {
      const listeners: Array<StepListener<TContext>> = [];
      for (const step of steps) {
        const listener = step.requestDidStart(requestContext);
        if (listener) listeners.push(listener);
      }
      if (listeners.length === 0) return undefined;
      return {
        async parsingDidStart(context) {
          return endAll(listeners.flatMap((listener) => listener.parsingDidStart?.(context) ?? []));
        },
        async validationDidStart(context) {
          return endAll(listeners.flatMap((listener) => listener.validationDidStart?.(context) ?? []));
        },
        didResolveOperation: (context) => everyOne(listeners, (listener) => listener.didResolveOperation?.(context)),
        async executionDidStart(context) {
          return executionListenerOf(listeners.flatMap((listener) => listener.executionDidStart?.(context) ?? []));
        },
        didEncounterErrors: (context) => everyOne(listeners, (listener) => listener.didEncounterErrors?.(context)),
        willSendResponse: (context) => everyOne(listeners, (listener) => listener.willSendResponse?.(context)),
      } satisfies GraphQLRequestListener<TContext>;
    },
  };
}
