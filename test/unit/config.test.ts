import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, startupErrorLines } from '../../src/config.js';

const URLS = {
  PARTNER_API_URL: 'https://partner.example/api/v2/',
  CLOUD_API_URL: 'https://cloud.example',
  ONPREM_API_URL: 'https://onprem.example',
  INSIGHTS_API_URL: 'https://insights.example',
};

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected`);
}

describe('loadConfig', () => {
  it('defaults to the embedded simulator with documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      upstream: null,
      partnerId: null,
      partnerToken: null,
      gatewayTokens: [],
      metricsToken: null,
      channelApiKeys: {},
      keystoreSecretGenerated: true,
      publicUrl: 'http://localhost:4000',
      messagingProduct: 'whatsapp',
      redisUrl: null,
      redisMode: 'standalone',
      redisTls: null,
      redisPassword: null,
      redisWaitReplicas: 0,
      logLevel: 'info',
      upstreamTimeoutMs: 10_000,
      upstreamRetries: 2,
      cacheTtlMs: { listing: 30_000, usage: 60_000, insights: 60_000, messaging: 30_000 },
      insightsListEncoding: 'comma',
      introspection: true,
      simulator: { wabaWebhookDelayMs: 15_000 },
      tracing: null,
    });
    expect(config.keystoreSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('parses every contract variable', () => {
    const config = loadConfig({
      ...URLS,
      PORT: '8080',
      PARTNER_ID: 'partner-1',
      PARTNER_TOKEN: 'token-1',
      GATEWAY_TOKENS: ' a, b ,,c ',
      CHANNEL_API_KEYS: '{"channel-1":"key-1"}',
      KEYSTORE_SECRET: '0123456789abcdef',
      PUBLIC_URL: 'https://gateway.example/',
      MESSAGING_PRODUCT: 'whatsapp',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CACHE_TTL_LISTING_MS: '0',
      INSIGHTS_LIST_ENCODING: 'repeat',
      INTROSPECTION: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      upstream: {
        partner: 'https://partner.example/api/v2',
        cloud: 'https://cloud.example',
        onPremise: 'https://onprem.example',
        insights: 'https://insights.example',
      },
      partnerId: 'partner-1',
      partnerToken: 'token-1',
      gatewayTokens: ['a', 'b', 'c'],
      channelApiKeys: { 'channel-1': 'key-1' },
      keystoreSecret: '0123456789abcdef',
      keystoreSecretGenerated: false,
      publicUrl: 'https://gateway.example',
      redisUrl: 'redis://127.0.0.1:6379',
      cacheTtlMs: { listing: 0 },
      insightsListEncoding: 'repeat',
      introspection: false,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', PARTNER_TOKEN: '' })).toMatchObject({ port: 4000, partnerToken: null });
  });

  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PUBLIC_URL', 'gateway.example'],
    ['PUBLIC_URL', 'ftp://gateway.example'],
    ['CHANNEL_API_KEYS', 'not json'],
    ['CHANNEL_API_KEYS', '["key"]'],
    ['CHANNEL_API_KEYS', '{"channel-1":""}'],
    ['CHANNEL_API_KEYS', '{"channel-1":42}'],
    ['KEYSTORE_SECRET', 'short'],
    ['METRICS_TOKEN', 'short'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_URL', 'localhost'],
    ['LOG_LEVEL', 'loud'],
    ['UPSTREAM_TIMEOUT_MS', '0'],
    ['UPSTREAM_TIMEOUT_MS', 'soon'],
    ['UPSTREAM_RETRIES', '11'],
    ['UPSTREAM_RETRIES', '1.5'],
    ['CACHE_TTL_LISTING_MS', '-1'],
    ['CACHE_TTL_USAGE_MS', 'x'],
    ['CACHE_TTL_INSIGHTS_MS', '-5'],
    ['CACHE_TTL_MESSAGING_MS', '1e'],
    ['INSIGHTS_LIST_ENCODING', 'semicolon'],
    ['BALANCE_RATE_LIMIT_POINTS', '0'],
    ['BALANCE_RATE_LIMIT_WINDOW_MS', 'x'],
    ['BALANCE_RATE_LIMIT_MAX_WAIT_MS', '-1'],
    ['INTROSPECTION', 'yes'],
    ['SIMULATOR_PORT', '65536'],
    ['SIMULATOR_LATENCY_MS', '-1'],
    ['SIMULATOR_LIVE_EVENTS_MS', 'x'],
    ['SIMULATOR_WABA_WEBHOOK_DELAY_MS', '-1'],
  ])('rejects %s=%j naming the variable', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}: `)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it.each(Object.keys(URLS))('rejects a malformed %s', (variable) => {
    const error = configError({ ...URLS, [variable]: 'not a url' });
    expect(error.variable).toBe(variable);
  });

  it.each(Object.keys(URLS))('rejects an upstream URL set without the others (%s only)', (variable) => {
    const error = configError({ [variable]: URLS[variable as keyof typeof URLS] });
    expect(error.variable).not.toBe(variable);
    expect(Object.keys(URLS)).toContain(error.variable);
    expect(error.message).toContain('set all four upstream URLs');
  });

  it('rejects three of the four upstream URLs, naming the missing one', () => {
    const { INSIGHTS_API_URL: _missing, ...three } = URLS;
    expect(configError(three).variable).toBe('INSIGHTS_API_URL');
  });

  describe('every problem at once', () => {
    const SET_ALL_FOUR = 'set all four upstream URLs (PARTNER_API_URL, CLOUD_API_URL, ONPREM_API_URL, INSIGHTS_API_URL) or none (embedded simulator)';

    it('lists each invalid or missing variable with its reason, in the order of the variables table', () => {
      const error = configError({
        LOG_LEVEL: 'loud',
        PORT: 'abc',
        PARTNER_API_URL: 'not a url',
        REDIS_WAIT_REPLICAS: '1',
        PERSISTED_OPERATIONS_ONLY: 'true',
        KEYSTORE_SECRET: 'short',
      });
      expect(error.problems).toEqual([
        { variable: 'PORT', message: expect.stringContaining('expected number') },
        { variable: 'PARTNER_API_URL', message: 'Invalid URL' },
        { variable: 'CLOUD_API_URL', message: SET_ALL_FOUR },
        { variable: 'ONPREM_API_URL', message: SET_ALL_FOUR },
        { variable: 'INSIGHTS_API_URL', message: SET_ALL_FOUR },
        { variable: 'KEYSTORE_SECRET', message: 'must be at least 16 characters' },
        { variable: 'REDIS_WAIT_REPLICAS', message: 'needs REDIS_URL (without Redis there are no replicas to wait for)' },
        { variable: 'LOG_LEVEL', message: expect.stringContaining('"fatal"') },
        { variable: 'PERSISTED_OPERATIONS', message: expect.stringContaining('set PERSISTED_OPERATIONS to its path') },
      ]);
      expect(error.variable).toBe('PORT');
      expect(error.message.split('; ').map((part) => part.split(':')[0])).toEqual(error.problems.map((problem) => problem.variable));
    });

    it('prints one line per problem, naming its variable', () => {
      const lines = startupErrorLines(configError({ PORT: '70000', UPSTREAM_RETRIES: '11', REDIS_URL: 'redis://a.example,redis://b.example' }));
      expect(lines).toEqual([
        expect.stringMatching(/^invalid configuration: PORT: /),
        'invalid configuration: REDIS_URL: several URLs are seed nodes of a cluster: set REDIS_MODE=cluster, or give one URL',
        expect.stringMatching(/^invalid configuration: UPSTREAM_RETRIES: /),
      ]);
    });

    it('judges a rule across variables only once the variables it reads are valid on their own', () => {
      expect(configError({ REDIS_WAIT_REPLICAS: 'x' }).problems.map((problem) => problem.variable)).toEqual(['REDIS_WAIT_REPLICAS']);
      expect(configError({ REDIS_WAIT_REPLICAS: 'x' }).message).toContain('expected number');
      expect(configError({ REDIS_URL: 'redis://a.example,redis://b.example', REDIS_MODE: 'sentinel' }).problems).toEqual([
        { variable: 'REDIS_MODE', message: expect.stringContaining('"standalone"') },
      ]);
      expect(configError({ PERSISTED_OPERATIONS_ONLY: 'yes' }).problems.map((problem) => problem.variable)).toEqual(['PERSISTED_OPERATIONS_ONLY']);
    });
  });

  describe('Redis Cluster and managed Redis', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hubgraph-config-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const file = (name: string, content: string) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    };
    const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

    it('takes comma-separated seed nodes in cluster mode, the TLS files and the password file', () => {
      const config = loadConfig({
        REDIS_MODE: 'cluster',
        REDIS_URL: 'rediss://a.example:6379, rediss://b.example:6380',
        REDIS_TLS_CA_FILE: file('ca.pem', PEM),
        REDIS_TLS_CERT_FILE: file('cert.pem', PEM),
        REDIS_TLS_KEY_FILE: file('key.pem', '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n'),
        REDIS_PASSWORD_FILE: file('password', 's3cret\n'),
        REDIS_WAIT_REPLICAS: '1',
      });
      expect(config).toMatchObject({
        redisMode: 'cluster',
        redisUrl: 'rediss://a.example:6379,rediss://b.example:6380',
        redisTls: { ca: PEM, cert: PEM, key: expect.stringContaining('PRIVATE KEY') },
        redisPassword: 's3cret',
        redisWaitReplicas: 1,
      });
    });

    it('refuses several URLs in standalone mode, naming REDIS_URL and REDIS_MODE', () => {
      const error = configError({ REDIS_URL: 'redis://a.example:6379,redis://b.example:6379' });
      expect(error.variable).toBe('REDIS_URL');
      expect(error.message).toContain('REDIS_MODE=cluster');
    });

    it('refuses a seed that is not a redis:// URL', () => {
      expect(configError({ REDIS_MODE: 'cluster', REDIS_URL: 'redis://a.example:6379,http://b.example' }).variable).toBe('REDIS_URL');
    });

    it('names the file setting that cannot be read, is not PEM or is empty', () => {
      expect(configError({ REDIS_URL: 'rediss://a.example', REDIS_TLS_CA_FILE: join(dir, 'missing.pem') }).message).toMatch(
        /^REDIS_TLS_CA_FILE: .*missing\.pem: cannot be read \(ENOENT\)/,
      );
      expect(configError({ REDIS_URL: 'rediss://a.example', REDIS_TLS_CA_FILE: file('not-pem', 'hello') }).variable).toBe('REDIS_TLS_CA_FILE');
      expect(configError({ REDIS_URL: 'redis://a.example', REDIS_PASSWORD_FILE: file('empty', '\n') }).variable).toBe('REDIS_PASSWORD_FILE');
    });

    it('wants a client certificate and its key together', () => {
      expect(configError({ REDIS_URL: 'rediss://a.example', REDIS_TLS_CERT_FILE: file('only-cert.pem', PEM) }).variable).toBe('REDIS_TLS_KEY_FILE');
    });

    it('refuses REDIS_WAIT_REPLICAS without Redis, and an unknown REDIS_MODE', () => {
      expect(configError({ REDIS_WAIT_REPLICAS: '1' }).variable).toBe('REDIS_WAIT_REPLICAS');
      expect(configError({ REDIS_MODE: 'sentinel' }).variable).toBe('REDIS_MODE');
    });
  });
});
