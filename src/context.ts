import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { GraphQLError, type GraphQLResolveInfo, responsePathAsArray } from 'graphql';
import { tenantOf, type Caller } from './identity/caller.js';
import { grantsClient } from './identity/grants.js';
import { ErrorCode, HubgraphError } from './errors.js';
import { InsightsApi } from './datasources/insights-api.js';
import { MediaApi } from './datasources/media-api.js';
import { MessagingApi } from './datasources/messaging-api.js';
import { PartnerApi } from './datasources/partner-api.js';
import { createLoaders, type Loaders } from './datasources/loaders.js';
import { CallBudget } from './datasources/call-budget.js';
import type { OnPremiseVersions } from './datasources/hosting.js';
import type { ChannelKeys } from './store/keystore.js';
import type { Config } from './config.js';
import type { EventHub } from './events/hub.js';
import type { ChannelDirectory } from './events/ingest/channel-directory.js';
import type { IdempotentSends } from './messaging/idempotency.js';
import type { AuditTrail } from './store/audit-trail.js';
import type { Logger } from './observability/logger.js';
import type { Metrics } from './observability/metrics.js';
import type { Services } from './services.js';

export interface Context {
  requestId: string;
  caller: Caller;
  readonly logger: Logger;
  config: Config;
  dataSources: {
    partner: PartnerApi;
    messaging: MessagingApi;
    insights: InsightsApi;
    media: MediaApi;
  };
  /** The channels' event logs, message records and conversations (the gateway's own store; no upstream call). */
  events: EventHub;
  /** Which channel each business number a notification names belongs to (written when a webhook is pointed here). */
  channelDirectory: ChannelDirectory;
  /** The server version of each on-premise channel, from its last send answer. */
  onPremiseVersions: OnPremiseVersions;
  /** sendMessage's idempotency keys, shared by every request of the process (and through Redis when configured). */
  idempotentSends: IdempotentSends;
  /** The partner's audit trail of writes (written by the audit plugin, read by Partner.auditTrail). */
  auditTrail: AuditTrail;
  /** This gateway's metrics (open subscriptions are counted by their resolvers). */
  metrics: Metrics;
  loaders: Loaders;
  /** Area-B channel keys as this request sees them (each read once; its own writes seen at once). */
  keys: ChannelKeys;
  /** Errors reported beside a value (reportFieldError; the pipeline's field-errors step, http/field-errors.ts). */
  fieldErrors: GraphQLError[];
  /** The operation's upstream calls, taken and bounded (null for a subscription: unbounded). */
  callBudget: CallBudget | null;
  /** Whose share the operation's cost is charged to (identity/share-keys.ts: person, gateway token, partner credential or address). */
  shareKey: string;
  /** Names the operation in every later line of `logger` (the observability plugin, once it is known). */
  bindOperation(operation: string): void;
}

/**
 * Errors reported next to a value instead of in place of it: a non-null enum field whose
 * upstream value is unknown resolves to UNKNOWN (so the rest of the query survives) and the
 * response still carries an error at that field's path (the pipeline's field-errors step adds it).
 */
export function reportFieldError(context: Context, info: GraphQLResolveInfo, message: string, extensions: Record<string, unknown>) {
  context.fieldErrors.push(new GraphQLError(message, { path: responsePathAsArray(info.path), extensions: { code: ErrorCode.UpstreamError, ...extensions } }));
}

export interface ContextRequest {
  headers: IncomingHttpHeaders;
  requestId?: string;
  /**
   * Upstream calls the operation may make (default MAX_UPSTREAM_CALLS_PER_OPERATION); null: no
   * bound, for a subscription, whose events resolve for as long as it stays open.
   */
  upstreamCallLimit?: number | null;
  /** Whose share the operation is charged to (shareKeyOf); routes that charge nothing leave it unset. */
  shareKey?: string;
  /**
   * The caller when already identified: a graphql-ws connection's, identified when it connected (the pipeline's identity
   * step refuses its operations once its token has expired). Unset: identified from `headers`.
   */
  caller?: Caller;
}

/** What every context of one process reads alike: its services, and the logger each request's child logger is made from. */
interface SharedState extends Pick<Context, 'config' | 'events' | 'channelDirectory' | 'onPremiseVersions' | 'idempotentSends' | 'auditTrail' | 'metrics'> {
  baseLogger: Logger;
}

interface RequestState extends Omit<Context, 'logger' | 'bindOperation' | keyof SharedState> {
  logBindings: { requestId: string; operation?: string };
  requestLogger: Logger | undefined;
}

/**
 * The request's child logger is built on first use: most operations log nothing but their
 * operation line, which names the request itself. The getter sits on the prototype because
 * Apollo clones the context with Object.assign, which would call an own getter (building the
 * logger on every request); the clone keeps the prototype and copies the state.
 */
const LAZY_LOGGER: Pick<Context, 'logger' | 'bindOperation'> & ThisType<RequestState & SharedState> = {
  get logger() {
    this.requestLogger ??= this.baseLogger.child(this.logBindings);
    return this.requestLogger;
  },
  bindOperation(operation) {
    this.logBindings.operation = operation;
    this.requestLogger?.setBindings({ operation });
  },
};

/**
 * Each process's shared state, the prototype of its contexts (beside the lazy logger) rather than copied into each:
 * Apollo clones a context for every operation with Object.assign, one property at a time, so every own property is
 * paid twice a request (these eight: about 4,000 instructions of a cached listing; bench/RESULTS.md, scenario 13).
 * Keyed by the services, as a test may build several gateways in one process.
 */
const sharedStates = new WeakMap<Services, SharedState>();

function sharedState(services: Services): SharedState {
  let shared = sharedStates.get(services);
  if (!shared) {
    shared = Object.assign(Object.create(LAZY_LOGGER) as SharedState, {
      config: services.config,
      events: services.events,
      channelDirectory: services.channelDirectory,
      onPremiseVersions: services.onPremiseVersions,
      idempotentSends: services.idempotentSends,
      auditTrail: services.auditTrail,
      metrics: services.metrics,
      baseLogger: services.logger,
    } satisfies SharedState);
    sharedStates.set(services, shared);
  }
  return shared;
}

/**
 * Per-request context: the caller's identity, fresh data sources (so per-request dedup never
 * crosses callers) over the process-wide clients and cache, and fresh DataLoaders.
 */
export async function createContext(services: Services, request: ContextRequest): Promise<Context> {
  const caller = request.caller ?? (await services.identifyCaller(request.headers));
  const requestId = request.requestId ?? randomUUID();
  const tenant = tenantOf(caller, caller.partnerId ?? '');
  const partner = new PartnerApi(
    services.http.partner,
    services.cache,
    tenant,
    requestId,
    caller.upstreamAuthorization,
    services.config,
    services.balanceLimiter,
  );
  const insights = new InsightsApi(services.http.insights, services.cache, tenant, requestId, caller.upstreamAuthorization, services.config);
  const loaders = createLoaders(partner, (clientId) => grantsClient(caller.grant, clientId));
  const keys = services.keyStore.forRequest();
  const messaging = new MessagingApi(
    { cloud: services.http.cloud, onPremise: services.http.onPremise },
    services.cache,
    tenant,
    requestId,
    services.config,
    keys,
    loaders,
    services.retiredHosting,
  );
  const media = new MediaApi(messaging, services.config, services.mediaFailures, requestId);
  const fieldErrors: GraphQLError[] = [];
  // Reported once per request, however many scopes the writes of the operation touched.
  let staleReported = false;
  const reportStaleCache = (error: unknown) => {
    services.logger.warn({ requestId, err: error }, 'the shared cache could not be invalidated after a write: other instances may serve stale data');
    if (staleReported) return;
    staleReported = true;
    fieldErrors.push(
      new HubgraphError(
        'The shared cache could not be invalidated after this write: other instances may answer with the data from before it until their cached entries expire. The write itself stands as answered: do not repeat a write that succeeded.',
        ErrorCode.UpstreamUnavailable,
        { store: 'redis', staleCache: true },
      ),
    );
  };
  for (const source of [partner, insights, messaging]) source.reportStaleCache = reportStaleCache;
  const callLimit = request.upstreamCallLimit === undefined ? services.config.maxUpstreamCallsPerOperation : request.upstreamCallLimit;
  const callBudget = callLimit === null ? null : new CallBudget(callLimit);
  if (callBudget) for (const source of [partner, insights, messaging]) source.limitCalls(callBudget);
  const state: RequestState = {
    requestId,
    caller,
    dataSources: { partner, messaging, insights, media },
    loaders,
    keys,
    fieldErrors,
    callBudget,
    // The door charged a person's first request to its address (the token was not verified yet): its cost is the person's.
    shareKey: request.shareKey === undefined ? 'unattributed' : (caller.shareKey ?? request.shareKey),
    logBindings: { requestId },
    requestLogger: undefined,
  };
  return Object.assign(Object.create(sharedState(services)) as Context, state);
}
