import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { GraphQLError } from 'graphql';
import { identifyCaller, tenantOf, type Caller } from './auth.js';
import { InsightsApi } from './datasources/insights-api.js';
import { MediaApi } from './datasources/media-api.js';
import { MessagingApi } from './datasources/messaging-api.js';
import { PartnerApi } from './datasources/partner-api.js';
import { createLoaders, type Loaders } from './loaders.js';
import type { Logger } from './logger.js';
import type { Services } from './services.js';

export interface Context {
  requestId: string;
  caller: Caller;
  services: Services;
  logger: Logger;
  dataSources: {
    partner: PartnerApi;
    messaging: MessagingApi;
    insights: InsightsApi;
    media: MediaApi;
  };
  loaders: Loaders;
  /** Errors reported beside a value (see plugins/field-errors.ts). */
  fieldErrors: GraphQLError[];
}

export interface ContextRequest {
  headers: IncomingHttpHeaders;
  requestId?: string;
}

/**
 * Per-request context: the caller's identity, fresh data sources (so per-request dedup never
 * crosses callers) over the process-wide clients and cache, and fresh DataLoaders.
 */
export function createContext(services: Services, request: ContextRequest): Context {
  const caller = identifyCaller(services.config, request.headers);
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
  const insights = new InsightsApi(
    services.http.insights,
    services.cache,
    tenant,
    requestId,
    caller.upstreamAuthorization,
    services.config,
  );
  const loaders = createLoaders(partner);
  const messaging = new MessagingApi(
    { cloud: services.http.cloud, onPremise: services.http.onPremise },
    services.cache,
    tenant,
    requestId,
    services.config,
    services.keyStore,
    loaders,
  );
  const media = new MediaApi(messaging, services.config, services.store, requestId);
  return {
    requestId,
    caller,
    services,
    logger: services.logger.child({ requestId }),
    dataSources: { partner, messaging, insights, media },
    loaders,
    fieldErrors: [],
  };
}
