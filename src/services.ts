import Keyv from 'keyv';
import { BalanceLimiter } from './store/balance-limiter.js';
import { ResponseCache } from './store/cache.js';
import { FairShare } from './store/fair-share.js';
import { AccessTokens } from './identity/access-tokens.js';
import { ShareKeys } from './identity/share-keys.js';
import { UpstreamCredentials } from './store/upstream-credentials.js';
import { BoundedMemoryStore } from './store/memory-store.js';
import type { IncomingHttpHeaders } from 'node:http';
import type { Config, UpstreamUrls } from './config.js';
import { identifyCaller, type Caller } from './identity/caller.js';
import { CircuitBreakers } from './datasources/circuit-breaker.js';
import { UpstreamClient, type UpstreamAttempt } from './datasources/http.js';
import { OnPremiseVersions, RetiredHostingNotice } from './datasources/hosting.js';
import { MediaFailureGuard, redisMediaFailureLog, storeMediaFailureLog } from './datasources/media-failures.js';
import { createEventHub, type EventHub } from './events/hub.js';
import { ChannelDirectory, type DirectoryLookup } from './events/ingest/channel-directory.js';
import { PartnerApi } from './datasources/partner-api.js';
import { fingerprint } from './lib/secrets.js';
import type { Upstream } from './datasources/endpoints.js';
import { idempotentSendsFor, type IdempotentSends } from './messaging/idempotency.js';
import { createAuditTrail, type AuditTrail } from './store/audit-trail.js';
import { KeyStore } from './store/keystore.js';
import { Tracing } from './observability/tracing.js';
import type { Logger } from './observability/logger.js';
import { Metrics } from './observability/metrics.js';
import type { RedisConnection } from './store/redis.js';

/**
 * Process-wide pieces shared by every request: upstream clients, stores and the logger.
 * Per-request pieces (data sources, loaders) are built from these in context.ts.
 */
export interface Services {
  config: Config;
  /**
   * Who a request's headers name, with the scopes and client grant they hold (identity/caller.ts): the one place every
   * per-request context (GraphQL over HTTP and WebSocket, the media routes) is identified through.
   */
  identifyCaller: (headers: IncomingHttpHeaders) => Promise<Caller>;
  /** Optional OpenTelemetry tracing (OTEL_EXPORTER_OTLP_ENDPOINT); null when off. */
  tracing: Tracing | null;
  upstreamUrls: UpstreamUrls;
  logger: Logger;
  /** The keyv store behind the cache (in memory, or Redis when REDIS_URL is set). */
  store: Keyv;
  cache: ResponseCache;
  keyStore: KeyStore;
  http: Record<Upstream, UpstreamClient>;
  /** The circuits of each upstream root, one per credential (see datasources/circuit-breaker.ts). */
  breakers: Record<Upstream, CircuitBreakers>;
  /**
   * The shared Redis connection when REDIS_URL is set, null otherwise (in-process memory).
   * Everything shared across instances goes through it: `redis.client` for commands (fails fast
   * and times out when Redis is lost), `redis.subscriber()` for pub/sub, `redis.key(name)` for
   * namespaced key and channel names.
   */
  redis: RedisConnection | null;
  /** This gateway's metrics; feature code increments its counters (see metrics.ts). */
  metrics: Metrics;
  /** true when every store answers (Redis PING when configured): /readyz. */
  ready(): Promise<boolean>;
  /** The per-partner A2 budget (5 / 30 s upstream); in memory, shared through Redis when configured. */
  balanceLimiter: BalanceLimiter;
  /** Each caller's share of GraphQL work (operations in flight, cost per second). */
  fairShare: FairShare;
  /** Whose share a request is charged to, from its headers and address, at the door (identity/share-keys.ts). */
  shareKeys: ShareKeys;
  /** People's access tokens, verified and cached (AUTH_ISSUER); null without an identity provider. */
  accessTokens: AccessTokens | null;
  /** Webhook events: the per-channel event log with dedup, message records and fan-out to subscriptions (on Redis when configured). */
  events: EventHub;
  /** Which channel each business number of a notification belongs to (kept in `store`; see events/ingest/channel-directory.ts). */
  channelDirectory: ChannelDirectory;
  /** Failed media GETs per channel, counted across instances through Redis when configured. */
  mediaFailures: MediaFailureGuard;
  /** One warning per on-premise channel this process uses (the hosting is retired upstream). */
  retiredHosting: RetiredHostingNotice;
  /** The server version of each on-premise channel, from its last send answer. */
  onPremiseVersions: OnPremiseVersions;
  /** sendMessage's idempotency keys and their send locks (in the store; the locks in Redis when configured). */
  idempotentSends: IdempotentSends;
  /** Every write's audit entry, kept AUDIT_RETENTION_MS (in Redis when configured). */
  auditTrail: AuditTrail;
  close(): Promise<void>;
}

export interface ServicesOptions {
  config: Config;
  upstreamUrls: UpstreamUrls;
  logger: Logger;
  store?: Keyv;
  onUpstreamAttempt?: (attempt: UpstreamAttempt) => void;
}

/**
 * The in-process store keeps values as they are: keyv's default JSON round trip would only
 * re-encode what is already immutable (ResponseCache freezes its entries, the others are plain
 * records built fresh per write), and it cost a stringify/parse on every cache hit.
 */
function inProcessStore(namespace: string, maxResponseBytes: number): Keyv {
  const store = new BoundedMemoryStore(namespace, { maxResponseBytes, sweepIntervalMs: MEMORY_STORE_SWEEP_MS });
  return new Keyv({ store, namespace, serialize: undefined, deserialize: undefined });
}

/**
 * The receiver's own lookup of the channels on a channel's business account: with PARTNER_TOKEN for PARTNER_ID (the
 * response cache applies as to any A4 read); none in multi-tenant mode, where the gateway holds no partner credential.
 */
function ownDirectoryLookup(config: Config, http: UpstreamClient, cache: ResponseCache, balanceLimiter: BalanceLimiter): DirectoryLookup | null {
  const { partnerToken, partnerId } = config;
  if (!partnerToken || !partnerId) return null;
  const tenant = { partnerId, credentialFingerprint: fingerprint(partnerToken) };
  return async (channelId) => {
    const partner = new PartnerApi(http, cache, tenant, `webhook-routing:${channelId}`, `Bearer ${partnerToken}`, config, balanceLimiter);
    const channels = await partner.businessAccountChannels(partnerId, channelId);
    return channels && { partnerId, channels: channels.map((channel) => ({ id: channel.id, phoneNumber: channel.setup_info?.phone_number })) };
  };
}

/** How often the in-process store drops entries past their TTL that nobody read again. */
const MEMORY_STORE_SWEEP_MS = 30_000;

export async function createServices(options: ServicesOptions): Promise<Services> {
  const { config, upstreamUrls, logger } = options;
  const metrics = new Metrics();
  const tracing = config.tracing ? await Tracing.create(config.tracing) : null;
  // The Redis client is loaded when REDIS_URL is set, not with this module: a gateway on its in-process store does without it.
  const redisModule = !options.store && config.redisUrl ? await import('./store/redis.js') : null;
  const redis =
    redisModule && config.redisUrl
      ? new redisModule.RedisConnection({
          url: config.redisUrl,
          mode: config.redisMode,
          namespace: config.redisNamespace,
          timeoutMs: config.redisTimeoutMs,
          logger,
          tls: config.redisTls,
          password: config.redisPassword,
          onError: (cause) => metrics.storeErrors.inc({ cause }),
        })
      : null;
  const store =
    options.store ?? (redisModule && redis ? redisModule.createRedisStore(redis) : inProcessStore(config.redisNamespace, config.cacheMemoryMaxBytes));
  const events = createEventHub(logger, redis, config.eventRetentionMs, config.redisWaitReplicas);
  const onUpstreamAttempt = (attempt: UpstreamAttempt) => {
    metrics.recordUpstream(attempt);
    options.onUpstreamAttempt?.(attempt);
  };
  const breaker = (upstream: Upstream) =>
    new CircuitBreakers({
      upstream,
      ...config.circuitBreaker,
      onStateChange: (worst, open) => {
        metrics.circuitState.set({ upstream }, worst === 'closed' ? 0 : worst === 'half-open' ? 1 : 2);
        metrics.openCircuits.set({ upstream }, open);
        logger[worst === 'open' ? 'warn' : 'info']({ upstream, circuit: worst, openCircuits: open }, `circuits of the ${upstream} upstream: ${open} open`);
      },
      onRejected: () => metrics.circuitRejections.inc({ upstream }),
    });
  const breakers: Record<Upstream, CircuitBreakers> = {
    partner: breaker('partner'),
    cloud: breaker('cloud'),
    onPremise: breaker('onPremise'),
    insights: breaker('insights'),
  };
  // Multi-tenant: what the upstream answers each forwarded credential decides whether it has a fair share of its own.
  const upstreamCredentials = config.partnerToken ? null : new UpstreamCredentials();
  const onCredentialAnswer = upstreamCredentials && ((credential: string, status: number) => upstreamCredentials.observe(credential, status));
  // Areas A and C carry the caller's credential; area B carries a channel's key.
  const carriesCallerCredential = (upstream: Upstream) => upstream === 'partner' || upstream === 'insights';
  const client = (upstream: Upstream, prefixUrl: string) =>
    new UpstreamClient({
      upstream,
      prefixUrl,
      timeoutMs: config.upstreamTimeoutMs,
      retries: config.upstreamRetries,
      onResponse: onUpstreamAttempt,
      breakers: breakers[upstream],
      tracing,
      ...(onCredentialAnswer && carriesCallerCredential(upstream) && { onCredentialAnswer }),
    });
  const http: Record<Upstream, UpstreamClient> = {
    partner: client('partner', upstreamUrls.partner),
    cloud: client('cloud', upstreamUrls.cloud),
    onPremise: client('onPremise', upstreamUrls.onPremise),
    insights: client('insights', upstreamUrls.insights),
  };
  const cache = new ResponseCache(store, (hit) => metrics.cacheLookups.inc({ result: hit ? 'hit' : 'miss' }), !options.store && !redis);
  const balanceLimiter = new BalanceLimiter({
    ...config.balanceRateLimit,
    redis: redis ? { client: redis.client, keyPrefix: redis.key('a2-balance') } : undefined,
    onWait: () => metrics.limiterWaits.inc({ endpoint: 'A2' }),
    onReject: () => metrics.limiterRejections.inc({ endpoint: 'A2' }),
    ...(redis && { bounded: <T>(command: Promise<T>) => redis.withTimeout(command) }),
  });
  const accessTokens = config.auth
    ? new AccessTokens(config.auth, {
        onKeySetRefreshFailed: (reason) => logger.warn({ reason }, "the identity provider's key set could not be fetched: the keys already known stay in use"),
      })
    : null;
  return {
    config,
    identifyCaller: (headers) => identifyCaller(config, headers, accessTokens),
    tracing,
    upstreamUrls,
    logger,
    store,
    cache,
    keyStore: new KeyStore(store, config.keystoreSecret, config.channelApiKeys),
    http,
    breakers,
    redis,
    metrics,
    async ready() {
      const up = redis ? await redis.ping() : true;
      metrics.storeUp.set(up ? 1 : 0);
      return up;
    },
    fairShare: new FairShare(config.fairShare, redis),
    shareKeys: new ShareKeys(config, accessTokens, upstreamCredentials),
    accessTokens,
    balanceLimiter,
    events,
    channelDirectory: new ChannelDirectory(store, ownDirectoryLookup(config, http.partner, cache, balanceLimiter)),
    mediaFailures: new MediaFailureGuard(redis ? redisMediaFailureLog(redis) : storeMediaFailureLog(store)),
    retiredHosting: new RetiredHostingNotice(logger),
    onPremiseVersions: new OnPremiseVersions(store),
    // A send may hold its key for two upstream timeouts before a duplicate stops waiting for its outcome.
    idempotentSends: idempotentSendsFor(store, redis, { pendingMs: config.upstreamTimeoutMs * 2, logger }),
    auditTrail: createAuditTrail(redis, config.auditRetentionMs),
    async close() {
      await events.close();
      // After the HTTP server has drained: lets the calls still in flight finish, then closes the pooled connections.
      await Promise.all(Object.values(http).map((upstream) => upstream.close()));
      await tracing?.shutdown().catch((error: unknown) => logger.warn({ err: error }, 'exporting the last spans failed'));
      await store.disconnect().catch(() => undefined);
      await redis?.close();
    },
  };
}
