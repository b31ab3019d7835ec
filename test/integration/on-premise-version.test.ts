import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ON_PREMISE_SUPPORT_ENDS_AT } from '../../src/datasources/hosting.js';
import { messagingState } from '../../simulator/messaging-routes.js';
import { areaBRequests, startTestGateway, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, testRedisEnv, uniqueNamespace } from '../support/redis.js';

/** The on-premise server version kept from send answers (spec B1 meta.version, §9.3 namespace before 2.41), and the hosting's end of support. */
const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const ONPREM_OTHER = 'channel-006';
const KEYS = Object.fromEntries([CLOUD, ONPREM, ONPREM_OTHER].map((channelId) => [channelId, `sim-key-${channelId}`]));
const ENGAGED = '+4915112345678';
const SEND = `mutation ($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }`;
const CHANNEL = `query ($id: ID!) { channel(id: $id) { hosting onPremiseVersion hostingSupportEndsAt } }`;
const redisNamespace = uniqueNamespace('onprem-version');

describe('on-premise version and end of support (memory)', () => onPremiseSuite(() => ({})));
describeWithRedis('on-premise version and end of support (Redis)', () => onPremiseSuite(() => testRedisEnv(redisNamespace)));

function onPremiseSuite(storeEnv: () => Record<string, string>) {
  let harness: TestGateway;

  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), ...storeEnv() });
  });
  afterAll(async () => {
    await harness.close();
    if (harness.config.redisUrl) await dropNamespace(redisNamespace, harness.config.redisUrl);
  });

  const channel = async (id: string) => {
    const { body } = await harness.execute<{ channel: Record<string, unknown> }>(CHANNEL, { id });
    expect(body.errors).toBeUndefined();
    return body.data!.channel;
  };
  const send = async (input: Record<string, unknown>) => (await harness.execute<{ sendMessage: { id: string } }>(SEND, { channelId: ONPREM, input })).body;

  it('serves the end of on-premise support, and null on cloud', async () => {
    expect(await channel(CLOUD)).toEqual({ hosting: 'CLOUD', onPremiseVersion: null, hostingSupportEndsAt: null });
    expect((await channel(ONPREM)).hostingSupportEndsAt).toBe(ON_PREMISE_SUPPORT_ENDS_AT);
    expect(ON_PREMISE_SUPPORT_ENDS_AT).toBe('2025-10-01T00:00:00.000Z');
  });

  it('keeps the version of the last send answer, and fills the namespace of a template for a server below 2.41', async () => {
    expect((await channel(ONPREM)).onPremiseVersion).toBeNull();
    messagingState(harness.simulator.state).onPremiseVersions.set(ONPREM, '2.39.3');
    const namespace = harness.simulator.state.channels.get(ONPREM)!.waba_account.namespace;

    // Version not known yet: the template goes as given, and the old server refuses it without namespace.
    harness.simulator.recorder.clear();
    const unknown = await send({ to: ENGAGED, template: { name: 'order_update', languageCode: 'de' } });
    expect(unknown.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 1008 });
    expect(areaBRequests(harness)[0].body).not.toHaveProperty('template.namespace');

    expect((await send({ to: ENGAGED, text: { body: 'hello' } })).errors).toBeUndefined();
    expect((await channel(ONPREM)).onPremiseVersion).toBe('2.39.3');

    harness.simulator.recorder.clear();
    const filled = await send({ to: ENGAGED, template: { name: 'order_update', languageCode: 'de' } });
    expect(filled.errors).toBeUndefined();
    expect(areaBRequests(harness)[0].body).toMatchObject({ template: { namespace, name: 'order_update' } });

    // A server from 2.41 on: the namespace stays optional, the template goes as given.
    messagingState(harness.simulator.state).onPremiseVersions.set(ONPREM, '2.41.0');
    expect((await send({ to: ENGAGED, text: { body: 'after the upgrade' } })).errors).toBeUndefined();
    expect((await channel(ONPREM)).onPremiseVersion).toBe('2.41.0');
    harness.simulator.recorder.clear();
    expect((await send({ to: ENGAGED, template: { name: 'order_update', languageCode: 'de' } })).errors).toBeUndefined();
    expect(areaBRequests(harness)[0].body).not.toHaveProperty('template.namespace');
  });

  it('logs one warning per on-premise channel used, once per process; cloud channels none', async () => {
    for (const channelId of [ONPREM, ONPREM, CLOUD, ONPREM_OTHER, ONPREM, ONPREM_OTHER]) {
      const { body } = await harness.execute(SEND, { channelId, input: { to: '4915112345678', text: { body: 'hi' } } });
      expect(body.errors).toBeUndefined();
    }
    const warnings = harness.logs.entries().filter((entry) => String(entry.msg).includes('on-premise hosting'));
    expect(warnings.map((entry) => [entry.channelId, entry.level])).toEqual([
      [ONPREM, 40],
      [ONPREM_OTHER, 40],
    ]);
    expect(warnings[0].msg).toMatch(/support ended in October 2025.*15 May 2024.*migrate it to cloud/);
  });
}
