import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** A start-up configuration problem: printed as one line naming the variable, never a stack trace. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/** The contract's variable of each upstream root. */
const UPSTREAM_URL_VARIABLE_OF = {
  partner: 'PARTNER_API_URL',
  cloud: 'CLOUD_API_URL',
  onPremise: 'ONPREM_API_URL',
  insights: 'INSIGHTS_API_URL',
} as const;
const UPSTREAM_URL_VARIABLES = Object.values(UPSTREAM_URL_VARIABLE_OF);

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL')
  .transform((value) => value.replace(/\/+$/, ''));
const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().min(0);
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const channelApiKeys = z.string().transform((value, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object {"channelId": "apiKey"}' });
    return z.NEVER;
  }
  const result = z.record(z.string().min(1), z.string().min(1)).safeParse(parsed);
  if (!result.success) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object of non-empty strings {"channelId": "apiKey"}' });
    return z.NEVER;
  }
  return result.data;
});

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

// Every variable the gateway reads; names of the contract are fixed, the rest are additions documented in docs/configuration.md.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PARTNER_API_URL: httpUrl.optional(),
  CLOUD_API_URL: httpUrl.optional(),
  ONPREM_API_URL: httpUrl.optional(),
  INSIGHTS_API_URL: httpUrl.optional(),
  PARTNER_ID: z.string().min(1).optional(),
  PARTNER_TOKEN: z.string().min(1).optional(),
  GATEWAY_TOKENS: commaList.optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  CHANNEL_API_KEYS: channelApiKeys.optional(),
  KEYSTORE_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PUBLIC_URL: httpUrl.optional(),
  MESSAGING_PRODUCT: z.string().min(1).default('whatsapp'),
  REDIS_URL: z
    .string()
    .url()
    .refine((value) => /^rediss?:\/\//.test(value), 'must be a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPSTREAM_TIMEOUT_MS: positiveInt.default(10_000),
  UPSTREAM_RETRIES: nonNegativeInt.max(10).default(2),
  CACHE_TTL_LISTING_MS: nonNegativeInt.default(30_000),
  CACHE_TTL_USAGE_MS: nonNegativeInt.default(60_000),
  CACHE_TTL_INSIGHTS_MS: nonNegativeInt.default(60_000),
  CACHE_TTL_MESSAGING_MS: nonNegativeInt.default(30_000),
  BALANCE_RATE_LIMIT_POINTS: positiveInt.default(5),
  BALANCE_RATE_LIMIT_WINDOW_MS: positiveInt.default(30_000),
  BALANCE_RATE_LIMIT_MAX_WAIT_MS: nonNegativeInt.default(2_000),
  INTROSPECTION: booleanFlag.default(true),
  MEDIA_INLINE_MAX_BYTES: positiveInt.default(5 * 1024 * 1024),
  MEDIA_TRANSFER_TIMEOUT_MS: positiveInt.default(300_000),
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only')
    .default('hubgraph'),
  REDIS_TIMEOUT_MS: positiveInt.default(1_000),
  CORS_ORIGINS: commaList.optional(),
  MAX_QUERY_DEPTH: positiveInt.default(10),
  MAX_QUERY_ALIASES: positiveInt.default(15),
  MAX_QUERY_COST: positiveInt.default(5_000),
  MAX_QUERY_TOKENS: positiveInt.default(2_000),
  CIRCUIT_BREAKER_THRESHOLD: positiveInt.default(5),
  CIRCUIT_BREAKER_COOLDOWN_MS: positiveInt.default(10_000),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('hubgraph'),
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SIMULATOR_LATENCY_MS: nonNegativeInt.default(0),
  SIMULATOR_LIVE_EVENTS_MS: nonNegativeInt.default(0),
});

type Env = Record<string, string | undefined>;

export interface UpstreamUrls {
  partner: string;
  cloud: string;
  onPremise: string;
  insights: string;
}

/** The environment that points a gateway at these roots (a spawned gateway, tests, the bench). */
export function upstreamUrlEnv(urls: UpstreamUrls): Record<string, string> {
  return Object.fromEntries(Object.entries(UPSTREAM_URL_VARIABLE_OF).map(([root, variable]) => [variable, urls[root as keyof UpstreamUrls]]));
}

export interface Config {
  port: number;
  host: string;
  /** null: the embedded simulator is started and the upstream URLs point at it. */
  upstream: UpstreamUrls | null;
  partnerId: string | null;
  partnerToken: string | null;
  gatewayTokens: string[];
  /** null: /metrics is open (expose it only to the monitoring network); set: scrapes present it as a bearer token. */
  metricsToken: string | null;
  channelApiKeys: Record<string, string>;
  keystoreSecret: string;
  keystoreSecretGenerated: boolean;
  publicUrl: string;
  messagingProduct: string;
  redisUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  upstreamTimeoutMs: number;
  upstreamRetries: number;
  cacheTtlMs: { listing: number; usage: number; insights: number; messaging: number };
  balanceRateLimit: { points: number; windowMs: number; maxWaitMs: number };
  introspection: boolean;
  /** B3: decoded size limit of `uploadMedia`'s base64; whole-transfer timeout of media uploads and downloads. */
  media: { inlineMaxBytes: number; transferTimeoutMs: number };
  /** Keys of every instance sharing one Redis start with `<namespace>:`. */
  redisNamespace: string;
  /** Bound on every Redis command and connection attempt, so a lost Redis fails requests instead of hanging them. */
  redisTimeoutMs: number;
  /** Origins allowed by CORS; empty: no cross-origin browser access, `*`: any origin. */
  corsOrigins: string[];
  queryLimits: { maxDepth: number; maxAliases: number; maxCost: number; maxTokens: number };
  circuitBreaker: { threshold: number; cooldownMs: number };
  shutdownTimeoutMs: number;
  /** null: tracing off (the default). */
  tracing: { endpoint: string; serviceName: string } | null;
  simulator: { port: number; latencyMs: number; liveEventsMs: number };
}

/** Parses and validates the environment; throws ConfigError naming the first offending variable. */
export function loadConfig(env: Env = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(defined);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, issue.message);
  }
  const values = result.data;

  const setUrls = UPSTREAM_URL_VARIABLES.filter((name) => values[name] !== undefined);
  if (setUrls.length > 0 && setUrls.length < UPSTREAM_URL_VARIABLES.length) {
    const missing = UPSTREAM_URL_VARIABLES.find((name) => values[name] === undefined)!;
    throw new ConfigError(missing, `set all four upstream URLs (${UPSTREAM_URL_VARIABLES.join(', ')}) or none (embedded simulator)`);
  }
  const upstream =
    setUrls.length === 0
      ? null
      : {
          partner: values[UPSTREAM_URL_VARIABLE_OF.partner]!,
          cloud: values[UPSTREAM_URL_VARIABLE_OF.cloud]!,
          onPremise: values[UPSTREAM_URL_VARIABLE_OF.onPremise]!,
          insights: values[UPSTREAM_URL_VARIABLE_OF.insights]!,
        };

  return {
    port: values.PORT,
    host: values.HOST,
    upstream,
    partnerId: values.PARTNER_ID ?? null,
    partnerToken: values.PARTNER_TOKEN ?? null,
    gatewayTokens: values.GATEWAY_TOKENS ?? [],
    metricsToken: values.METRICS_TOKEN ?? null,
    channelApiKeys: values.CHANNEL_API_KEYS ?? {},
    keystoreSecret: values.KEYSTORE_SECRET ?? randomBytes(32).toString('hex'),
    keystoreSecretGenerated: values.KEYSTORE_SECRET === undefined,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    messagingProduct: values.MESSAGING_PRODUCT,
    redisUrl: values.REDIS_URL ?? null,
    logLevel: values.LOG_LEVEL,
    upstreamTimeoutMs: values.UPSTREAM_TIMEOUT_MS,
    upstreamRetries: values.UPSTREAM_RETRIES,
    cacheTtlMs: {
      listing: values.CACHE_TTL_LISTING_MS,
      usage: values.CACHE_TTL_USAGE_MS,
      insights: values.CACHE_TTL_INSIGHTS_MS,
      messaging: values.CACHE_TTL_MESSAGING_MS,
    },
    balanceRateLimit: {
      points: values.BALANCE_RATE_LIMIT_POINTS,
      windowMs: values.BALANCE_RATE_LIMIT_WINDOW_MS,
      maxWaitMs: values.BALANCE_RATE_LIMIT_MAX_WAIT_MS,
    },
    introspection: values.INTROSPECTION,
    media: { inlineMaxBytes: values.MEDIA_INLINE_MAX_BYTES, transferTimeoutMs: values.MEDIA_TRANSFER_TIMEOUT_MS },
    redisNamespace: values.REDIS_NAMESPACE,
    redisTimeoutMs: values.REDIS_TIMEOUT_MS,
    corsOrigins: values.CORS_ORIGINS ?? [],
    queryLimits: {
      maxDepth: values.MAX_QUERY_DEPTH,
      maxAliases: values.MAX_QUERY_ALIASES,
      maxCost: values.MAX_QUERY_COST,
      maxTokens: values.MAX_QUERY_TOKENS,
    },
    circuitBreaker: { threshold: values.CIRCUIT_BREAKER_THRESHOLD, cooldownMs: values.CIRCUIT_BREAKER_COOLDOWN_MS },
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    tracing: values.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: values.OTEL_SERVICE_NAME } : null,
    simulator: {
      port: values.SIMULATOR_PORT,
      latencyMs: values.SIMULATOR_LATENCY_MS,
      liveEventsMs: values.SIMULATOR_LIVE_EVENTS_MS,
    },
  };
}
