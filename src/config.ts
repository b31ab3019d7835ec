import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { z } from 'zod';

/** One configuration problem: the variable and what is wrong with it. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/** A start-up configuration problem: every problem found, each naming its variable; never a stack trace. */
export class ConfigError extends Error {
  /** Every problem found, this error's own first. */
  readonly problems: readonly ConfigProblem[];
  /** The first problem's variable. */
  readonly variable: string;

  constructor(variable: string, message: string, more: readonly ConfigProblem[] = []) {
    const problems = [{ variable, message }, ...more];
    super(problems.map((problem) => `${problem.variable}: ${problem.message}`).join('; '));
    this.name = 'ConfigError';
    this.variable = variable;
    this.problems = problems;
  }
}

/**
 * What a process that cannot start prints: one line per configuration problem (each naming its variable),
 * else the error's message on one line; never a stack trace.
 */
export function startupErrorLines(error: unknown): string[] {
  if (error instanceof ConfigError) return error.problems.map(({ variable, message }) => `invalid configuration: ${variable}: ${oneLine(message)}`);
  return [`failed to start: ${oneLine(error instanceof Error ? error.message : String(error))}`];
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

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

const redisUrl = z
  .string()
  .url()
  .refine((value) => /^rediss?:\/\//.test(value), 'must be a redis:// or rediss:// URL');
/** REDIS_URL: one URL, or in cluster mode a comma-separated list of seed nodes. */
const redisUrls = z
  .string()
  .transform((value) => value.split(',').map((url) => url.trim()))
  .pipe(z.array(redisUrl).min(1));

/** A file read once at start; a missing or unreadable one stops the start naming its variable. */
const readableFile = z.string().transform((path, ctx) => {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
    return z.NEVER;
  }
});
const pemFile = readableFile.refine((text) => text.includes('-----BEGIN '), 'must be a PEM file (-----BEGIN …)');
const secretFile = readableFile.transform((text) => text.replace(/\r?\n$/, '')).refine((text) => text.length > 0, 'the file is empty');

/** An http:// URL is accepted for the identity provider only on this machine (development); anything else must be https://. */
function isLoopbackUrl(value: string): boolean {
  const { protocol, hostname } = new URL(value);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname));
}

/** One operation of a persisted query manifest, as @apollo/generate-persisted-query-manifest writes it. */
export interface PersistedOperation {
  id: string;
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  body: string;
}

const manifestSchema = z.object({
  format: z.literal('apollo-persisted-query-manifest'),
  version: z.literal(1),
  operations: z.array(z.object({ id: z.string().min(1), name: z.string(), type: z.enum(['query', 'mutation', 'subscription']), body: z.string().min(1) })),
});

/** PERSISTED_OPERATIONS: the manifest file read and checked once at start; its operations by id. */
const persistedOperationsFile = z.string().transform((path, ctx): ReadonlyMap<string, PersistedOperation> => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message: `${path}: ${message}` });
    return z.NEVER;
  };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return fail(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('is not JSON');
  }
  const manifest = manifestSchema.safeParse(json);
  if (!manifest.success) {
    const issue = manifest.error.issues[0];
    return fail(`is not an apollo-persisted-query-manifest version 1 (${issue.path.join('.') || 'root'}: ${issue.message})`);
  }
  const operations = new Map<string, PersistedOperation>();
  for (const operation of manifest.data.operations) {
    if (operations.has(operation.id)) return fail(`operation id ${operation.id} appears twice`);
    try {
      parse(operation.body);
    } catch (error) {
      return fail(`operation ${operation.name || operation.id} is not valid GraphQL (${(error as Error).message})`);
    }
    operations.set(operation.id, operation);
  }
  return operations;
});

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/**
 * What a variable's row in docs/configuration.md says: `description` is its meaning; `whenUnset`
 * replaces the default column where the schema's own default is absent or not the whole story;
 * `contract` marks the variables the public contract names (their names are fixed).
 */
interface VariableDoc {
  description: string;
  whenUnset?: string;
  contract?: true;
}
const documented = <T extends z.ZodType>(type: T, doc: VariableDoc): T => type.meta({ ...doc });

// Every variable the gateway reads. docs/configuration.md's tables are generated from these descriptions (`npm run docs:config`).
const variables = z.object({
  PORT: documented(z.coerce.number().int().min(0).max(65535).default(4000), { description: 'HTTP port', contract: true }),
  HOST: documented(z.string().min(1).default('0.0.0.0'), { description: 'listening interface' }),
  PARTNER_API_URL: documented(httpUrl.optional(), {
    description: 'area A root, {base_url}, includes `/api/v2`; set all four upstream roots or none',
    whenUnset: 'simulator',
    contract: true,
  }),
  CLOUD_API_URL: documented(httpUrl.optional(), { description: 'area B cloud root, {cloud_url}', whenUnset: 'simulator', contract: true }),
  ONPREM_API_URL: documented(httpUrl.optional(), { description: 'area B on-premise root, {onprem_url}', whenUnset: 'simulator', contract: true }),
  INSIGHTS_API_URL: documented(httpUrl.optional(), { description: 'area C root, {insights_url}', whenUnset: 'simulator', contract: true }),
  PARTNER_ID: documented(
    z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be a partner id: letters, digits and . _ : - only, at most 128 characters')
      .refine((value) => value !== '.' && value !== '..', 'must be a partner id, not "." or ".."')
      .optional(),
    {
      description: 'default partner of `partner`, `client(id)`, `channel(id)` and entities; one plain id (letters, digits and `._:-`, at most 128 characters)',
      whenUnset: "simulator's first partner",
      contract: true,
    },
  ),
  PARTNER_TOKEN: documented(z.string().min(1).optional(), {
    description:
      "bearer token for areas A and C; unset: the caller's own `Authorization` header is forwarded (multi-tenant mode, partner from `X-Partner-Id` or `PARTNER_ID`)",
    whenUnset: "unset (simulator: its first partner's token)",
    contract: true,
  }),
  GATEWAY_TOKENS: documented(commaList.optional(), {
    description: 'comma-separated tokens callers must present as `Authorization: Bearer` when `PARTNER_TOKEN` is set',
    whenUnset: 'unset (open, warned at start)',
    contract: true,
  }),
  AUTH_ISSUER: documented(
    // Kept as written, trailing slash included: a token's `iss` must equal it exactly (Auth0's issuers end with one).
    z
      .string()
      .url()
      .refine(
        (value) => value.startsWith('https://') || isLoopbackUrl(value),
        'must be an https:// URL (http:// only on a loopback address: 127.0.0.1, [::1] or localhost)',
      )
      .optional(),
    {
      description:
        "OpenID Connect issuer: callers present a person's access token (a JWT) as `Authorization: Bearer` or `connectionParams.authorization`, verified with the issuer's keys found by discovery; needs `AUTH_AUDIENCE` and `PARTNER_TOKEN` (docs/security.md)",
      whenUnset: 'unset (no person tokens: as without identity provider)',
      contract: true,
    },
  ),
  AUTH_AUDIENCE: documented(z.string().min(1).optional(), {
    description: 'the `aud` an access token must carry; required with `AUTH_ISSUER`',
    whenUnset: 'unset',
    contract: true,
  }),
  AUTH_JWKS_URL: documented(
    httpUrl.refine((value) => value.startsWith('https://') || isLoopbackUrl(value), 'must be an https:// URL (http:// only on a loopback address)').optional(),
    {
      description: "the issuer's key set (JWKS), when discovery (`<AUTH_ISSUER>/.well-known/openid-configuration`) does not give it",
      whenUnset: 'from discovery',
      contract: true,
    },
  ),
  AUTH_CLIENTS_CLAIM: documented(z.string().min(1).default('hubgraph_clients'), {
    description: 'the access-token claim listing the client ids a person may see and act for (an array; `["*"]`: every client of the partner)',
    contract: true,
  }),
  AUTH_NAME_CLAIM: documented(z.string().min(1).default('name'), {
    description: 'the access-token claim naming the person (`Viewer.actor.name`, `sentBy`, the audit trail)',
    contract: true,
  }),
  METRICS_TOKEN: documented(z.string().min(16, 'must be at least 16 characters').optional(), {
    description:
      'token (16+ characters) a scrape of `/metrics` must present as `Authorization: Bearer` (Prometheus `authorization` / `bearer_token`); others get 401',
    whenUnset: 'unset (open)',
    contract: true,
  }),
  CHANNEL_API_KEYS: documented(channelApiKeys.optional(), {
    description: 'JSON object `{"channelId": "apiKey"}` of existing area-B keys',
    whenUnset: '`{}` (simulator: every seeded key)',
    contract: true,
  }),
  KEYSTORE_SECRET: documented(z.string().min(16, 'must be at least 16 characters').optional(), {
    description: 'secret (≥ 16 characters) that encrypts API keys at rest in the store and derives the webhook credentials; the same on every instance',
    whenUnset: 'random per process (warned)',
    contract: true,
  }),
  PUBLIC_URL: documented(httpUrl.optional(), {
    description:
      'URL at which the upstream reaches this gateway (webhooks, media links); https:// for the upstream to deliver notifications (plain http, and on cloud channels a port, only for a loopback address, which only the embedded simulator reaches)',
    whenUnset: '`http://localhost:$PORT`',
    contract: true,
  }),
  MESSAGING_PRODUCT: documented(z.string().min(1).default('whatsapp'), { description: 'fixed `messaging_product` value sent on cloud', contract: true }),
  REDIS_URL: documented(redisUrls.optional(), {
    description:
      'shared store (`redis://` or `rediss://`) for cache, key store, rate limiter, idempotency, the event log and its fan-out across instances; in `cluster` mode comma-separated seed nodes (`redis://h1:6379,redis://h2:6379`), any of which lets the gateway find the rest',
    whenUnset: 'unset: in-process memory',
    contract: true,
  }),
  REDIS_MODE: documented(z.enum(['standalone', 'cluster']).default('standalone'), {
    description:
      '`standalone` (one server, or a managed endpoint that is not clustered) or `cluster` (Redis/Valkey Cluster, managed offerings in cluster mode); a standalone gateway refuses to start against a cluster node',
    contract: true,
  }),
  REDIS_TLS_CA_FILE: documented(pemFile.optional(), {
    description: "PEM file of the CA that signed the Redis servers' certificates (`rediss://` with a private CA)",
    whenUnset: 'unset: the system CAs',
    contract: true,
  }),
  REDIS_TLS_CERT_FILE: documented(pemFile.optional(), {
    description: 'PEM file of the client certificate the gateway presents to Redis (with `REDIS_TLS_KEY_FILE`)',
    whenUnset: 'unset: no client certificate',
    contract: true,
  }),
  REDIS_TLS_KEY_FILE: documented(pemFile.optional(), {
    description: "PEM file of the client certificate's private key",
    whenUnset: 'unset',
    contract: true,
  }),
  REDIS_PASSWORD_FILE: documented(secretFile.optional(), {
    description: 'a file holding the Redis password (a secret mounted as a file; one trailing line break is dropped); overrides a password in `REDIS_URL`',
    whenUnset: 'unset: the password of `REDIS_URL`, if any',
    contract: true,
  }),
  REDIS_WAIT_REPLICAS: documented(nonNegativeInt.max(10).default(0), {
    description:
      "a webhook notification is acknowledged (200) only once its append reached this many replicas (`WAIT`, bounded by `REDIS_TIMEOUT_MS`), so it survives the failover of its master; `0`: Redis's asynchronous replication",
    contract: true,
  }),
  LOG_LEVEL: documented(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), {
    description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent` (JSON logs on stdout; credentials redacted)',
  }),
  UPSTREAM_TIMEOUT_MS: documented(positiveInt.default(10_000), {
    description:
      "timeout of one upstream attempt (a write must end within it; a read must see the answer's headers within it and never pause longer in its body)",
  }),
  UPSTREAM_RETRIES: documented(nonNegativeInt.max(10).default(2), {
    description: 'retries of idempotent upstream requests (network errors, 408, 429, 5xx; Retry-After honoured up to the timeout); writes are never retried',
  }),
  CACHE_TTL_LISTING_MS: documented(nonNegativeInt.default(30_000), { description: 'cache lifetime of client/channel listings (A1, A4, A5); `0` disables' }),
  CACHE_TTL_USAGE_MS: documented(nonNegativeInt.default(60_000), { description: 'cache lifetime of usage and balance (A2, A3)' }),
  CACHE_TTL_INSIGHTS_MS: documented(nonNegativeInt.default(60_000), { description: 'cache lifetime of insights reads (area C)' }),
  INSIGHTS_LIST_ENCODING: documented(z.enum(['comma', 'repeat']).default('comma'), {
    description:
      "how every list parameter of area C (`app_ids`, `source_ids`, `actions_id`, `sources_id`) is sent: `comma`, one comma-separated parameter (an id with a comma is refused); `repeat`, one parameter per value (as A2's `app_id`). See [decisions.md](decisions.md#area-c-insights)",
    contract: true,
  }),
  CACHE_TTL_MESSAGING_MS: documented(nonNegativeInt.default(30_000), {
    description:
      'cache lifetime of area-B reads (business profile, block list; media metadata is never cached: its link lasts 5 minutes; webhooks are never cached: the upstream changes them on its own)',
  }),
  CACHE_MEMORY_MAX_MB: documented(positiveInt.default(64), {
    description:
      'without Redis: most memory (approximate JSON size) the in-process response cache holds; past it the least recently used entries go first, and entries past their TTL are dropped every 30 s',
  }),
  DOCUMENT_CACHE_MAX_MB: documented(positiveInt.default(16), {
    description:
      "most memory Apollo Server's cache of parsed and validated documents holds, estimated at 128 bytes per character of the query text; past it the least recently used documents go first (a document not cached is parsed and validated again)",
  }),
  BALANCE_RATE_LIMIT_POINTS: documented(positiveInt.default(5), { description: 'A2 requests allowed per window and partner (the upstream allows 5 / 30 s)' }),
  BALANCE_RATE_LIMIT_WINDOW_MS: documented(positiveInt.default(30_000), {
    description: 'window of that budget (whole seconds; see [partner.md](partner.md#usage-and-balance-a2-a3))',
  }),
  BALANCE_RATE_LIMIT_MAX_WAIT_MS: documented(nonNegativeInt.default(2_000), { description: 'how long a request may wait for budget before `RATE_LIMITED`' }),
  INTROSPECTION: documented(booleanFlag.default(true), {
    description: 'introspection, the Sandbox landing page and "did you mean" suggestions (`true`/`false`; set `false` in production)',
  }),
  PERSISTED_OPERATIONS: documented(persistedOperationsFile.optional(), {
    description:
      'path to an Apollo persisted query manifest (`apollo-persisted-query-manifest` version 1): its operations run by id (`extensions.persistedQuery.sha256Hash`); a missing or malformed file stops the start',
    whenUnset: 'unset: no manifest',
    contract: true,
  }),
  PERSISTED_OPERATIONS_ONLY: documented(booleanFlag.default(false), {
    description: "`true`: only the manifest's operations run (trusted documents), any other is refused before execution with `PERSISTED_QUERY_NOT_IN_LIST`",
    contract: true,
  }),
  APQ_TTL_SECONDS: documented(positiveInt.default(86_400), {
    description: 'lifetime of an automatic persisted query registered by a client (in Redis when `REDIS_URL` is set, shared by every instance)',
  }),
  MEDIA_INLINE_MAX_BYTES: documented(positiveInt.default(5 * 1024 * 1024), { description: 'largest decoded base64 upload accepted by `uploadMedia`' }),
  MEDIA_TRANSFER_TIMEOUT_MS: documented(positiveInt.default(300_000), { description: 'whole-transfer timeout of streamed media uploads and downloads' }),
  REDIS_NAMESPACE: documented(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only')
      .default('hubgraph'),
    { description: 'key prefix in Redis (letters, digits, `_`, `.`, `-`)' },
  ),
  REDIS_TIMEOUT_MS: documented(positiveInt.max(2_000).default(1_000), {
    description: 'deadline of every Redis command a request or the webhook receiver waits on (at most 2000); past it the store counts as stalled',
  }),
  WEBHOOK_CHECK: documented(z.enum(['enforce', 'off']).default('enforce'), {
    description:
      "`enforce`: a subscription on a channel whose effective webhook does not point at this gateway's receiver is refused with WEBHOOK_NOT_CONNECTED; `off`: for notifications relayed to `/webhooks/:channelId` by another service",
  }),
  SERVICE_WINDOW_GUARD: documented(z.enum(['enforce', 'off']).default('enforce'), {
    description:
      '`enforce`: a free-form message to a contact whose 24-hour window the gateway knows to be closed is refused with SERVICE_WINDOW_CLOSED before anything is sent; `off`: sent, and the upstream decides',
    contract: true,
  }),
  CORS_ORIGINS: documented(commaList.optional(), {
    description: 'comma-separated browser origins allowed to call `/graphql` (`*`: any)',
    whenUnset: 'unset: none (on the embedded simulator: `http://localhost:*` and `http://127.0.0.1:*`)',
  }),
  SUBSCRIPTION_CALLBACK_ORIGINS: documented(commaList.pipe(z.array(httpUrl)).optional(), {
    description:
      "comma-separated origins (e.g. `http://router.internal:4000`) a subscription may name as its `callbackUrl` in Apollo's HTTP callback protocol; any other callback URL is refused with BAD_USER_INPUT before anything is sent to it",
    whenUnset: 'unset: the callback protocol is off (subscriptions over graphql-ws only)',
  }),
  MAX_QUERY_DEPTH: documented(positiveInt.default(10), { description: 'deepest selection accepted, checked before execution' }),
  MAX_QUERY_ALIASES: documented(positiveInt.default(15), { description: 'most aliases in one operation, checked before execution' }),
  MAX_QUERY_COST: documented(positiveInt.default(5_000), {
    description:
      "highest cost accepted, from the schema's `@cost`/`@listSize` as a router's demand control computes it (an object 1 or its `@cost` weight, a list its slicing argument's or assumed size times its items; see operations.md), checked once variables are known, before execution",
  }),
  MAX_BODY_VALUES: documented(positiveInt.default(10_000), {
    description:
      'most JSON values (objects, arrays, strings, numbers, literals; not keys) a `/graphql` body may hold, counted as it arrives, before it is parsed (413 past it); a long string such as an inline base64 upload is one value',
    contract: true,
  }),
  MAX_BODY_DEPTH: documented(positiveInt.default(64), {
    description: 'deepest nesting of JSON objects and arrays a `/graphql` body may hold, checked as it arrives, before it is parsed (413 past it)',
    contract: true,
  }),
  MAX_OPERATIONS_IN_FLIGHT_PER_CALLER: documented(positiveInt.default(32), {
    description:
      'GraphQL operations one caller (partner credential in multi-tenant mode, else gateway token, else client address) may have in flight on one instance; more are refused with RATE_LIMITED (HTTP 429) before their body is read',
  }),
  MAX_COST_PER_SECOND_PER_CALLER: documented(positiveInt.default(20_000), {
    description:
      'query cost (as MAX_QUERY_COST measures it) one caller may spend per second, shared by every instance through Redis when configured; past it RATE_LIMITED with `retryAfterSeconds`, before execution',
  }),
  UPSTREAM_CALL_COST: documented(nonNegativeInt.default(250), {
    description:
      "cost charged to the caller's MAX_COST_PER_SECOND_PER_CALLER budget, after an operation ran, for each upstream call it made (a cache miss): about 80 such calls a second per caller with the defaults; 0 charges the estimate alone",
  }),
  MAX_QUERY_TOKENS: documented(positiveInt.default(2_000), { description: 'most tokens the parser accepts in one document' }),
  CIRCUIT_BREAKER_THRESHOLD: documented(positiveInt.default(5), { description: "consecutive upstream failures that open a root's circuit" }),
  CIRCUIT_BREAKER_COOLDOWN_MS: documented(positiveInt.default(10_000), { description: 'how long an open circuit fails fast before a trial call' }),
  MAX_UPSTREAM_CALLS_PER_OPERATION: documented(positiveInt.default(50), {
    description: 'most upstream calls one GraphQL operation may make; an operation estimated above it is refused before anything is sent',
  }),
  HTTP_HEADERS_TIMEOUT_MS: documented(positiveInt.default(10_000), { description: "time a client has to send a request's headers" }),
  HTTP_REQUEST_TIMEOUT_MS: documented(positiveInt.default(30_000), {
    description:
      'time a client has to send a whole request, body included (streamed uploads to `POST /media` are bounded by MEDIA_TRANSFER_TIMEOUT_MS instead)',
  }),
  WS_MAX_PAYLOAD_BYTES: documented(positiveInt.default(1024 * 1024), {
    description: 'largest WebSocket message accepted on `/graphql`, enforced before it is buffered (close 1009)',
  }),
  WS_MAX_CONNECTIONS: documented(positiveInt.default(10_000), { description: 'most open WebSocket connections per process (more are refused with HTTP 503)' }),
  WS_MAX_CONNECTIONS_PER_ADDRESS: documented(positiveInt.default(100), {
    description: 'most open WebSocket connections per remote address (more are refused with HTTP 429)',
  }),
  SHUTDOWN_TIMEOUT_MS: documented(positiveInt.default(10_000), { description: 'grace period for in-flight requests after SIGTERM' }),
  OTEL_EXPORTER_OTLP_ENDPOINT: documented(httpUrl.optional(), { description: 'OTLP/HTTP collector base URL; turns tracing on', whenUnset: 'unset (off)' }),
  OTEL_SERVICE_NAME: documented(z.string().min(1).default('hubgraph'), { description: '`service.name` of exported spans' }),
  EVENT_RETENTION_MS: documented(nonNegativeInt.default(7 * 24 * 60 * 60 * 1000), {
    description:
      'how long received events and message records are kept for replay (`after` cursors, `Channel.events`, `Channel.message`); `0` keeps nothing (live delivery only). Personal data: see docs/events.md',
    whenUnset: "604800000 (7 days, the upstream's re-delivery window)",
    contract: true,
  }),
  AUDIT_RETENTION_MS: documented(positiveInt.default(90 * 24 * 60 * 60 * 1000), {
    description:
      'how long audit entries of writes (`Partner.auditTrail`) are kept, in Redis when `REDIS_URL` is set (trimmed on each write, and each set expires this long after its last write), in memory otherwise (at most 100,000 per partner). See docs/operations.md "Audit trail"',
    whenUnset: '7776000000 (90 days)',
    contract: true,
  }),
  SIMULATOR_PORT: documented(z.coerce.number().int().min(0).max(65535).default(0), {
    description: 'port of the simulator (`0`: any free loopback port; `npm run simulator` then uses 4010)',
  }),
  SIMULATOR_WABA_WEBHOOK_DELAY_MS: documented(nonNegativeInt.default(15_000), {
    description: 'the simulator applies a business-account webhook this long after it was set, as the upstream does (15 to 20 s); `0`: at once',
    contract: true,
  }),
  SIMULATOR_TEMPLATE_REVIEW_MS: documented(nonNegativeInt.default(10_000), {
    description:
      "the simulator reviews a created template this long after its creation and notifies the review to the creating channel's webhook (message_template_status_update); a name starting with `reject_` is rejected (INVALID_FORMAT), any other approved; a template can be sent once approved",
    contract: true,
  }),
  SIMULATOR_LATENCY_MS: documented(nonNegativeInt.default(0), {
    description: 'upstream latency the simulator models: every answer leaves this long after its request arrived (its own handling included)',
  }),
  SIMULATOR_LIVE_EVENTS_MS: documented(nonNegativeInt.default(0), {
    description:
      'interval of spontaneous simulated inbound events (`0`: none): every channel with a webhook receives the next item of a fixed mix, two thirds texts and every other kind once per 60 (docs: the simulator section)',
  }),
});

/** Each variable with its documentation and default, in the schema's order (docs/configuration.md). */
export function configVariables(): { name: string; doc: VariableDoc; defaultValue: string | number | boolean | undefined }[] {
  return Object.entries(variables.shape).map(([name, type]) => {
    const meta = type.meta() ?? {};
    const doc: VariableDoc = {
      description: meta.description ?? '',
      ...(typeof meta.whenUnset === 'string' ? { whenUnset: meta.whenUnset } : {}),
      ...(meta.contract === true ? { contract: true } : {}),
    };
    return { name, doc, defaultValue: type.def.type === 'default' ? (type.def as { defaultValue: string | number | boolean }).defaultValue : undefined };
  });
}

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

type Variables = z.output<typeof variables>;
type VariableName = keyof Variables;

/**
 * A rule across variables. It runs once every variable it `reads` is valid on its own, beside every other problem
 * (a parse stops at none of them), and is never judged on a value that is already wrong.
 */
function ruleAcross(reads: readonly VariableName[], problemsOf: (values: Variables) => ConfigProblem[]) {
  return z.superRefine<Variables>(
    (values, ctx) => {
      for (const { variable, message } of problemsOf(values)) ctx.addIssue({ code: 'custom', path: [variable], message });
    },
    { when: (payload) => !payload.issues.some((issue) => reads.includes(issue.path?.[0] as VariableName)) },
  );
}

const isSet = (value: unknown) => value !== undefined;

/** The upstream roots when all four are set; null when none is (the embedded simulator). */
function upstreamUrlsOf(values: Variables): UpstreamUrls | null {
  const { PARTNER_API_URL: partner, CLOUD_API_URL: cloud, ONPREM_API_URL: onPremise, INSIGHTS_API_URL: insights } = values;
  return partner && cloud && onPremise && insights ? { partner, cloud, onPremise, insights } : null;
}

const configSchema = variables
  .check(
    ruleAcross(['PERSISTED_OPERATIONS', 'PERSISTED_OPERATIONS_ONLY'], (values) =>
      values.PERSISTED_OPERATIONS_ONLY && !isSet(values.PERSISTED_OPERATIONS)
        ? [{ variable: 'PERSISTED_OPERATIONS', message: 'PERSISTED_OPERATIONS_ONLY=true needs the manifest: set PERSISTED_OPERATIONS to its path' }]
        : [],
    ),
    // Reads only whether each URL is set, so a malformed one does not hide the ones missing beside it.
    ruleAcross([], (values) => {
      const missing = UPSTREAM_URL_VARIABLES.filter((name) => !isSet(values[name]));
      if (missing.length === 0 || missing.length === UPSTREAM_URL_VARIABLES.length) return [];
      const message = `set all four upstream URLs (${UPSTREAM_URL_VARIABLES.join(', ')}) or none (embedded simulator)`;
      return missing.map((variable) => ({ variable, message }));
    }),
    ruleAcross(['REDIS_URL', 'REDIS_MODE'], (values) =>
      values.REDIS_URL && values.REDIS_URL.length > 1 && values.REDIS_MODE !== 'cluster'
        ? [{ variable: 'REDIS_URL', message: 'several URLs are seed nodes of a cluster: set REDIS_MODE=cluster, or give one URL' }]
        : [],
    ),
    ruleAcross([], (values) =>
      isSet(values.REDIS_TLS_CERT_FILE) !== isSet(values.REDIS_TLS_KEY_FILE)
        ? [
            {
              variable: isSet(values.REDIS_TLS_CERT_FILE) ? 'REDIS_TLS_KEY_FILE' : 'REDIS_TLS_CERT_FILE',
              message: 'a client certificate needs both REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE',
            },
          ]
        : [],
    ),
    ruleAcross(['AUTH_ISSUER', 'AUTH_AUDIENCE', 'AUTH_JWKS_URL', 'PARTNER_TOKEN'], (values) => {
      if (!isSet(values.AUTH_ISSUER)) {
        const without = (['AUTH_AUDIENCE', 'AUTH_JWKS_URL'] as const).filter((name) => isSet(values[name]));
        return without.map((variable) => ({ variable, message: `has no effect without AUTH_ISSUER: set AUTH_ISSUER too, or unset ${variable}` }));
      }
      const problems: ConfigProblem[] = [];
      if (!isSet(values.AUTH_AUDIENCE))
        problems.push({ variable: 'AUTH_AUDIENCE', message: 'required with AUTH_ISSUER: the `aud` every access token must carry' });
      // The embedded simulator hands the gateway its partner's token itself: the credential stays server-side there too.
      if (!isSet(values.PARTNER_TOKEN) && upstreamUrlsOf(values) !== null) {
        problems.push({
          variable: 'PARTNER_TOKEN',
          message: "required with AUTH_ISSUER: people act through the gateway's own partner credential, never their own",
        });
      }
      return problems;
    }),
    ruleAcross(['REDIS_WAIT_REPLICAS', 'REDIS_URL'], (values) =>
      values.REDIS_WAIT_REPLICAS > 0 && !isSet(values.REDIS_URL)
        ? [{ variable: 'REDIS_WAIT_REPLICAS', message: 'needs REDIS_URL (without Redis there are no replicas to wait for)' }]
        : [],
    ),
  )
  .transform((values) => ({
    port: values.PORT,
    host: values.HOST,
    /** The four upstream roots; null when none is set, until main.ts points them at the embedded simulator. */
    upstream: upstreamUrlsOf(values),
    /** No upstream root is set: `npm start` runs the embedded simulator, the one upstream on this machine. */
    embeddedSimulator: upstreamUrlsOf(values) === null,
    partnerId: values.PARTNER_ID ?? null,
    partnerToken: values.PARTNER_TOKEN ?? null,
    gatewayTokens: values.GATEWAY_TOKENS ?? [],
    /** Verified access tokens of people (AUTH_ISSUER); null: none, callers are services as before. */
    auth: values.AUTH_ISSUER
      ? {
          issuer: values.AUTH_ISSUER,
          audience: values.AUTH_AUDIENCE ?? '',
          jwksUrl: values.AUTH_JWKS_URL ?? null,
          clientsClaim: values.AUTH_CLIENTS_CLAIM,
          nameClaim: values.AUTH_NAME_CLAIM,
        }
      : null,
    /** null: /metrics is open (expose it only to the monitoring network); set: scrapes present it as a bearer token. */
    metricsToken: values.METRICS_TOKEN ?? null,
    channelApiKeys: values.CHANNEL_API_KEYS ?? {},
    keystoreSecret: values.KEYSTORE_SECRET ?? randomBytes(32).toString('hex'),
    keystoreSecretGenerated: values.KEYSTORE_SECRET === undefined,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    messagingProduct: values.MESSAGING_PRODUCT,
    /** REDIS_URL: one URL (standalone), or the comma-separated seed nodes of a cluster; null: in-process memory. */
    redisUrl: values.REDIS_URL?.join(',') ?? null,
    redisMode: values.REDIS_MODE,
    /** PEM contents of REDIS_TLS_*_FILE; null when none is set. */
    redisTls:
      values.REDIS_TLS_CA_FILE || values.REDIS_TLS_CERT_FILE || values.REDIS_TLS_KEY_FILE
        ? { ca: values.REDIS_TLS_CA_FILE, cert: values.REDIS_TLS_CERT_FILE, key: values.REDIS_TLS_KEY_FILE }
        : null,
    /** REDIS_PASSWORD_FILE's content; null: the URL's password, if any. */
    redisPassword: values.REDIS_PASSWORD_FILE ?? null,
    /** REDIS_WAIT_REPLICAS: replicas a webhook append must reach before the 200. */
    redisWaitReplicas: values.REDIS_WAIT_REPLICAS,
    logLevel: values.LOG_LEVEL,
    upstreamTimeoutMs: values.UPSTREAM_TIMEOUT_MS,
    upstreamRetries: values.UPSTREAM_RETRIES,
    cacheTtlMs: {
      listing: values.CACHE_TTL_LISTING_MS,
      usage: values.CACHE_TTL_USAGE_MS,
      insights: values.CACHE_TTL_INSIGHTS_MS,
      messaging: values.CACHE_TTL_MESSAGING_MS,
    },
    /** How the insights client sends every list parameter. */
    insightsListEncoding: values.INSIGHTS_LIST_ENCODING,
    /** Bound of the in-process response cache (no Redis), in bytes of JSON. */
    cacheMemoryMaxBytes: values.CACHE_MEMORY_MAX_MB * 1024 * 1024,
    documentCacheMaxBytes: values.DOCUMENT_CACHE_MAX_MB * 1024 * 1024,
    balanceRateLimit: {
      points: values.BALANCE_RATE_LIMIT_POINTS,
      windowMs: values.BALANCE_RATE_LIMIT_WINDOW_MS,
      maxWaitMs: values.BALANCE_RATE_LIMIT_MAX_WAIT_MS,
    },
    introspection: values.INTROSPECTION,
    /** PERSISTED_OPERATIONS's operations by id; null when unset. */
    persistedOperations: values.PERSISTED_OPERATIONS ?? null,
    persistedOperationsOnly: values.PERSISTED_OPERATIONS_ONLY,
    apqTtlSeconds: values.APQ_TTL_SECONDS,
    /** Decoded size limit of `uploadMedia`'s base64; whole-transfer timeout of media uploads and downloads. */
    media: { inlineMaxBytes: values.MEDIA_INLINE_MAX_BYTES, transferTimeoutMs: values.MEDIA_TRANSFER_TIMEOUT_MS },
    /** Keys of every instance sharing one Redis start with `<namespace>:`. */
    redisNamespace: values.REDIS_NAMESPACE,
    /** Bound on every Redis command and connection attempt, so a lost Redis fails requests instead of hanging them. */
    redisTimeoutMs: values.REDIS_TIMEOUT_MS,
    /** Origins allowed by CORS; empty: no cross-origin browser access, `*`: any origin. */
    corsOrigins: values.CORS_ORIGINS ?? [],
    /** Origins a subscription's HTTP callback may go to; empty: the callback protocol is off. */
    subscriptionCallbackOrigins: (values.SUBSCRIPTION_CALLBACK_ORIGINS ?? []).map((origin) => new URL(origin).origin),
    /** enforce: subscriptions on channels whose notifications do not reach this gateway are refused (WEBHOOK_NOT_CONNECTED). */
    webhookCheck: values.WEBHOOK_CHECK,
    serviceWindowGuard: values.SERVICE_WINDOW_GUARD,
    queryLimits: {
      maxDepth: values.MAX_QUERY_DEPTH,
      maxAliases: values.MAX_QUERY_ALIASES,
      maxCost: values.MAX_QUERY_COST,
      maxTokens: values.MAX_QUERY_TOKENS,
    },
    /** Each caller's share: operations in flight per instance, query cost per second. */
    fairShare: {
      maxInFlight: values.MAX_OPERATIONS_IN_FLIGHT_PER_CALLER,
      costPerSecond: values.MAX_COST_PER_SECOND_PER_CALLER,
      upstreamCallCost: values.UPSTREAM_CALL_COST,
    },
    /** Structure a `/graphql` JSON body may hold (MAX_BODY_VALUES, MAX_BODY_DEPTH), checked before it is parsed. */
    bodyShape: { maxValues: values.MAX_BODY_VALUES, maxDepth: values.MAX_BODY_DEPTH },
    circuitBreaker: { threshold: values.CIRCUIT_BREAKER_THRESHOLD, cooldownMs: values.CIRCUIT_BREAKER_COOLDOWN_MS },
    /** Most upstream calls one operation may make (estimated before execution, counted during it). */
    maxUpstreamCallsPerOperation: values.MAX_UPSTREAM_CALLS_PER_OPERATION,
    /** Server-side bounds on how long a client may take to send its request. */
    httpTimeouts: { headersMs: values.HTTP_HEADERS_TIMEOUT_MS, requestMs: values.HTTP_REQUEST_TIMEOUT_MS },
    /** Bounds of the graphql-ws endpoint: message size, connections per process and per remote address. */
    webSocket: {
      maxPayloadBytes: values.WS_MAX_PAYLOAD_BYTES,
      maxConnections: values.WS_MAX_CONNECTIONS,
      maxConnectionsPerAddress: values.WS_MAX_CONNECTIONS_PER_ADDRESS,
    },
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    /** How long received events and message records are kept for replay; 0 keeps nothing (live delivery only). */
    eventRetentionMs: values.EVENT_RETENTION_MS,
    /** How long audit entries of writes are kept (Partner.auditTrail). */
    auditRetentionMs: values.AUDIT_RETENTION_MS,
    /** null: tracing off (the default). */
    tracing: values.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: values.OTEL_SERVICE_NAME } : null,
    simulator: {
      port: values.SIMULATOR_PORT,
      latencyMs: values.SIMULATOR_LATENCY_MS,
      liveEventsMs: values.SIMULATOR_LIVE_EVENTS_MS,
      wabaWebhookDelayMs: values.SIMULATOR_WABA_WEBHOOK_DELAY_MS,
      templateReviewMs: values.SIMULATOR_TEMPLATE_REVIEW_MS,
    },
  }));

/** The gateway's configuration, as the schema above reads it from the environment. */
export type Config = z.output<typeof configSchema>;

/** Parses and validates the environment; throws one ConfigError listing every problem, one per variable. */
export function loadConfig(env: Env = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(defined);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? 'environment'), message: issue.message }));
  // One line per variable (its first problem), in the order of the variables table.
  const order = Object.keys(variables.shape);
  const position = (variable: string) => (order.includes(variable) ? order.indexOf(variable) : order.length);
  const [first, ...more] = problems
    .filter((problem, index) => problems.findIndex((other) => other.variable === problem.variable) === index)
    .sort((a, b) => position(a.variable) - position(b.variable));
  throw new ConfigError(first.variable, first.message, more);
}
