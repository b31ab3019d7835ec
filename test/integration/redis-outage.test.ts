import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { connectTestClient, DisposableRedis, describeWithRedis, uniqueNamespace } from '../support/redis.js';

async function readiness(harness: TestGateway): Promise<number> {
  return (await fetch(new URL('/readyz', harness.url))).status;
}

async function waitForReadiness(harness: TestGateway, status: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await readiness(harness)) === status) return;
    await sleep(50);
  }
  throw new Error(`/readyz never answered ${status}`);
}

const CLIENTS = '{ partner { clients(limit: 2) { total } } }';
const PROFILE = '{ channel(id: "channel-001") { id businessProfile { websites } } }';
const updateClient = (payload: string) => `mutation { updateClient(clientId: "client-001", input: { partnerPayload: "${payload}" }) { id } }`;

/** A Redis of its own (another port), lost and brought back while the gateway runs. */
describeWithRedis('Redis lost at runtime and back', () => {
  let redis: DisposableRedis;
  let harness: TestGateway;

  beforeAll(async () => {
    redis = await DisposableRedis.start();
    harness = await startTestGateway({ REDIS_URL: redis.url, REDIS_NAMESPACE: uniqueNamespace('outage'), REDIS_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    await harness?.close();
    await redis?.kill();
  });

  it('is ready, caches reads and keeps keys while Redis answers', async () => {
    expect(await readiness(harness)).toBe(200);
    const created = await harness.graphql('mutation { createApiKey(channelId: "channel-001") { apiKey } }');
    expect(created.body.errors).toBeUndefined();
    harness.simulator.recorder.clear();
    await harness.graphql(CLIENTS);
    await harness.graphql(CLIENTS);
    expect(harness.simulator.recorder.matching(/\/clients$/, 'GET')).toHaveLength(1);
  });

  it('with Redis hanging (process stopped): not ready, commands time out, mutations refused before sending', async () => {
    const client = await connectTestClient(redis.url);
    const info = await client.info('server').finally(() => client.destroy());
    const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGSTOP');
    try {
      expect(await readiness(harness)).toBe(503);
      harness.simulator.recorder.clear();
      const mutation = await harness.graphql(updateClient('while-hanging'));
      expect(mutation.body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', store: 'redis' });
      expect(harness.simulator.recorder.matching(/\/clients\/client-001$/, 'PATCH')).toHaveLength(0);
      // A read that needs the key store fails its field with the same clear error; nothing reaches area B.
      const profile = await harness.graphql<{ channel: unknown }>(PROFILE);
      expect(profile.body.data?.channel).toEqual({ id: 'channel-001', businessProfile: null });
      expect(profile.body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', store: 'redis' });
      expect(harness.simulator.recorder.requests.filter((request) => request.headers['svc-api-key'])).toHaveLength(0);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await waitForReadiness(harness, 200);
    // The data survived the hang: the key is still there.
    const profile = await harness.graphql(PROFILE);
    expect(profile.body.errors).toBeUndefined();
  });

  it('with Redis gone: not ready, reads served uncached from upstream, mutations refused; all resumes when it is back', async () => {
    await redis.kill();
    await waitForReadiness(harness, 503);

    harness.simulator.recorder.clear();
    const first = await harness.graphql<{ partner: { clients: { total: number } } }>(CLIENTS);
    const second = await harness.graphql<{ partner: { clients: { total: number } } }>(CLIENTS);
    expect(first.body.errors).toBeUndefined();
    expect(second.body.data?.partner.clients.total).toBe(6);
    // Never from a cache whose invalidations could have been missed: both went upstream.
    expect(harness.simulator.recorder.matching(/\/clients$/, 'GET')).toHaveLength(2);

    const mutation = await harness.graphql(updateClient('while-gone'));
    expect(mutation.body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', store: 'redis' });
    expect(mutation.body.errors?.[0]?.message).toMatch(/shared store \(Redis\)/);
    expect(harness.simulator.recorder.matching(/\/clients\/client-001$/, 'PATCH')).toHaveLength(0);

    await redis.resume();
    await waitForReadiness(harness, 200);
    const resumed = await harness.graphql(updateClient('after-return'));
    expect(resumed.body.errors).toBeUndefined();
    harness.simulator.recorder.clear();
    await harness.graphql(CLIENTS);
    await harness.graphql(CLIENTS);
    expect(harness.simulator.recorder.matching(/\/clients$/, 'GET')).toHaveLength(1);
    const logged = harness.logs.entries().map((entry) => entry.msg);
    expect(logged).toContain('redis connection problem');
    expect(logged).toContain('redis connection restored');
  });
});
