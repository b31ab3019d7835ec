import Keyv from 'keyv';
import type { Got } from 'got';
import { BalanceLimiter } from './balance-limiter.js';
import { ResponseCache } from './cache.js';
import type { Config, UpstreamUrls } from './config.js';
import { createUpstreamClient, type UpstreamAttempt } from './datasources/http.js';
import type { Upstream } from './datasources/endpoints.js';
import { KeyStore } from './keystore.js';
import type { Logger } from './logger.js';

/**
 * Process-wide pieces shared by every request: upstream clients, stores and the logger.
 * Per-request pieces (data sources, loaders) are built from these in context.ts.
 */
export interface Services {
  config: Config;
  upstreamUrls: UpstreamUrls;
  logger: Logger;
  /** The keyv store behind the cache (in memory, or Redis when REDIS_URL is set). */
  store: Keyv;
  cache: ResponseCache;
  keyStore: KeyStore;
  http: Record<Upstream, Got>;
  /** The per-partner A2 budget (5 / 30 s upstream); in memory, shared through Redis when configured. */
  balanceLimiter: BalanceLimiter;
  close(): Promise<void>;
}

export interface ServicesOptions {
  config: Config;
  upstreamUrls: UpstreamUrls;
  logger: Logger;
  store?: Keyv;
  onUpstreamAttempt?: (attempt: UpstreamAttempt) => void;
}

export function createServices(options: ServicesOptions): Services {
  const { config, upstreamUrls, logger } = options;
  const store = options.store ?? new Keyv({ namespace: 'hubgraph' });
  const client = (upstream: Upstream, prefixUrl: string) =>
    createUpstreamClient({
      upstream,
      prefixUrl,
      timeoutMs: config.upstreamTimeoutMs,
      retries: config.upstreamRetries,
      ...(options.onUpstreamAttempt && { onResponse: options.onUpstreamAttempt }),
    });
  return {
    config,
    upstreamUrls,
    logger,
    store,
    cache: new ResponseCache(store),
    keyStore: new KeyStore(store, config.keystoreSecret, config.channelApiKeys),
    http: {
      partner: client('partner', upstreamUrls.partner),
      cloud: client('cloud', upstreamUrls.cloud),
      onPremise: client('onPremise', upstreamUrls.onPremise),
      insights: client('insights', upstreamUrls.insights),
    },
    balanceLimiter: new BalanceLimiter(config.balanceRateLimit),
    async close() {
      await store.disconnect().catch(() => undefined);
    },
  };
}
