import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  execute,
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  parse,
  validate,
  type ExecutionArgs,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { identifyCaller } from '../identity/caller.js';
import type { PersistedOperations } from './persisted-operations.js';
import type { Config } from '../config.js';
import { createContext, type Context } from '../context.js';
import { formatGraphQLError } from './format-error.js';
import type { Services } from '../services.js';
import { refuseWriteWhileStoreStalled } from '../store/store-guard.js';
import { refuseOverEstimate } from '../datasources/call-budget.js';
import { refuseOverCost, spendQueryCost } from './query-cost.js';
import { shareKeyOf, ShareUsedUpError } from '../store/fair-share.js';

export interface WebSocketEndpoint {
  /** Closes every open subscription with 1001 Going Away (server shutdown). */
  dispose(): Promise<void>;
}

/**
 * graphql-ws sends credentials in connectionParams, not headers: they are read as the headers of
 * an HTTP request would be (`authorization`, and `x-partner-id` in multi-tenant mode).
 */
function connectionHeaders(params: Readonly<Record<string, unknown>> | undefined): IncomingHttpHeaders {
  const text = (...names: string[]) => names.map((name) => params?.[name]).find((value): value is string => typeof value === 'string');
  return {
    authorization: text('authorization', 'Authorization'),
    'x-partner-id': text('x-partner-id', 'X-Partner-Id', 'partnerId'),
  };
}

/** An upgrade refused before the handshake: a plain JSON answer, then the socket closes. */
function refuseUpgrade(socket: Duplex, status: 429 | 503, message: string): void {
  const body = JSON.stringify({ error: { code: status === 429 ? 'RATE_LIMITED' : 'UPSTREAM_UNAVAILABLE', message } });
  const reason = status === 429 ? 'Too Many Requests' : 'Service Unavailable';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * ws reports a message over maxPayload as an 'error' on the socket (after closing it with 1009),
 * which graphql-ws prints to the console as an internal error. It is a refusal the bound exists
 * for: counted, and kept from graphql-ws's listener.
 */
function quietOversizedMessages(ws: WebSocket, onRefused: () => void): void {
  const emit = ws.emit.bind(ws);
  ws.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'error' && (args[0] as { code?: unknown } | undefined)?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
      onRefused();
      return true;
    }
    return emit(event, ...args);
  };
}

/**
 * Subscriptions and operations over graphql-ws on `/graphql`, bounded so that no caller can
 * inflate the process: a message larger than WS_MAX_PAYLOAD_BYTES closes its connection with
 * 1009 before it is buffered (ws's maxPayload, checked on the frame header), and connections are
 * capped per process and per remote address, refused before the handshake. The same query limits,
 * store guard and error masking apply as over HTTP; a connection without valid credentials is
 * closed with 4403.
 */
export function webSocketEndpoint(options: {
  httpServer: Server;
  schema: GraphQLSchema;
  validationRules: readonly ValidationRule[];
  config: Config;
  services: Services;
  /** Trusted documents: listed operations by id, the rest refused when PERSISTED_OPERATIONS_ONLY is on. */
  persistedOperations?: PersistedOperations | null;
}): WebSocketEndpoint {
  const { httpServer, schema, validationRules, config, services, persistedOperations } = options;
  const { maxPayloadBytes, maxConnections, maxConnectionsPerAddress } = config.webSocket;
  const metrics = services.metrics;
  const wsServer = new WebSocketServer({ noServer: true, maxPayload: maxPayloadBytes });
  const perAddress = new Map<string, number>();
  let open = 0;

  httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://gateway').pathname !== '/graphql') {
      socket.destroy();
      return;
    }
    const address = request.socket.remoteAddress ?? 'unknown';
    const fromAddress = perAddress.get(address) ?? 0;
    if (open >= maxConnections) {
      metrics.webSocketRefusals.inc({ reason: 'process' });
      refuseUpgrade(socket, 503, `This instance holds its maximum of ${maxConnections} WebSocket connections; retry shortly`);
      return;
    }
    if (fromAddress >= maxConnectionsPerAddress) {
      metrics.webSocketRefusals.inc({ reason: 'address' });
      refuseUpgrade(socket, 429, `At most ${maxConnectionsPerAddress} WebSocket connections per address`);
      return;
    }
    open += 1;
    perAddress.set(address, fromAddress + 1);
    metrics.webSocketConnections.set(open);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      open -= 1;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      metrics.webSocketConnections.set(open);
    };
    // A handshake that never completes still gives its slot back.
    socket.once('close', release);
    wsServer.handleUpgrade(request, socket, head, (ws) => {
      ws.once('close', release);
      quietOversizedMessages(ws, () => metrics.webSocketRefusals.inc({ reason: 'payload' }));
      wsServer.emit('connection', ws, request);
    });
  });

  const allRules = [...validationRules];
  const persistedOnSubscribe = persistedOperations?.onSubscribe(schema, validationRules, metrics);
  // A connection's credentials and address do not change: its share key is worked out (a fingerprint) once, not per operation.
  const shareKeys = new WeakMap<object, string>();
  const shareKeyOfConnection = (connection: { connectionParams?: Readonly<Record<string, unknown>>; extra: { request: IncomingMessage } }) => {
    let key = shareKeys.get(connection);
    if (key === undefined) {
      key = shareKeyOf(config, connectionHeaders(connection.connectionParams), connection.extra.request.socket.remoteAddress);
      shareKeys.set(connection, key);
    }
    return key;
  };
  const subscriptions = useServer<Record<string, unknown>>(
    {
      schema,
      parse: (source) => parse(source, { maxTokens: config.queryLimits.maxTokens }),
      validate: (wsSchema, document) => validate(wsSchema, document, allRules),
      onConnect: async ({ connectionParams }) => {
        try {
          await identifyCaller(config, connectionHeaders(connectionParams), services.accessTokens);
          return true;
        } catch {
          return false;
        }
      },
      context: (connection, _id, _payload, args) =>
        createContext(services, {
          headers: connectionHeaders(connection.connectionParams),
          requestId: randomUUID(),
          shareKey: shareKeyOfConnection(connection),
          ...(getOperationAST(args.document, args.operationName)?.operation === OperationTypeNode.SUBSCRIPTION && { upstreamCallLimit: null }),
        }),
      // As at HTTP's door: a caller whose budget is used up is refused before its document is parsed or validated.
      onSubscribe: (connection, id, payload) => {
        try {
          services.fairShare.refuseIfUsedUp(shareKeyOfConnection(connection));
        } catch (error) {
          if (error instanceof ShareUsedUpError) return [error];
          throw error;
        }
        return persistedOnSubscribe?.(connection, id, payload);
      },
      // As over HTTP: an operation whose cost is over MAX_QUERY_COST or estimated over MAX_UPSTREAM_CALLS_PER_OPERATION is refused, and the one
      // store guard of HTTP and WebSocket refuses a write before it is sent while Redis is stalled.
      execute: async (args: ExecutionArgs) => {
        const operation = getOperationAST(args.document, args.operationName);
        try {
          if (operation) {
            await spendQueryCost(services.fairShare, (args.contextValue as Context).shareKey, () =>
              refuseOverCost(args.schema, args.document, operation, args.variableValues ?? undefined, config.queryLimits.maxCost, (value) =>
                metrics.operationCost.observe({ measure: 'estimated' }, value),
              ),
            );
            refuseOverEstimate(args.schema, args.document, operation, args.variableValues ?? undefined, config.maxUpstreamCallsPerOperation);
            await refuseWriteWhileStoreStalled(services, operation.operation);
          }
        } catch (error) {
          return { errors: [error instanceof GraphQLError ? error : new GraphQLError('Internal server error')] };
        }
        const result = await execute(args);
        const context = args.contextValue as Context;
        void services.fairShare.chargeUpstreamCalls(context.shareKey, context.callBudget?.taken ?? 0);
        return result;
      },
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((error) => formatGraphQLError(error.toJSON(), error)) } : undefined,
      // Errors before execution (parse, validation) carry no code from graphql-ws: given Apollo's over HTTP. A document
      // refused there is charged MAX_QUERY_COST to its caller, as over HTTP; a refusal at the door is not charged again.
      onError: (connection, _id, _payload, errors) => {
        if (!errors.some((error) => error instanceof ShareUsedUpError)) {
          void services.fairShare.chargeRefused(shareKeyOfConnection(connection), config.queryLimits.maxCost);
        }
        return errors.map((error) =>
          error.extensions.code ? formatGraphQLError(error.toJSON(), error) : { ...error.toJSON(), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
        );
      },
    },
    wsServer,
  );
  return { dispose: async () => subscriptions.dispose() };
}
