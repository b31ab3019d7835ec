import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MEDIA_FAILURE_WINDOW_MS, MediaFailureGuard, redisMediaFailureLog } from '../../src/datasources/media-failures.js';
import { StoreUnavailableError } from '../../src/errors.js';
import { createLogger } from '../../src/observability/logger.js';
import { RedisConnection } from '../../src/store/redis.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { waitUntil } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, namespaceKeys, testRedisEnv, uniqueNamespace } from '../support/redis.js';
import { freePort } from '../support/free-port.mjs';

interface Instances {
  namespace: string;
  simulator: Simulator;
  first: TestGateway;
  second: TestGateway;
}

/** Two gateway instances on one Redis namespace and one upstream, as behind a load balancer, for the enclosing describe. */
function twoInstances(label: string, env: Record<string, string> = {}): Instances {
  const instances = { namespace: uniqueNamespace(label) } as Instances;
  beforeAll(async () => {
    instances.simulator = await startSimulator();
    const shared = { ...testRedisEnv(instances.namespace), ...env };
    instances.first = await startTestGateway(shared, {}, instances.simulator);
    instances.second = await startTestGateway(shared, {}, instances.simulator);
  });
  afterAll(async () => {
    await instances.first?.close();
    await instances.second?.close();
    await instances.simulator?.close();
    await dropNamespace(instances.namespace);
  });
  return instances;
}

describeWithRedis('two instances sharing the test Redis', () => {
  const instances = twoInstances('instances');

  it('both are ready and keep their shared state in Redis under the namespace', async () => {
    const { first, second, namespace } = instances;
    for (const instance of [first, second]) {
      const response = await fetch(new URL('/readyz', instance.url));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ready', store: { kind: 'redis', up: true } });
    }
    const { body } = await first.graphql('{ partner { clients(limit: 1) { total } } }');
    expect(body.errors).toBeUndefined();
    const keys = await namespaceKeys(namespace);
    expect(keys.some((key) => key.startsWith(`${namespace}::res:${'partner-acme'}:`))).toBe(true);
  });

  it('an API key created through one instance is used by the other', async () => {
    const { first, second, simulator, namespace } = instances;
    const created = await first.graphql<{ createApiKey: { apiKey: string } }>('mutation { createApiKey(channelId: "channel-001") { apiKey } }');
    expect(created.body.errors).toBeUndefined();
    const apiKey = created.body.data!.createApiKey.apiKey;
    // Stored encrypted: the plain key is nowhere in Redis.
    expect(JSON.stringify(await namespaceKeys(namespace))).not.toContain(apiKey);

    simulator.recorder.clear();
    const profile = await second.graphql<{ channel: { businessProfile: { websites: string[] } } }>(
      '{ channel(id: "channel-001") { businessProfile { websites } } }',
    );
    expect(profile.body.errors).toBeUndefined();
    const areaB = simulator.recorder.requests.filter((request) => request.headers['svc-api-key'] !== undefined);
    expect(areaB.length).toBeGreaterThan(0);
    expect(areaB.every((request) => request.headers['svc-api-key'] === apiKey)).toBe(true);
  });

  it('a cache entry invalidated by a mutation on one instance is not served stale by the other', async () => {
    const { first, second, simulator } = instances;
    const query = '{ client(id: "client-002") { partnerPayload } }';
    const a1 = () => simulator.recorder.matching(/\/clients$/, 'GET').length;
    const before = await second.graphql<{ client: { partnerPayload: string | null } }>(query);
    expect(before.body.errors).toBeUndefined();
    simulator.recorder.clear();
    // Served from the shared cache: by the same instance and by the other one.
    await second.graphql(query);
    await first.graphql(query);
    expect(a1()).toBe(0);

    const payload = `payload-${Date.now()}`;
    const updated = await first.graphql(`mutation { updateClient(clientId: "client-002", input: { partnerPayload: "${payload}" }) { id } }`);
    expect(updated.body.errors).toBeUndefined();

    const after = await second.graphql<{ client: { partnerPayload: string | null } }>(query);
    expect(after.body.data?.client.partnerPayload).toBe(payload);
    expect(a1()).toBe(1);
  });

  it('an automatic persisted query registered on one instance runs by hash on the other; its entry carries a TTL', async () => {
    const { first, second, namespace } = instances;
    const query = `query Registered { partner { clients(limit: 1) { total } } } # ${namespace}`;
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const byHash = (instance: TestGateway) =>
      fetch(instance.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash } } }),
      }).then(async (response) => (await response.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> });

    expect((await byHash(second)).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await fetch(first.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash } } }),
    });
    expect(((await registered.json()) as { errors?: unknown }).errors).toBeUndefined();
    // Apollo stores the registration after answering.
    await waitUntil(async () => (await namespaceKeys(namespace)).includes(`${namespace}::apq:${sha256Hash}`));

    const used = await byHash(second);
    expect(used.errors).toBeUndefined();
    expect(used.data).toEqual({ partner: { clients: { total: expect.any(Number) } } });

    const key = `${namespace}::apq:${sha256Hash}`;
    const ttl = await first.gateway.services.redis!.command<number>(key, ['TTL', key]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(86_400);
  });

  it('no store command of these failed: no key or script crossed slots (CROSSSLOT) or went to the wrong node (MOVED)', async () => {
    for (const instance of [instances.first, instances.second]) {
      const metrics = await (await fetch(new URL('/metrics', instance.url))).text();
      expect(metrics.split('\n').filter((line) => line.startsWith('hubgraph_store_errors_total{'))).toEqual([]);
    }
  });
});

/** Failed media GETs count towards one upstream block per number, whichever instance made them. */
describeWithRedis('media GET failures of two instances on the test Redis', () => {
  const ONPREM = 'channel-003';
  const MEDIA = `query($id: ID!) { channel(id: "${ONPREM}") { media(id: $id) { id } } }`;
  const instances = twoInstances('media-failures', { CHANNEL_API_KEYS: JSON.stringify({ [ONPREM]: `sim-key-${ONPREM}` }) });

  it('counts failures made at the same moment by both instances, and refuses the next GET on either once they are more than 5', async () => {
    const { first, second, simulator } = instances;
    const failed = await Promise.all(
      [first, first, first, second, second, second].map(async (instance, attempt) => {
        const { body } = await instance.graphql(MEDIA, { id: `missing-${attempt}` });
        return body.errors?.[0]?.extensions?.code;
      }),
    );
    expect(failed).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
    expect(simulator.recorder.matching(/^\/onprem\/v1\/media\/missing-/, 'GET')).toHaveLength(6);

    simulator.recorder.clear();
    for (const instance of [first, second]) {
      const { body } = await instance.graphql(MEDIA, { id: 'missing-7' });
      expect(body.errors?.[0]?.extensions?.code).toBe('MEDIA_BLOCKED');
    }
    expect(simulator.recorder.matching(/^\/onprem\/v1\/media\//, 'GET')).toHaveLength(0);
    // The log expires with the window: nothing stays in Redis for good.
    const redis = first.gateway.services.redis!;
    const ttl = await redis.client.pTTL(redis.key(`media-failure-log:${ONPREM}`));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(MEDIA_FAILURE_WINDOW_MS);
  });
});

describe('media GET failures with Redis lost', () => {
  it('refuses with the store error (not a bug report) when the count cannot be read or written', async () => {
    const connection = new RedisConnection({
      url: `redis://127.0.0.1:${await freePort()}`,
      namespace: uniqueNamespace('media-lost'),
      timeoutMs: 200,
      logger: createLogger('silent'),
    });
    try {
      const guard = new MediaFailureGuard(redisMediaFailureLog(connection));
      await expect(guard.assertAllowed('channel-003')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(guard.recordFailure('channel-003')).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await connection.close();
    }
  });
});
