import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  execute,
  getOperationAST,
  OperationTypeNode,
  parse,
  subscribe,
  validate,
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from '../config.js';
import type { Context } from '../context.js';
import { UnauthenticatedError } from '../errors.js';
import type { Caller } from '../identity/caller.js';
import type { Services } from '../services.js';
import { isSettledShareKey } from '../identity/share-keys.js';
import { connectionHeaders, identity, refusalOf, type OperationStep, type ReadyWebSocketOperation, type WebSocketOperation } from './pipeline.js';

export interface WebSocketEndpoint {
  /** Closes every open subscription with 1001 Going Away (server shutdown). */
  dispose(): Promise<void>;
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

/** The longest delay a Node timer takes (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * Closes `socket` with 4403 when the token it connected with expires (`expiresAt`, exp + clock skew, when the token is
 * refused over HTTP too): graphql-ws clients reconnect on 4403, with a fresh token. One timer per socket, cleared
 * when the socket closes, so no timer outlives its socket; a token valid longer than a timer can wait re-arms it.
 */
function closeWhenTokenExpires(socket: WebSocket, expiresAt: number): void {
  // Closed while its token was being verified: its 'close' has passed, and nothing would clear a timer.
  if (socket.readyState !== socket.OPEN) return;
  let timer: NodeJS.Timeout;
  const arm = () => {
    const delay = expiresAt - Date.now();
    if (delay > 0) {
      timer = setTimeout(arm, Math.min(delay, MAX_TIMER_DELAY_MS));
      timer.unref();
      return;
    }
    // A close reason holds at most 123 bytes: the time, not the whole sentence of the refusal.
    socket.close(4403, `Access token expired at ${new Date(expiresAt).toISOString()}: reconnect with a fresh one`);
  };
  arm();
  socket.once('close', () => clearTimeout(timer));
}

/**
 * Subscriptions and operations over graphql-ws on `/graphql`, bounded so that no caller can
 * inflate the process: a message larger than WS_MAX_PAYLOAD_BYTES closes its connection with
 * 1009 before it is buffered (ws's maxPayload, checked on the frame header), and connections are
 * capped per process and per remote address, refused before the handshake. Every operation runs
 * the pipeline's steps (pipeline.ts) as over HTTP; a connection without valid credentials is
 * closed with 4403, and so is one whose person's token expires, when it does.
 */
export function webSocketEndpoint(options: {
  httpServer: Server;
  schema: GraphQLSchema;
  validationRules: readonly ValidationRule[];
  config: Config;
  services: Services;
  /** The operation pipeline (pipeline.ts), whose WebSocket hooks every operation runs in order. */
  steps: readonly OperationStep[];
}): WebSocketEndpoint {
  const { httpServer, schema, validationRules, config, services, steps } = options;
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
  const hooks = steps.map((step) => step.webSocket);
  // A connection's credentials and address do not change: its share key is worked out (a fingerprint) once, not per
  // operation, once it stands for the credential; its address stands in until the credential is vouched for.
  const shareKeys = new WeakMap<object, string>();
  const shareKeyOfConnection = (connection: { connectionParams?: Readonly<Record<string, unknown>>; extra: { request: IncomingMessage } }) => {
    let key = shareKeys.get(connection);
    if (key === undefined) {
      key = services.shareKeys.of(connectionHeaders(connection.connectionParams), connection.extra.request.socket.remoteAddress);
      if (isSettledShareKey(key)) shareKeys.set(connection, key);
    }
    return key;
  };
  // Who each connection's credentials named when it connected (and when a person's token expires).
  const callers = new WeakMap<object, Caller>();
  // Each operation from its subscribe message to its answer, by connection and id; execute is handed only its context.
  const operations = new WeakMap<object, Map<string, WebSocketOperation>>();
  const byContext = new WeakMap<Context, WebSocketOperation>();
  const operationOf = (connection: object, id: string) => operations.get(connection)?.get(id);
  const forget = (connection: object, id: string) => operations.get(connection)?.delete(id);
  /**
   * The answer as the caller gets it: errors formatted (as Apollo formats them before its plugins see the answer),
   * then each step's answer hook in order; with `finished`, each step's finished hook sees the answer as it stands
   * at that step, as an Apollo plugin's willSendResponse sees it at its place in the plugin list.
   */
  const answer = (
    operation: WebSocketOperation | undefined,
    result: ExecutionResult,
    refused: boolean,
    finished: boolean,
  ): FormattedExecutionResult | Promise<FormattedExecutionResult> => {
    let formatted: FormattedExecutionResult = result;
    if (result.errors) for (const hook of hooks) if (hook.formatErrors) formatted = { ...result, errors: hook.formatErrors(result.errors, refused) };
    if (!operation) return formatted;
    let pending: Array<Promise<void>> | undefined;
    for (const hook of hooks) {
      formatted = hook.answer?.(operation, formatted) ?? formatted;
      const keeping = finished ? hook.finished?.(operation, formatted) : undefined;
      if (keeping) (pending ??= []).push(keeping);
    }
    // As over HTTP, what a step keeps of the answer (its audit entries) is kept before the caller has the answer.
    const sent = formatted;
    return pending ? Promise.all(pending).then(() => sent) : sent;
  };
  const arounds = hooks.flatMap((hook) => (hook.around ? [hook.around.bind(hook)] : []));
  /**
   * An operation's steps around `run` (its execution, or a subscription's subscribe): each step's `around`, the first
   * outermost, then each step's beforeExecute in order; the first that throws answers with its refusal instead of `run`.
   */
  const runSteps = <T>(args: ExecutionArgs, run: (ready: ReadyWebSocketOperation | undefined) => Promise<T>): Promise<T | ExecutionResult> => {
    const context = args.contextValue as Context;
    const operation = byContext.get(context);
    if (!operation?.operation) return run(undefined);
    const ready = { ...operation, operation: operation.operation, context, args };
    const checked = async (): Promise<T | ExecutionResult> => {
      try {
        for (const hook of hooks) await hook.beforeExecute?.(ready);
      } catch (error) {
        return { errors: [refusalOf(error)] };
      }
      // The snapshot the later hooks get says so too.
      operation.executed = ready.executed = true;
      return run(ready);
    };
    return arounds.reduceRight<() => Promise<T | ExecutionResult>>((inner, around) => () => around(ready, inner), checked)();
  };
  const subscriptions = useServer<Record<string, unknown>>(
    {
      schema,
      parse: (source) => parse(source, { maxTokens: config.queryLimits.maxTokens }),
      validate: (wsSchema, document) => validate(wsSchema, document, allRules),
      onConnect: async (connection) => {
        const caller = await identity.connectionCaller(services, connection.connectionParams);
        if (caller === null) return false;
        callers.set(connection, caller);
        if (caller.expiresAt !== null) closeWhenTokenExpires(connection.extra.socket, caller.expiresAt);
        return true;
      },
      onSubscribe: (connection, id, payload) => {
        let shareKey: string;
        try {
          shareKey = shareKeyOfConnection(connection);
        } catch (error) {
          // A credential refused since the connection opened (an expired token, a 401 upstream): refused as over HTTP.
          if (error instanceof UnauthenticatedError) return [error];
          throw error;
        }
        const connectionCaller = callers.get(connection);
        // graphql-ws acknowledges a connection, and so takes its operations, only once onConnect has identified it.
        if (!connectionCaller) throw new Error('an operation arrived on a connection that was never identified');
        const operation: WebSocketOperation = {
          requestId: randomUUID(),
          startedAt: Date.now(),
          shareKey,
          credentialExpiresAt: connectionCaller.expiresAt,
          connectionCaller,
          payload,
          executed: false,
        };
        let perConnection = operations.get(connection);
        if (!perConnection) operations.set(connection, (perConnection = new Map<string, WebSocketOperation>()));
        perConnection.set(id, operation);
        for (const hook of hooks) {
          const outcome = hook.subscribe?.(operation);
          if (outcome) return outcome;
        }
        return undefined;
      },
      context: async (connection, id, _payload, args) => {
        const operationNode = getOperationAST(args.document, args.operationName);
        const operation = operationOf(connection, id);
        const context = await identity.context(services, {
          headers: connectionHeaders(connection.connectionParams),
          requestId: operation?.requestId ?? randomUUID(),
          shareKey: operation?.shareKey ?? shareKeyOfConnection(connection),
          // Verified once, when the connection opened: a token checked again here could expire between the identity
          // step and this point, and a refusal thrown from here would close the connection with 4500, not refuse the operation.
          caller: operation?.connectionCaller,
          ...(operationNode?.operation === OperationTypeNode.SUBSCRIPTION && { upstreamCallLimit: null }),
        });
        if (operation) {
          Object.assign(operation, { args, operation: operationNode, context });
          byContext.set(context, operation);
          for (const hook of hooks) hook.resolved?.(operation);
        }
        return context;
      },
      execute: (args: ExecutionArgs) =>
        runSteps(args, async (ready) => {
          const result = await execute(args);
          if (ready) for (const hook of hooks) hook.executed?.(ready, result);
          return result;
        }),
      // A subscription passes the same steps before it subscribes (its cost spent once, as over HTTP's callback
      // protocol); its events are answered (onNext) but are not operations of their own.
      subscribe: (args: ExecutionArgs) => runSteps(args, async () => subscribe(args)),
      onNext: (connection, id, _payload, _args, result) => {
        const operation = operationOf(connection, id);
        // A subscription's events are not operations of their own; a subscription refused before it subscribed is one.
        const finished = operation?.operation?.operation !== OperationTypeNode.SUBSCRIPTION || !operation.executed;
        return answer(operation, result, false, finished);
      },
      onComplete: (connection, id) => {
        forget(connection, id);
      },
      onError: async (connection, id, _payload, errors) => {
        const operation = operationOf(connection, id);
        forget(connection, id);
        if (operation) for (const hook of hooks) hook.refused?.(operation, errors);
        return (await answer(operation, { errors }, true, true)).errors ?? [];
      },
    },
    wsServer,
  );
  return { dispose: async () => subscriptions.dispose() };
}
