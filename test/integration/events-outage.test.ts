import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { builtGatewayMain, PROJECT_ROOT } from '../support/built-gateway.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, postNotification, waitUntil, type WsConnection } from '../support/events.js';
import { DisposableRedis, StallingProxy, describeWithRedis, dropNamespace, testRedisUrl, uniqueNamespace } from '../support/redis.js';

const CHANNEL = 'channel-001';
const KEYSTORE_SECRET = 'outage-events-secret-0123456789';
const credential = webhookAuthorization(KEYSTORE_SECRET, CHANNEL);
type Item = Record<string, unknown>;
type Errors = Array<{ message: string; extensions?: Record<string, unknown> }>;

const MESSAGES = `subscription ($channelId: ID!, $after: String) { messageReceived(channelId: $channelId, after: $after) { cursor receivedAt id } }`;
const EVENTS = `query ($channelId: ID!, $after: String) { channel(id: $channelId) { events(after: $after) { nodes { ... on InboundMessage { cursor id } } endCursor hasMore } } }`;
const RECORD = `query ($channelId: ID!, $id: ID!) { channel(id: $channelId) { message(id: $id) { id status } } }`;

/** A delivery answered 503 with Retry-After: the log could not take it, so the upstream will re-deliver. */
async function expectRefusedForNow(gateway: TestGateway, body: unknown): Promise<void> {
  const answer = await fetch(`${new URL(gateway.url).origin}/webhooks/${CHANNEL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: credential },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
}

const inbound = (id: string) => ({ messages: [{ from: '4915112345678', id, type: 'text', text: { body: `body of ${id}` } }] });

describeWithRedis('durable events when Redis fails', () => {
  let simulator: Simulator;
  const connections: WsConnection[] = [];
  const subscribe = (gateway: TestGateway, after: string | null = null) => {
    const connection = connectWs(gateway.url);
    connections.push(connection);
    return collect<Item>(connection, MESSAGES, { channelId: CHANNEL, after }, 'messageReceived');
  };
  const subscribeLive = async (gateway: TestGateway) => {
    const subscriber = subscribe(gateway);
    await waitUntil(() => gateway.gateway.services.events.subscriberCount('message', CHANNEL) > 0);
    return subscriber;
  };

  beforeAll(async () => {
    simulator = await startSimulator();
  });
  afterAll(async () => {
    for (const connection of connections) await connection.dispose();
    await simulator.close();
  });

  it('Redis stopped: 503 with Retry-After, never 200; once it is back the re-delivered notification is published once', async () => {
    const redis = await DisposableRedis.start();
    const gateway = await startTestGateway({ KEYSTORE_SECRET, REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '500' }, {}, simulator);
    try {
      expect(await gateway.gateway.services.redis!.ready(5_000)).toBe(true);
      const subscriber = await subscribeLive(gateway);
      expect((await postNotification(gateway.url, CHANNEL, inbound('stopped-before'), credential)).status).toBe(200);
      await subscriber.atLeast(1);

      await redis.kill();
      await expectRefusedForNow(gateway, inbound('stopped-during'));

      await redis.resume();
      expect(await gateway.gateway.services.redis!.ready(10_000)).toBe(true);
      // The upstream re-delivers, more than once; then a sentinel.
      await waitUntil(
        async () => (await postNotification(gateway.url, CHANNEL, inbound('stopped-during'), credential)).status === 200,
        'the re-delivery accepted',
        { pauseMs: 100 },
      );
      expect((await postNotification(gateway.url, CHANNEL, inbound('stopped-during'), credential)).status).toBe(200);
      expect((await postNotification(gateway.url, CHANNEL, inbound('stopped-after'), credential)).status).toBe(200);
      await subscriber.atLeast(3);
      expect(subscriber.items.map((item) => item.id)).toEqual(['stopped-before', 'stopped-during', 'stopped-after']);
    } finally {
      await gateway.close();
      await redis.kill();
    }
  }, 60_000);

  it('Redis stalled (connection open, no answer): 503 with Retry-After within REDIS_TIMEOUT_MS; the re-delivery after it resumes is published once', async () => {
    const proxy = await StallingProxy.start();
    const namespace = uniqueNamespace('stall');
    const gateway = await startTestGateway({ KEYSTORE_SECRET, REDIS_URL: proxy.url, REDIS_NAMESPACE: namespace, REDIS_TIMEOUT_MS: '300' }, {}, simulator);
    try {
      expect(await gateway.gateway.services.redis!.ready(5_000)).toBe(true);
      const subscriber = await subscribeLive(gateway);
      expect((await postNotification(gateway.url, CHANNEL, inbound('stalled-before'), credential)).status).toBe(200);
      await subscriber.atLeast(1);

      proxy.stall();
      await expectRefusedForNow(gateway, inbound('stalled-during'));
      proxy.resume();

      expect((await postNotification(gateway.url, CHANNEL, inbound('stalled-during'), credential)).status).toBe(200);
      expect((await postNotification(gateway.url, CHANNEL, inbound('stalled-after'), credential)).status).toBe(200);
      await subscriber.atLeast(3);
      expect(subscriber.items.map((item) => item.id)).toEqual(['stalled-before', 'stalled-during', 'stalled-after']);
      expect(gateway.logs.entries().some((entry) => entry.msg === 'webhook: processing failed; its events were not published')).toBe(false);
    } finally {
      await gateway.close();
      await proxy.close();
      await dropNamespace(namespace);
    }
  }, 60_000);

  it('an instance killed (SIGKILL) right after its 200 lost nothing: another instance on the same Redis replays the event', async () => {
    const namespace = uniqueNamespace('kill');
    const env = { KEYSTORE_SECRET, REDIS_URL: testRedisUrl(), REDIS_NAMESPACE: namespace };
    const survivor = await startTestGateway(env, {}, simulator);
    try {
      expect((await postNotification(survivor.url, CHANNEL, inbound('kill-before'), credential)).status).toBe(200);
      const { body } = await survivor.graphql<{ channel: { events: { endCursor: string } } }>(EVENTS, { channelId: CHANNEL });
      const cursor = body.data!.channel.events.endCursor;

      const child = spawn(process.execPath, [await builtGatewayMain()], {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      try {
        let output = '';
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            const match = /ready at (\S+)/.exec(output);
            if (match) resolve(match[1]);
          });
          child.once('exit', () => reject(new Error(`exited before ready: ${output}`)));
        });
        const answer = await postNotification(url, CHANNEL, inbound('kill-acknowledged'), credential);
        child.kill('SIGKILL');
        expect(answer.status).toBe(200);
        expect(await exited).toBe('SIGKILL');
      } finally {
        child.kill('SIGKILL');
      }

      const replay = subscribe(survivor, cursor);
      expect((await replay.atLeast(1)).map((item) => item.id)).toEqual(['kill-acknowledged']);
      expect((await postNotification(survivor.url, CHANNEL, inbound('kill-acknowledged'), credential)).status).toBe(200);
      expect((await postNotification(survivor.url, CHANNEL, inbound('kill-after'), credential)).status).toBe(200);
      await replay.atLeast(2);
      expect(replay.items.map((item) => item.id)).toEqual(['kill-acknowledged', 'kill-after']);
    } finally {
      await survivor.close();
      await dropNamespace(namespace);
    }
  }, 180_000);
});

const deployments: Array<[string, typeof describeWithRedis, () => Record<string, string>]> = [
  ['memory', describe, () => ({})],
  ['redis', describeWithRedis, () => ({ REDIS_URL: testRedisUrl(), REDIS_NAMESPACE: uniqueNamespace('retention') })],
];

for (const [label, describeIn, env] of deployments)
  describeIn(`event retention (${label})`, () => {
    let simulator: Simulator;
    beforeAll(async () => {
      simulator = await startSimulator();
    });
    afterAll(async () => {
      await simulator.close();
    });

    it('a cursor older than EVENT_RETENTION_MS is CURSOR_EXPIRED for the query and the subscription; older events are no longer read', async () => {
      const settings = env();
      const gateway = await startTestGateway({ KEYSTORE_SECRET, EVENT_RETENTION_MS: '3000', ...settings }, {}, simulator);
      const connection = connectWs(gateway.url);
      try {
        expect((await postNotification(gateway.url, CHANNEL, inbound('expiring'), credential)).status).toBe(200);
        const { body } = await gateway.graphql<{ channel: { events: { nodes: Item[]; endCursor: string } } }>(EVENTS, { channelId: CHANNEL });
        expect(body.data!.channel.events.nodes.map((node) => node.id)).toEqual(['expiring']);
        const cursor = body.data!.channel.events.endCursor;
        const loggedAt = Date.now();
        await waitUntil(() => Date.now() > loggedAt + 3_100, 'the retention window to pass', { pauseMs: 50 });

        const expired = await gateway.graphql(EVENTS, { channelId: CHANNEL, after: cursor });
        expect((expired.body.errors as Errors)[0].extensions).toMatchObject({ code: 'CURSOR_EXPIRED', field: 'after' });
        const subscription = collect<Item>(connection, MESSAGES, { channelId: CHANNEL, after: cursor }, 'messageReceived');
        await subscription.ended();
        expect(JSON.stringify(subscription.errors)).toContain('CURSOR_EXPIRED');
        const fresh = await gateway.graphql<{ channel: { events: { nodes: Item[] } } }>(EVENTS, { channelId: CHANNEL });
        expect(fresh.body.data!.channel.events.nodes).toEqual([]);
        const record = await gateway.graphql<{ channel: { message: Item | null } }>(RECORD, { channelId: CHANNEL, id: 'expiring' });
        expect(record.body.data!.channel.message).toBeNull();
      } finally {
        await connection.dispose();
        await gateway.close();
        if (settings.REDIS_NAMESPACE) await dropNamespace(settings.REDIS_NAMESPACE);
      }
    });

    it('EVENT_RETENTION_MS=0 keeps nothing: live delivery (deduplicated) only, no log, no records, every cursor expired', async () => {
      const settings = env();
      const gateway = await startTestGateway({ KEYSTORE_SECRET, EVENT_RETENTION_MS: '0', ...settings }, {}, simulator);
      const connection = connectWs(gateway.url);
      try {
        const live = collect<Item>(connection, MESSAGES, { channelId: CHANNEL, after: null }, 'messageReceived');
        await waitUntil(() => gateway.gateway.services.events.subscriberCount('message', CHANNEL) > 0);
        for (const id of ['unkept-1', 'unkept-1', 'unkept-2']) expect((await postNotification(gateway.url, CHANNEL, inbound(id), credential)).status).toBe(200);
        await live.atLeast(2);
        expect(live.items.map((item) => item.id)).toEqual(['unkept-1', 'unkept-2']);
        expect(typeof live.items[0].cursor).toBe('string');

        const page = await gateway.graphql<{ channel: { events: { nodes: Item[] } } }>(EVENTS, { channelId: CHANNEL });
        expect(page.body.data!.channel.events.nodes).toEqual([]);
        const record = await gateway.graphql<{ channel: { message: Item | null } }>(RECORD, { channelId: CHANNEL, id: 'unkept-1' });
        expect(record.body.data!.channel.message).toBeNull();
        const expired = await gateway.graphql(EVENTS, { channelId: CHANNEL, after: live.items[0].cursor });
        expect((expired.body.errors as Errors)[0].extensions).toMatchObject({ code: 'CURSOR_EXPIRED' });
        if (settings.REDIS_NAMESPACE) {
          const redis = gateway.gateway.services.redis!;
          expect(await redis.client.xLen(redis.key(`events:{${CHANNEL}}:log`))).toBe(0);
          expect(await redis.client.keys(redis.key(`events:{${CHANNEL}}:message:*`))).toEqual([]);
        }
        // Bodies are personal data: never in a log line.
        expect(gateway.logs.lines.join('\n')).not.toContain('body of');
      } finally {
        await connection.dispose();
        await gateway.close();
        if (settings.REDIS_NAMESPACE) await dropNamespace(settings.REDIS_NAMESPACE);
      }
    });
  });
