import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { createClient } from '@redis/client';
import { RedisSubscriptions } from '../../src/events/subscriptions/pubsub.js';
import { createLogger } from '../../src/observability/logger.js';
import type { RedisClient } from '../../src/store/redis.js';
import { waitUntil } from '../support/events.js';
import { LogCapture } from '../support/log-capture.js';
import { connectTestClient, describeWithRedis, StallingProxy, testRedisUrl, uniqueNamespace } from '../support/redis.js';
import { freePort } from '../support/free-port.mjs';

/** RedisSubscriptions on a real Redis: channels of this file start with a namespace of their own, and leave no keys. */
const namespace = uniqueNamespace('pubsub');
let publisher: RedisClient;
const opened: RedisClient[] = [];

/** A subscriber connection like RedisConnection.subscriber()'s; connected now unless `connect` is false. */
function subscriberClient(url = testRedisUrl(), connect = true): RedisClient {
  const client: RedisClient = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: 20 } });
  client.on('error', () => undefined);
  opened.push(client);
  if (connect) client.connect().catch(() => undefined);
  return client;
}

function subscriptions(subscriber: RedisClient, options: { connectWaitMs?: number; onReconnect?: () => void; logs?: LogCapture } = {}) {
  return new RedisSubscriptions(
    subscriber,
    createLogger('info', options.logs ?? new LogCapture()),
    options.connectWaitMs ?? 2_000,
    options.onReconnect ?? (() => undefined),
  );
}

/** How many connections Redis itself holds subscribed to a channel. */
async function redisSubscribers(channel: string): Promise<number> {
  return (await publisher.pubSubNumSub(channel))[channel];
}

// The describe below is a describeWithRedis: without a test Redis these hooks do not run either.
beforeAll(async () => {
  publisher = await connectTestClient();
});

afterEach(() => {
  for (const client of opened.splice(0)) if (client.isOpen) client.destroy();
});

afterAll(() => {
  publisher.destroy();
});

describeWithRedis('RedisSubscriptions', () => {
  it('delivers a channel to each of its listeners through one Redis subscription, dropped with the last listener', async () => {
    const channel = `${namespace}:events:one`;
    const subscriber = subscriberClient();
    const fanOut = subscriptions(subscriber);
    const [first, second, other]: string[][] = [[], [], []];
    const unsubscribeFirst = await fanOut.subscribe(channel, (message) => first.push(message));
    const unsubscribeSecond = await fanOut.subscribe(channel, (message) => second.push(message));
    await fanOut.subscribe(`${namespace}:events:other`, (message) => other.push(message));
    expect(await redisSubscribers(channel)).toBe(1);

    await publisher.publish(channel, 'm1');
    await waitUntil(() => first.length === 1 && second.length === 1, 'm1 at both listeners');
    expect([first, second, other]).toEqual([['m1'], ['m1'], []]);

    await unsubscribeFirst();
    expect(await redisSubscribers(channel)).toBe(1);
    await publisher.publish(channel, 'm2');
    await waitUntil(() => second.length === 2, 'm2 at the remaining listener');
    expect(first).toEqual(['m1']);

    await unsubscribeSecond();
    expect(await redisSubscribers(channel)).toBe(0);
    expect(await redisSubscribers(`${namespace}:events:other`)).toBe(1);
  });

  it('keeps delivering to a listener when one that subscribed after it leaves', async () => {
    const channel = `${namespace}:events:order`;
    const fanOut = subscriptions(subscriberClient());
    const received: string[] = [];
    await fanOut.subscribe(channel, (message) => received.push(message));
    await (
      await fanOut.subscribe(channel, () => undefined)
    )();
    expect(await redisSubscribers(channel)).toBe(1);
    await publisher.publish(channel, 'still');
    await waitUntil(() => received.length === 1, 'the message at the first listener');
    expect(received).toEqual(['still']);
  });

  it('subscribes anew once a channel lost its last listener', async () => {
    const channel = `${namespace}:events:again`;
    const fanOut = subscriptions(subscriberClient());
    await (
      await fanOut.subscribe(channel, () => undefined)
    )();
    const received: string[] = [];
    await fanOut.subscribe(channel, (message) => received.push(message));
    expect(await redisSubscribers(channel)).toBe(1);
    await publisher.publish(channel, 'after');
    await waitUntil(() => received.length === 1, 'the message on the renewed subscription');
    expect(received).toEqual(['after']);
  });

  it('waits for a connection that is being made, then subscribes', async () => {
    const channel = `${namespace}:events:later`;
    const subscriber = subscriberClient(testRedisUrl(), false);
    const fanOut = subscriptions(subscriber);
    const received: string[] = [];
    const subscribed = fanOut.subscribe(channel, (message) => received.push(message));
    await subscriber.connect();
    await subscribed;
    await publisher.publish(channel, 'late');
    await waitUntil(() => received.length === 1, 'the message after connecting');
    expect(received).toEqual(['late']);
  });

  it('gives up after connectWaitMs without a connection, and a later subscribe tries again', async () => {
    const subscriber = subscriberClient(`redis://127.0.0.1:${await freePort()}`);
    const fanOut = subscriptions(subscriber, { connectWaitMs: 50 });
    const started = Date.now();
    await expect(fanOut.subscribe(`${namespace}:events:none`, () => undefined)).rejects.toThrow(
      'The event fan-out (Redis) is not reachable; subscribe again later',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    // The failed subscription is forgotten rather than handed to the next subscriber.
    await expect(fanOut.subscribe(`${namespace}:events:none`, () => undefined)).rejects.toThrow('not reachable');
    expect(subscriber.listenerCount('ready')).toBe(1);
  });

  it('forgets a subscription that failed for want of a connection: once connected, the next one succeeds', async () => {
    const channel = `${namespace}:events:retry`;
    const subscriber = subscriberClient(testRedisUrl(), false);
    const fanOut = subscriptions(subscriber, { connectWaitMs: 50 });
    await expect(fanOut.subscribe(channel, () => undefined)).rejects.toThrow('not reachable');
    await subscriber.connect();
    const received: string[] = [];
    await fanOut.subscribe(channel, (message) => received.push(message));
    await publisher.publish(channel, 'now');
    await waitUntil(() => received.length === 1, 'the message on the retried subscription');
    expect(received).toEqual(['now']);
  });

  it('reports a reconnect, not the first connection, and keeps delivering after it', async () => {
    const channel = `${namespace}:events:reconnect`;
    const subscriber = subscriberClient();
    let reconnects = 0;
    const fanOut = subscriptions(subscriber, { onReconnect: () => (reconnects += 1) });
    await waitUntil(() => subscriber.isReady, 'the first connection');
    const id = await subscriber.clientId();
    const received: string[] = [];
    await fanOut.subscribe(channel, (message) => received.push(message));
    expect(reconnects).toBe(0);

    await publisher.clientKill({ filter: 'ID', id });
    await waitUntil(() => reconnects === 1, 'onReconnect after the connection was killed');
    await waitUntil(async () => (await redisSubscribers(channel)) === 1, 'the subscription renewed by node-redis');
    await publisher.publish(channel, 'back');
    await waitUntil(() => received.length === 1, 'the message after the reconnect');
    expect(received).toEqual(['back']);
  });

  it('closes at once while Redis hangs: nothing waits on an answer that does not come', async () => {
    const proxy = await StallingProxy.start();
    const subscriber = subscriberClient(proxy.url);
    const fanOut = subscriptions(subscriber);
    try {
      await fanOut.subscribe(`${namespace}:events:hung`, () => undefined);
      proxy.stall();
      void subscriber.ping().catch(() => undefined);
      fanOut.close();
      expect(subscriber.isOpen).toBe(false);
      await waitUntil(() => proxy.openSockets === 0, "the subscriber's connection gone, its PING unanswered");
    } finally {
      await proxy.close();
    }
  });

  it('logs a failed unsubscribe with its channel instead of failing the caller', async () => {
    const channel = `${namespace}:events:lost`;
    // The connection is lost while UNSUBSCRIBE waits for its answer: the proxy holds it, then drops the connection.
    const proxy = await StallingProxy.start();
    const subscriber = subscriberClient(proxy.url);
    const logs = new LogCapture();
    const fanOut = subscriptions(subscriber, { logs });
    try {
      const unsubscribe = await fanOut.subscribe(channel, () => undefined);
      proxy.stall();
      const unsubscribed = unsubscribe();
      await proxy.close();
      await unsubscribed;
      expect(logs.entries()).toEqual([expect.objectContaining({ level: 40, channel, msg: 'events: Redis unsubscribe failed', err: expect.anything() })]);
    } finally {
      subscriber.destroy();
    }
  });

  it('closes its subscriber when closed; an unsubscribe afterwards sends nothing, and closing twice is harmless', async () => {
    const channel = `${namespace}:events:close`;
    const subscriber = subscriberClient();
    const logs = new LogCapture();
    const fanOut = subscriptions(subscriber, { logs });
    const unsubscribe = await fanOut.subscribe(channel, () => undefined);
    fanOut.close();
    expect(subscriber.isOpen).toBe(false);
    await waitUntil(async () => (await redisSubscribers(channel)) === 0, 'Redis following the channel no more');
    await unsubscribe();
    fanOut.close();
    expect(logs.entries()).toEqual([]);
  });
});
