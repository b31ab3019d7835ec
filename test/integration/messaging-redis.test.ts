import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, namespaceKeys, testRedisEnv, uniqueNamespace } from '../support/redis.js';

const CHANNEL = 'channel-004';
const ENGAGED = '+4915112345678';
const SEND = `mutation Send($input: SendMessageInput!) { sendMessage(channelId: "${CHANNEL}", input: $input) { id } }`;

/** Two gateway processes' worth of instances sharing one Redis namespace, as a deployment would. */
describeWithRedis('messaging with Redis: keys across restarts, idempotency across instances', () => {
  const namespace = uniqueNamespace('messaging');
  const env = () => ({
    ...testRedisEnv(namespace),
    KEYSTORE_SECRET: 'shared-secret-of-the-deployment-42',
    CHANNEL_API_KEYS: JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}` }),
  });
  let simulator: Simulator;
  const gateways: TestGateway[] = [];

  async function gateway() {
    const started = await startTestGateway(env(), {}, simulator);
    gateways.push(started);
    return started;
  }

  beforeAll(async () => {
    simulator = await startSimulator();
  });
  afterAll(async () => {
    for (const started of gateways.splice(0)) await started.close();
    await dropNamespace(namespace);
    await simulator.close();
  });

  it('uses a key created by createApiKey after a restart (encrypted in Redis), with the webhook restored', async () => {
    const first = await gateway();
    simulator.state.webhooks.set(CHANNEL, { url: 'https://hooks.example.com/kept', headers: {} });
    const { body } = await first.graphql<{ createApiKey: { apiKey: string; webhookRestore: { restored: boolean } } }>(
      `mutation { createApiKey(channelId: "${CHANNEL}") { apiKey webhookRestore { restored url error } } }`,
    );
    expect(body.errors).toBeUndefined();
    const apiKey = body.data!.createApiKey.apiKey;
    expect(body.data?.createApiKey.webhookRestore).toEqual({ restored: true, url: 'https://hooks.example.com/kept', error: null });
    const stored = await namespaceKeys(namespace, undefined, '*apikey*');
    expect(stored.length).toBeGreaterThan(0);
    for (const key of stored) expect(await first.gateway.services.redis!.client.get(key)).not.toContain(apiKey);
    gateways.splice(gateways.indexOf(first), 1);
    await first.close();

    const restarted = await gateway();
    simulator.recorder.clear();
    const sent = await restarted.graphql(SEND, { input: { to: ENGAGED, text: { body: 'after restart' } } });
    expect(sent.body.errors).toBeUndefined();
    const [request] = simulator.recorder.matching('/cloud/messages', 'POST');
    expect(request?.headers['svc-api-key']).toBe(apiKey);
  });

  it('sends once when two instances get the same idempotencyKey at the same time', async () => {
    const [a, b] = [gateways[0] ?? (await gateway()), await gateway()];
    simulator.recorder.clear();
    simulator.faults.add({ path: '^/cloud/messages$', method: 'POST', delayMs: 300, times: 1 });
    const input = { to: ENGAGED, idempotencyKey: `two-instances-${randomUUID()}`, text: { body: 'exactly once' } };
    const answers = await Promise.all([
      a.graphql<{ sendMessage: { id: string } }>(SEND, { input }),
      b.graphql<{ sendMessage: { id: string } }>(SEND, { input }),
    ]);
    for (const answer of answers) expect(answer.body.errors).toBeUndefined();
    expect(answers[0].body.data?.sendMessage.id).toBe(answers[1].body.data?.sendMessage.id);
    expect(simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(1);
  });
});
