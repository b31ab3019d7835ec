import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Operation names come from callers (the parser has checked their syntax): only so many, only so long. */
const MAX_OPERATION_NAMES = 200;
const MAX_OPERATION_NAME_LENGTH = 64;

/** One finished upstream attempt as the metrics record it (the upstream client reports each one; never its headers). */
export interface UpstreamAttemptRecord {
  /** The upstream root: partner, cloud, onPremise or insights. */
  upstream: string;
  /** The endpoint id (A1..C), or unknown. */
  endpoint: string;
  method: string;
  status: number | 'error';
  durationMs: number;
  retryCount: number;
}

/**
 * Every metric of one gateway, on its own Registry (several gateways in one process, as in the
 * tests, must not share counters). Labels are endpoint ids, statuses, outcomes and operation
 * names: never a token, key, phone number or other caller data.
 *
 * Feature code increments the counters directly, e.g.
 * `services.metrics.limiterWaits.inc({endpoint: 'A2'})`.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly operationNames = new Set<string>();

  readonly upstreamRequests = new Counter({
    name: 'hubgraph_upstream_requests_total',
    help: 'Upstream HTTP attempts by upstream root, endpoint id (A1..A12, B1..B6, C), method and status (HTTP status or "error")',
    labelNames: ['upstream', 'endpoint', 'method', 'status'] as const,
    registers: [this.registry],
  });

  readonly upstreamDuration = new Histogram({
    name: 'hubgraph_upstream_request_duration_seconds',
    help: 'Latency of upstream HTTP attempts',
    labelNames: ['upstream', 'endpoint'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly upstreamRetries = new Counter({
    name: 'hubgraph_upstream_retries_total',
    help: 'Upstream attempts that were retries of an idempotent read',
    labelNames: ['upstream', 'endpoint'] as const,
    registers: [this.registry],
  });

  readonly circuitState = new Gauge({
    name: 'hubgraph_circuit_state',
    help: 'Worst circuit of an upstream root among its tenants (one circuit per credential): 0 closed, 1 half-open, 2 open',
    labelNames: ['upstream'] as const,
    registers: [this.registry],
  });

  readonly openCircuits = new Gauge({
    name: 'hubgraph_open_circuits',
    help: 'Tenants (credentials) whose circuit to an upstream root is open',
    labelNames: ['upstream'] as const,
    registers: [this.registry],
  });

  readonly circuitRejections = new Counter({
    name: 'hubgraph_circuit_rejections_total',
    help: "Upstream calls refused without sending because their credential's circuit to the root was open",
    labelNames: ['upstream'] as const,
    registers: [this.registry],
  });

  readonly persistedOperations = new Counter({
    name: 'hubgraph_persisted_operations_total',
    help: 'Operations against the PERSISTED_OPERATIONS manifest by outcome: listed (ran from the manifest), refused (PERSISTED_OPERATIONS_ONLY, not listed), unknown (an id neither listed nor registered), unlisted (ran as sent, the mode being off)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly operationCost = new Histogram({
    name: 'hubgraph_operation_cost',
    help: 'Cost of GraphQL operations by the schema\'s @cost/@listSize: "estimated" before execution (refused ones included), "actual" from what the answer held',
    labelNames: ['measure'] as const,
    buckets: [1, 10, 50, 100, 500, 1_000, 2_500, 5_000, 10_000, 50_000],
    registers: [this.registry],
  });

  /**
   * operationCost's two series, bound once: every operation observes both, and prom-client builds an observer for
   * each `observe(labels, value)` call; a bound series keeps its own (about half the cost of an observe).
   */
  readonly estimatedCost = this.operationCost.labels({ measure: 'estimated' });
  readonly actualCost = this.operationCost.labels({ measure: 'actual' });

  readonly operationUpstreamCalls = new Histogram({
    name: 'hubgraph_operation_upstream_calls',
    help: 'Upstream calls one GraphQL operation actually sent (cache hits and shared reads not counted)',
    buckets: [0, 1, 2, 5, 10, 20, 50],
    registers: [this.registry],
  });

  readonly cacheLookups = new Counter({
    name: 'hubgraph_cache_lookups_total',
    help: 'Response cache lookups by result (hit, miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly limiterWaits = new Counter({
    name: 'hubgraph_limiter_waits_total',
    help: 'Requests the gateway rate limiter delayed before sending',
    labelNames: ['endpoint'] as const,
    registers: [this.registry],
  });

  readonly limiterRejections = new Counter({
    name: 'hubgraph_limiter_rejections_total',
    help: 'Requests the gateway rate limiter refused with RATE_LIMITED',
    labelNames: ['endpoint'] as const,
    registers: [this.registry],
  });

  readonly webhookNotifications = new Counter({
    name: 'hubgraph_webhook_notifications_total',
    help: 'Webhook notifications (and the events in them) by outcome: received, deduplicated, published, rejected',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookRouting = new Counter({
    name: 'hubgraph_webhook_routing_total',
    help: "Cloud notification changes by how their metadata business number was assigned: own (the URL's channel), routed (another channel of the partner on its business account), unknown_number (no such channel: kept on the URL's channel as OtherNotificationEvent), unverified (nothing known of the channel's business account: kept on the URL's channel unchecked)",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookItems = new Counter({
    name: 'hubgraph_webhook_items_total',
    help: 'Items of webhook notifications published as events, by kind (message, status, error, echo, preference, other) and typed ("false" for other: kept untyped, never dropped)',
    labelNames: ['kind', 'typed'] as const,
    registers: [this.registry],
  });

  readonly openSubscriptions = new Gauge({
    name: 'hubgraph_open_subscriptions',
    help: 'GraphQL subscriptions currently open on this instance',
    registers: [this.registry],
  });

  readonly webSocketConnections = new Gauge({
    name: 'hubgraph_websocket_connections',
    help: 'WebSocket connections currently open on /graphql (capped by WS_MAX_CONNECTIONS)',
    registers: [this.registry],
  });

  readonly webSocketRefusals = new Counter({
    name: 'hubgraph_websocket_refusals_total',
    help: 'WebSocket connections refused or closed for a bound: process (WS_MAX_CONNECTIONS), address (WS_MAX_CONNECTIONS_PER_ADDRESS), payload (a message over WS_MAX_PAYLOAD_BYTES, close 1009)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly graphqlRefusals = new Counter({
    name: 'hubgraph_graphql_http_refusals_total',
    help: "POST/GET /graphql requests refused before Apollo saw them, by reason: budget (held until the caller's budget refilled), budget_at_once (past MAX_OPERATIONS_IN_FLIGHT_PER_CALLER held refusals, connection closed), in_flight (past MAX_OPERATIONS_IN_FLIGHT_PER_CALLER operations), body (size, structure, encoding or syntax; status 413, 415 or 400), credential (a credential already known to be refused: status 401)",
    labelNames: ['reason', 'status'] as const,
    registers: [this.registry],
  });

  readonly graphqlOperations = new Counter({
    name: 'hubgraph_graphql_operations_total',
    help: 'GraphQL operations by name, type and outcome (success, partial, error, rejected)',
    labelNames: ['operation', 'type', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly auditFailures = new Counter({
    name: 'hubgraph_audit_failures_total',
    help: 'Audit entries of writes that could not be stored (the write itself was answered; its log line was still written)',
    registers: [this.registry],
  });

  readonly storeUp = new Gauge({
    name: 'hubgraph_store_up',
    help: '1 when the shared store (Redis, or memory) answered the last readiness check',
    registers: [this.registry],
  });

  readonly storeErrors = new Counter({
    name: 'hubgraph_store_errors_total',
    help: 'Failed Redis commands and connection problems by cause (MOVED, CROSSSLOT, WRONGPASS, TLS, TIMEOUT, CONNECTION, …)',
    labelNames: ['cause'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'hubgraph_' });
  }

  /** For createServices' onUpstreamAttempt. */
  recordUpstream(attempt: UpstreamAttemptRecord): void {
    const labels = { upstream: attempt.upstream, endpoint: attempt.endpoint };
    this.upstreamRequests.inc({ ...labels, method: attempt.method, status: String(attempt.status) });
    this.upstreamDuration.observe(labels, attempt.durationMs / 1000);
    if (attempt.retryCount > 0) this.upstreamRetries.inc(labels);
  }

  /** A bounded, caller-data-free label for an operation name. */
  operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (this.operationNames.has(name)) return name;
    if (name.length > MAX_OPERATION_NAME_LENGTH) return 'other';
    if (this.operationNames.size >= MAX_OPERATION_NAMES) return 'other';
    this.operationNames.add(name);
    return name;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
