import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApolloServerPlugin } from '@apollo/server';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapSetter, trace, type Context as TraceContext, type Span, type Tracer } from '@opentelemetry/api';
import type { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationDefinitionNode } from 'graphql';

export interface TracingConfig {
  /** OTLP/HTTP collector base URL; spans go to `${endpoint}/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

/**
 * Optional OpenTelemetry tracing: a server span per /graphql request and a client span per
 * upstream attempt, linked by a W3C `traceparent` header sent upstream. The active request is
 * tracked in this instance's own AsyncLocalStorage instead of OTel's global context manager, so
 * several gateways in one process (tests) never see each other's spans.
 */
export class Tracing {
  private readonly requests = new AsyncLocalStorage<TraceContext>();

  private constructor(
    private readonly tracer: Tracer,
    private readonly provider: BasicTracerProvider,
    private readonly propagator: W3CTraceContextPropagator,
  ) {}

  /**
   * The SDK and the OTLP exporter are loaded here, when tracing is configured, not with this module: a gateway
   * without tracing (and every test file that loads the gateway) does without their hundreds of modules.
   */
  static async create(config: TracingConfig): Promise<Tracing> {
    const [{ W3CTraceContextPropagator }, { OTLPTraceExporter }, { Resource }, { BasicTracerProvider, BatchSpanProcessor }] = await Promise.all([
      import('@opentelemetry/core'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-base'),
    ]);
    const provider = new BasicTracerProvider({
      resource: new Resource({ 'service.name': config.serviceName }),
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` }))],
    });
    return new Tracing(provider.getTracer('hubgraph'), provider, new W3CTraceContextPropagator());
  }

  /** Runs the rest of the request inside its server span; the span ends when the response is sent. */
  middleware() {
    return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
      const path = request.url?.split('?', 1)[0] ?? '';
      const span = this.tracer.startSpan(`${request.method} ${path}`, {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'url.path': path },
      });
      response.once('close', () => {
        span.setAttribute('http.response.status_code', response.statusCode);
        if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      this.requests.run(trace.setSpan(ROOT_CONTEXT, span), next);
    };
  }

  /** Names the request span after the operation and marks failed operations. */
  plugin(): ApolloServerPlugin {
    const requestSpan = () => {
      const active = this.requests.getStore();
      return active ? trace.getSpan(active) : undefined;
    };
    return {
      async requestDidStart() {
        return {
          async didResolveOperation({ operationName, operation }) {
            const span = requestSpan();
            if (!span || !operation) return;
            span.setAttribute('graphql.operation.type', operation.operation);
            if (operationName) {
              span.setAttribute('graphql.operation.name', operationName);
              span.updateName(`${operation.operation} ${operationName}`);
            }
          },
          async willSendResponse({ response }) {
            const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
            if (errors.length > 0) {
              requestSpan()?.setStatus({ code: SpanStatusCode.ERROR, message: `${errors.length} error(s)` });
            }
          },
        };
      },
    };
  }

  /**
   * Runs one operation over graphql-ws inside a server span of its own (a WebSocket message has no HTTP request span),
   * named and marked as plugin() names and marks an HTTP request's: its upstream calls are the span's children.
   */
  async inOperationSpan<T>(operation: OperationDefinitionNode, run: () => Promise<T>): Promise<T> {
    const type = operation.operation;
    const name = operation.name?.value;
    const span = this.tracer.startSpan(name ? `${type} ${name}` : type, {
      kind: SpanKind.SERVER,
      attributes: { 'graphql.operation.type': type, ...(name && { 'graphql.operation.name': name }), 'network.protocol.name': 'websocket' },
    });
    try {
      const result = await this.requests.run(trace.setSpan(ROOT_CONTEXT, span), run);
      const errors = errorCount(result);
      if (errors > 0) span.setStatus({ code: SpanStatusCode.ERROR, message: `${errors} error(s)` });
      return result;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  }

  /** A client span for one upstream attempt, child of the current request; its context is injected into `headers`. */
  startUpstreamSpan(name: string, attributes: Record<string, string>, headers: Record<string, unknown>): Span {
    const parent = this.requests.getStore() ?? ROOT_CONTEXT;
    const span = this.tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
    this.propagator.inject(trace.setSpan(parent, span), headers, defaultTextMapSetter);
    return span;
  }

  /** Exports what is buffered; called on shutdown. */
  async shutdown(): Promise<void> {
    await this.provider.shutdown();
  }
}

/** The errors of an execution result (a subscription's event stream has none of its own). */
function errorCount(result: unknown): number {
  const errors = typeof result === 'object' && result !== null && 'errors' in result ? result.errors : undefined;
  return Array.isArray(errors) ? errors.length : 0;
}

/** Ends an upstream attempt's span with its HTTP status, or as failed without one. */
export function endUpstreamSpan(span: Span | undefined, status: number | 'error'): void {
  if (!span) return;
  if (status === 'error') {
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'no response' });
  } else {
    span.setAttribute('http.response.status_code', status);
    if (status >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}
