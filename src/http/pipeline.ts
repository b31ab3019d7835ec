import type { IncomingHttpHeaders } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';
import {
  getOperationAST,
  GraphQLError,
  parse,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { takeWrites } from '../audited-writes.js';
import type { Config } from '../config.js';
import { createContext, type Context } from '../context.js';
import { refuseOverEstimate } from '../datasources/call-budget.js';
import { UnauthenticatedError } from '../errors.js';
import type { Caller } from '../identity/caller.js';
import type { Logger } from '../observability/logger.js';
import { OperationRecorder } from '../observability/operations.js';
import { withFieldErrors } from './field-errors.js';
import { writeAuditor } from './audit.js';
import type { Services } from '../services.js';
import { ShareUsedUpError } from '../store/fair-share.js';
import { refuseWriteWhileStoreStalled } from '../store/store-guard.js';
import { formatGraphQLError } from './format-error.js';
import type { PersistedOperations } from './persisted-operations.js';
import { fieldErrorsPlugin } from './plugins/field-errors.js';
import { auditPlugin } from './plugins/audit.js';
import { observabilityPlugin } from './plugins/observability.js';
import { persistedOperationsPlugin } from './plugins/persisted-operations.js';
import { queryCostPlugin } from './plugins/query-cost.js';
import { storeGuardPlugin } from './plugins/store-guard.js';
import { subscriptionCallbackPlugins } from './plugins/subscription-callback.js';
import { upstreamCallLimitPlugin } from './plugins/upstream-call-limit.js';
import { stepsPlugin, type StepPlugin } from './plugins/step-plugin.js';
import { refuseOverCost, spendQueryCost } from './query-cost.js';

/** One GraphQL operation over graphql-ws, as the steps see it from its subscribe message to its answer. */
export interface WebSocketOperation {
  readonly requestId: string;
  readonly startedAt: number;
  /** The caller's fair-share key (its connection's credentials and address). */
  readonly shareKey: string;
  /** When the connection's credential expires (ms since the epoch; a person's token): operations started later are refused. */
  readonly credentialExpiresAt: number | null;
  /** Who the connection's credentials named when it connected: an operation refused before its context exists is audited under it. */
  readonly connectionCaller: Caller;
  readonly payload: SubscribePayload;
  /** Once parsed and validated: its execution arguments, its operation and the context it runs with. */
  args?: ExecutionArgs;
  operation?: OperationDefinitionNode | null;
  context?: Context;
  /** Whether execution started (false: refused before it). */
  executed: boolean;
}

/** An operation over graphql-ws once parsed, validated and given its context. */
export type ReadyWebSocketOperation = WebSocketOperation & { operation: OperationDefinitionNode; context: Context; args: ExecutionArgs };

/** What a step does over graphql-ws, at the points graphql-ws gives (websocket.ts calls them in the pipeline's order). */
export interface WebSocketStep {
  /** Before the document is parsed: errors refuse the operation; execution arguments replace graphql-ws's parsing. */
  subscribe?(operation: WebSocketOperation): readonly GraphQLError[] | ExecutionArgs | undefined;
  /** The operation is known (parsed, validated, its context built). */
  resolved?(operation: WebSocketOperation): void;
  /** Refused before execution (at subscribe, by parsing or by validation). */
  refused?(operation: WebSocketOperation, errors: readonly GraphQLError[]): void;
  /**
   * Around an operation's steps and execution (a subscription's: until it has subscribed): what the step keeps for
   * their duration, such as the operation's trace span. Calls `run` once and answers what it answers.
   */
  around?<T>(operation: ReadyWebSocketOperation, run: () => Promise<T>): Promise<T>;
  /** Before an operation executes (a subscription: before it subscribes): a thrown GraphQLError refuses it and nothing is sent upstream. */
  beforeExecute?(operation: ReadyWebSocketOperation): Promise<void> | void;
  /** After a query or mutation executed. */
  executed?(operation: WebSocketOperation & { context: Context }, result: ExecutionResult): void;
  /** An answer's errors as the caller gets them (the error-formatting step): before any `answer` hook. */
  formatErrors?(errors: readonly GraphQLError[], refused: boolean): GraphQLFormattedError[];
  /** Every answer on its way out, formatted, in the pipeline's order. */
  answer?(operation: WebSocketOperation, result: FormattedExecutionResult): FormattedExecutionResult;
  /**
   * Once per query, mutation or refusal, with the answer as it stands at this step (a subscription's events are not
   * operations of their own); the answer is sent once a returned promise settles (an audit entry kept first).
   */
  finished?(operation: WebSocketOperation, result: FormattedExecutionResult): Promise<void> | void;
}

export type StepName =
  | 'identity'
  | 'fair-share'
  | 'persisted-operations'
  | 'observability'
  | 'audit'
  | 'limits-and-cost'
  | 'call-estimate'
  | 'tracing'
  | 'store-guard'
  | 'subscription-callback'
  | 'field-errors'
  | 'error-formatting';

/**
 * One step of every GraphQL operation: its hooks over HTTP (in order; none for a step HTTP runs elsewhere: identity in
 * the context, the fair-share door in fair-share-door.ts (before the body is read), error formatting as Apollo's
 * formatError) and its hooks over graphql-ws.
 */
export interface OperationStep {
  name: StepName;
  /** Its hooks over HTTP, run with the neighbouring steps' from one Apollo plugin (plugins/step-plugin.ts). */
  http: StepPlugin<Context>[];
  /** Apollo plugins made elsewhere (Apollo's subscription callback, the tracing's), installed as they are at the step's place. */
  plugins: ApolloServerPlugin<Context>[];
  webSocket: WebSocketStep;
}

/**
 * graphql-ws sends credentials in connectionParams, not headers: they are read as the headers of
 * an HTTP request would be (`authorization`, and `x-partner-id` in multi-tenant mode).
 */
export function connectionHeaders(params: Readonly<Record<string, unknown>> | undefined): IncomingHttpHeaders {
  const text = (...names: string[]) => names.map((name) => params?.[name]).find((value): value is string => typeof value === 'string');
  return {
    authorization: text('authorization', 'Authorization'),
    'x-partner-id': text('x-partner-id', 'X-Partner-Id', 'partnerId'),
  };
}

/** Who calls: the one place a caller is identified and its request context built, for both transports. */
export const identity = {
  /** The caller a graphql-ws connection's credentials name (a person's token verified); null: the connection is refused. */
  async connectionCaller(services: Services, params: Readonly<Record<string, unknown>> | undefined): Promise<Caller | null> {
    try {
      return await services.identifyCaller(connectionHeaders(params));
    } catch {
      return null;
    }
  },
  context: createContext,
};

export interface PipelineOptions {
  config: Config;
  services: Services;
  logger: Logger;
  persistedOperations: PersistedOperations | null;
  schema: GraphQLSchema;
  /** The WebSocket's validation rules (a listed operation is validated with them). */
  validationRules: readonly ValidationRule[];
}

/**
 * The steps every GraphQL operation passes, in the order they run, defined once for both transports:
 * apollo-server.ts installs their plugins, websocket.ts runs their WebSocket hooks. A new rule that
 * must hold on both (a mutation's audit line after the store guard, a person's scopes at identity)
 * is one more step here.
 */
export function operationPipeline(options: PipelineOptions): OperationStep[] {
  const { config, services, logger, persistedOperations } = options;
  const { metrics, fairShare, tracing } = services;
  const maxCost = config.queryLimits.maxCost;
  const recorder = new OperationRecorder(metrics, logger);
  const persistedOnSubscribe = persistedOperations?.onSubscribe(options.schema, options.validationRules, metrics);
  const audit = writeAuditor(metrics, logger);
  // Operations past the door, the credential's expiry and the operation list: refused from there on (parsing,
  // validation), a mutation is audited under its connection's caller (docs/decisions.md "Audit trail").
  const pastTheDoor = new WeakSet<WebSocketOperation>();
  return [
    // Identity runs where each transport builds its context (identity.context) and, over graphql-ws, when it connects;
    // a connection is closed when its token expires (websocket.ts), and an operation that arrives after that is refused here.
    {
      name: 'identity',
      http: [],
      plugins: [],
      webSocket: {
        subscribe: ({ credentialExpiresAt }) =>
          credentialExpiresAt !== null && Date.now() >= credentialExpiresAt ? [tokenExpiredError(credentialExpiresAt)] : undefined,
      },
    },
    {
      // Over HTTP the door is fair-share-door.ts, run by graphql-http.ts before the body is read; over graphql-ws before the document is parsed.
      name: 'fair-share',
      http: [],
      plugins: [],
      webSocket: {
        subscribe: ({ shareKey }) => {
          try {
            fairShare.refuseIfUsedUp(shareKey);
          } catch (error) {
            if (error instanceof ShareUsedUpError) return [error];
            throw error;
          }
          return undefined;
        },
      },
    },
    {
      // First of the plugins: a listed operation's text replaces its id before any other plugin looks at the request.
      name: 'persisted-operations',
      http: persistedOperations ? [persistedOperationsPlugin(persistedOperations, metrics)] : [],
      plugins: [],
      webSocket: { subscribe: ({ payload }) => persistedOnSubscribe?.(undefined, '', payload) ?? undefined },
    },
    {
      name: 'observability',
      http: [observabilityPlugin(metrics, recorder)],
      plugins: [],
      webSocket: {
        resolved: ({ context, operation }) => context?.bindOperation(metrics.operationLabel(operation?.name?.value)),
        executed: ({ context }, result) => recorder.logUnexpected(context.logger, result.errors ?? []),
        finished: (operation, result) =>
          recorder.record({
            requestId: operation.requestId,
            operation: metrics.operationLabel(operation.operation?.name?.value),
            type: operation.operation?.operation ?? 'unknown',
            startedAt: operation.startedAt,
            executed: operation.executed,
            data: result.data,
            errors: result.errors,
          }),
      },
    },
    {
      // Every mutation field: one audit entry and log line, refusals of the whole operation by the steps below included.
      name: 'audit',
      http: [auditPlugin(audit)],
      plugins: [],
      webSocket: {
        subscribe: (operation) => {
          pastTheDoor.add(operation);
          return undefined;
        },
        finished: (operation, result) => {
          const { context, args, requestId } = operation;
          const refusal = result.errors?.[0];
          if (context && args) {
            const { schema, document, variableValues: variables } = args;
            const { caller, auditTrail } = context;
            const writes = takeWrites(context);
            return audit({
              schema,
              document,
              operation: operation.operation,
              variables,
              writes,
              refusal,
              requestId,
              caller,
              auditTrail,
              logger: () => context.logger,
            });
          }
          // Refused by parsing or validation, before its context was built (graphql-ws builds it after validating).
          const document = pastTheDoor.has(operation) ? parsedOrNothing(operation.payload.query, config.queryLimits.maxTokens) : undefined;
          if (!document) return undefined;
          return audit({
            schema: options.schema,
            document,
            operation: getOperationAST(document, operation.payload.operationName),
            variables: operation.payload.variables,
            writes: new Map(),
            refusal,
            requestId,
            caller: operation.connectionCaller,
            auditTrail: services.auditTrail,
            logger: () => logger.child({ requestId }),
          });
        },
      },
    },
    {
      // Before any resolver: an operation whose cost (@cost/@listSize) is over MAX_QUERY_COST sends nothing. A document
      // refused by parsing or validation is charged MAX_QUERY_COST to its caller; a refusal at the door is not charged again.
      name: 'limits-and-cost',
      http: [queryCostPlugin(maxCost, metrics, fairShare)],
      plugins: [],
      webSocket: {
        refused: ({ shareKey }, errors) => {
          if (!errors.some((error) => error instanceof ShareUsedUpError)) void fairShare.chargeRefused(shareKey, maxCost);
        },
        beforeExecute: async ({ args, operation, shareKey }) => {
          await spendQueryCost(fairShare, shareKey, () =>
            refuseOverCost(args.schema, args.document, operation, args.variableValues ?? undefined, maxCost, (value) => metrics.estimatedCost.observe(value)),
          );
        },
        executed: ({ context }) => void fairShare.chargeUpstreamCalls(context.shareKey, context.callBudget?.taken ?? 0),
      },
    },
    {
      name: 'call-estimate',
      http: [upstreamCallLimitPlugin(config.maxUpstreamCallsPerOperation)],
      plugins: [],
      webSocket: {
        beforeExecute: ({ args, operation }) =>
          refuseOverEstimate(args.schema, args.document, operation, args.variableValues ?? undefined, config.maxUpstreamCallsPerOperation),
      },
    },
    {
      // Over HTTP the request's span is tracing.middleware()'s and the plugin names it; a WebSocket message has no request
      // span, so each operation gets its own.
      name: 'tracing',
      http: [],
      plugins: tracing ? [tracing.plugin()] : [],
      webSocket: tracing ? { around: (operation, run) => tracing.inOperationSpan(operation.operation, run) } : {},
    },
    {
      // Without Redis there is no shared store to lose: no hook on every request.
      name: 'store-guard',
      http: services.redis ? [storeGuardPlugin(services)] : [],
      plugins: [],
      webSocket: { beforeExecute: ({ operation }) => refuseWriteWhileStoreStalled(services, operation.operation) },
    },
    // Apollo's HTTP callback protocol for subscriptions (a router's); graphql-ws has its own.
    { name: 'subscription-callback', http: [], plugins: subscriptionCallbackPlugins(config.subscriptionCallbackOrigins, logger), webSocket: {} },
    {
      name: 'field-errors',
      http: [fieldErrorsPlugin()],
      plugins: [],
      webSocket: {
        answer: ({ context }, result) => {
          // Taken, not read: a subscription's context answers each of its events, each with the errors its own run reported.
          const errors = withFieldErrors(result.errors, context?.fieldErrors.splice(0) ?? []);
          return errors ? { ...result, errors } : result;
        },
      },
    },
    {
      // Over HTTP Apollo's formatError (apollo-server.ts). Errors before execution (parse, validation) carry no code from
      // graphql-ws: given Apollo's over HTTP.
      name: 'error-formatting',
      http: [],
      plugins: [],
      webSocket: {
        formatErrors: (errors, refused) =>
          errors.map((error) =>
            !refused || error.extensions.code
              ? formatGraphQLError(error.toJSON(), error)
              : { ...error.toJSON(), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
          ),
      },
    },
  ];
}

/** A document as graphql-ws parsed it (a refusal's, again: graphql-ws keeps none), or nothing when it does not parse. */
function parsedOrNothing(query: string, maxTokens: number): DocumentNode | undefined {
  try {
    return parse(query, { maxTokens });
  } catch {
    return undefined;
  }
}

/** The refusal of an operation on a connection whose token has expired, and the reason its connection is closed with. */
export function tokenExpiredError(expiresAt: number): UnauthenticatedError {
  return new UnauthenticatedError(
    `The access token of this connection expired at ${new Date(expiresAt).toISOString()} (exp + clock skew): reconnect with a fresh one`,
  );
}

/**
 * The steps as Apollo plugins, in the pipeline's order: neighbouring steps' HTTP hooks as one plugin (stepsPlugin), an
 * Apollo plugin made elsewhere at its step's place between them.
 */
export function pipelinePlugins(steps: readonly OperationStep[]): ApolloServerPlugin<Context>[] {
  const plugins: ApolloServerPlugin<Context>[] = [];
  let run: StepPlugin<Context>[] = [];
  for (const step of steps) {
    if (step.plugins.length > 0 && run.length > 0) {
      plugins.push(stepsPlugin(run));
      run = [];
    }
    plugins.push(...step.plugins);
    run.push(...step.http);
  }
  if (run.length > 0) plugins.push(stepsPlugin(run));
  return plugins;
}

/** An error thrown by a step before execution as the answer carries it: unexpected ones masked. */
export function refusalOf(error: unknown): GraphQLError {
  return error instanceof GraphQLError ? error : new GraphQLError('Internal server error');
}
