import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { cloudNotification, collect, connectWs, postNotification, SUBSCRIPTIONS, waitUntil, type WsConnection } from '../support/events.js';
import { describeWithRedis, dropNamespace, namespaceKeys, testRedisEnv, uniqueNamespace } from '../support/redis.js';
import { freePort } from '../support/free-port.mjs';

const CHANNEL = 'channel-001';
type Item = Record<string, unknown>;

/** Two gateway instances of one deployment: same Redis namespace and KEYSTORE_SECRET. */
describeWithRedis('events with Redis: fan-out and dedup across instances', () => {
  const namespace = uniqueNamespace('events');
  const KEYSTORE_SECRET = 'shared-secret-of-the-deployment-42';
  const env = () => ({ ...testRedisEnv(namespace), KEYSTORE_SECRET });
  let simulator: Simulator;
  let first: TestGateway;
  let second: TestGateway;
  const connections: WsConnection[] = [];
  let credential: string;

  beforeAll(async () => {
    simulator = await startSimulator();
    first = await startTestGateway(env(), {}, simulator);
    second = await startTestGateway(env(), {}, simulator);
    for (const gateway of [first, second]) expect(await gateway.gateway.services.redis!.ready(5_000)).toBe(true);
    credential = webhookAuthorization(KEYSTORE_SECRET, CHANNEL);
  });

  afterAll(async () => {
    for (const connection of connections) await connection.dispose();
    await first.close();
    await second.close();
    await simulator.close();
    await dropNamespace(namespace);
  });

  const subscribe = async (gateway: TestGateway) => {
    const connection = connectWs(gateway.url);
    connections.push(connection);
    const events = gateway.gateway.services.events;
    const messages = collect<Item>(connection, SUBSCRIPTIONS.messages, { channelId: CHANNEL }, 'messageReceived');
    const statuses = collect<Item>(connection, SUBSCRIPTIONS.statuses, { channelId: CHANNEL }, 'messageStatusChanged');
    // Counted once Redis confirmed the SUBSCRIBE, so a publish from the other instance reaches it.
    await waitUntil(
      () => events.subscriberCount('message', CHANNEL) === 1 && events.subscriberCount('status', CHANNEL) === 1,
      'one message and one status subscriber',
    );
    return { messages, statuses };
  };

  it('an event received by one instance reaches subscribers on both; re-deliveries to either instance are deduplicated', async () => {
    const onFirst = await subscribe(first);
    const onSecond = await subscribe(second);

    const notification = cloudNotification(
      [{ messages: [{ from: '4915112345678', id: 'wamid.redis-1', timestamp: '1700000000', type: 'text', text: { body: 'across instances' } }] }],
      [{ statuses: [{ id: 'wamid.redis-out', status: 'delivered', timestamp: '1700000001', recipient_id: '4915112345678' }] }],
    );
    expect((await postNotification(first.url, CHANNEL, notification, credential)).status).toBe(200);
    await Promise.all([onSecond.messages.atLeast(1), onSecond.statuses.atLeast(1)]);
    expect(onSecond.messages.items[0]).toEqual(
      expect.objectContaining({ channelId: CHANNEL, id: 'wamid.redis-1', text: 'across instances', timestamp: '2023-11-14T22:13:20.000Z' }),
    );

    // The upstream re-delivers, to the other instance, to the same one, and to both at once.
    const redeliveries = await Promise.all([
      postNotification(second.url, CHANNEL, notification, credential),
      postNotification(first.url, CHANNEL, notification, credential),
      postNotification(second.url, CHANNEL, notification, credential),
    ]);
    expect(redeliveries.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await Promise.all([first.gateway.webhooks.drain(), second.gateway.webhooks.drain()]);

    // A later event published after the re-deliveries were processed: whatever was going to arrive has arrived before it.
    const later = {
      messages: [{ from: '4915112345678', id: 'wamid.redis-2', type: 'text', text: { body: 'later' } }],
      statuses: [{ id: 'wamid.redis-out', status: 'read' }],
    };
    expect((await postNotification(second.url, CHANNEL, later, credential)).status).toBe(200);
    await second.gateway.webhooks.drain();
    for (const side of [onFirst, onSecond]) await Promise.all([side.messages.atLeast(2), side.statuses.atLeast(2)]);

    for (const side of [onFirst, onSecond]) {
      expect(side.messages.items.map((item) => item.id)).toEqual(['wamid.redis-1', 'wamid.redis-2']);
      expect(side.statuses.items.map((item) => [item.messageId, item.status])).toEqual([
        ['wamid.redis-out', 'delivered'],
        ['wamid.redis-out', 'read'],
      ]);
    }
    // Dedup state, the channel's log and its message records live under this run's namespace only, all with the channel's hash tag.
    const keys = await namespaceKeys(namespace, undefined, `events:{${CHANNEL}}:seen:*`);
    expect(keys.sort()).toEqual(
      [
        `${namespace}:events:{${CHANNEL}}:seen:message:${CHANNEL}:wamid.redis-1`,
        `${namespace}:events:{${CHANNEL}}:seen:message:${CHANNEL}:wamid.redis-2`,
        `${namespace}:events:{${CHANNEL}}:seen:status:${CHANNEL}:wamid.redis-out:delivered`,
        `${namespace}:events:{${CHANNEL}}:seen:status:${CHANNEL}:wamid.redis-out:read`,
      ].sort(),
    );
    expect(await first.gateway.services.redis!.client.xLen(`${namespace}:events:{${CHANNEL}}:log`)).toBe(4);
    const ttl = await first.gateway.services.redis!.client.pTTL(keys[0]);
    expect(ttl).toBeGreaterThan(7 * 24 * 60 * 60 * 1000);
  });
});

describe('events with an unreachable Redis', () => {
  it('refuses deliveries with 503 (the upstream re-delivers later) instead of accepting and losing them', async () => {
    const port = await freePort();
    const gateway = await startTestGateway({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_NAMESPACE: `hubgraph-events-down-${randomUUID()}`,
      REDIS_TIMEOUT_MS: '200',
    });
    try {
      const answer = await postNotification(
        gateway.url,
        CHANNEL,
        { messages: [{ from: '4915', id: 'wamid.lost?', type: 'text', text: { body: 'x' } }] },
        webhookAuthorization(gateway.config.keystoreSecret, CHANNEL),
      );
      expect(answer).toEqual({ status: 503, body: { error: 'event store unavailable; retry later' } });
      const unauthenticated = await postNotification(gateway.url, CHANNEL, { messages: [] }, undefined);
      expect(unauthenticated.status).toBe(401);
    } finally {
      await gateway.close();
    }
  });
});
