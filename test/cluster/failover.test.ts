import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { cloudNotification, collect, connectWs, postNotification, SUBSCRIPTIONS, waitUntil, type WsConnection } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { LOCAL_CLUSTER_NODE_TIMEOUT_MS, LocalRedisCluster } from '../support/redis-cluster.js';
import { uniqueNamespace } from '../support/redis.js';

const CHANNEL = 'channel-001';
const KEYSTORE_SECRET = 'shared-secret-of-the-deployment-42';
const EVENTS = `query ($channelId: ID!, $after: String) { channel(id: $channelId) { events(after: $after, first: 200) { nodes { ... on InboundMessage { id } } endCursor hasMore } } }`;
/** The failover itself (node timeout, election) plus the gateway's slot-map refresh, with room for a loaded CI machine. */
const RECOVERY_DEADLINE_MS = LOCAL_CLUSTER_NODE_TIMEOUT_MS + 13_000;

type Item = Record<string, unknown>;
interface EventPage {
  nodes: Item[];
  endCursor: string | null;
  hasMore: boolean;
}

const message = (id: string) => cloudNotification([{ messages: [{ from: '4915112345678', id, timestamp: '1700000000', type: 'text', text: { body: id } }] }]);

/**
 * A cluster of its own (this test kills one of its masters), two replicas per master: after the
 * failover the promoted master still has a replica to confirm WAIT 1 (with one replica per
 * master, REDIS_WAIT_REPLICAS=1 refuses that shard's notifications until the failed node rejoins).
 * Two gateways acknowledge only what a replica has while the master of the channel's slot is killed.
 */
describe('a master of the cluster fails while notifications arrive', () => {
  let cluster: LocalRedisCluster;
  let simulator: Simulator;
  let receiver: TestGateway;
  let reader: TestGateway;
  let connection: WsConnection | undefined;
  const credential = webhookAuthorization(KEYSTORE_SECRET, CHANNEL);

  beforeAll(async () => {
    cluster = await LocalRedisCluster.start({ replicasPerMaster: 2 });
    simulator = await startSimulator();
    const env = {
      REDIS_URL: cluster.url,
      REDIS_MODE: 'cluster',
      REDIS_NAMESPACE: uniqueNamespace('failover'),
      REDIS_WAIT_REPLICAS: '1',
      KEYSTORE_SECRET,
    };
    receiver = await startTestGateway(env, {}, simulator);
    reader = await startTestGateway(env, {}, simulator);
  }, 60_000);

  afterAll(async () => {
    await connection?.dispose();
    await receiver?.close();
    await reader?.close();
    await simulator?.close();
    await cluster?.stop();
  });

  const ready = async (gateway: TestGateway) => (await fetch(new URL('/readyz', gateway.url))).status;

  it('serves the slot range again after the promotion, without a restart, and loses nothing it acknowledged', async () => {
    connection = connectWs(reader.url);
    const live = collect<Item>(connection, SUBSCRIPTIONS.messages, { channelId: CHANNEL }, 'messageReceived');
    await waitUntil(() => reader.gateway.services.events.subscriberCount('message', CHANNEL) === 1, 'the subscription on the reader');
    expect(await ready(receiver)).toBe(200);

    const acknowledged: string[] = [];
    let sent = 0;
    const post = async () => {
      const id = `wamid.failover-${(sent += 1)}`;
      const { status } = await postNotification(receiver.url, CHANNEL, message(id), credential);
      if (status === 200) acknowledged.push(id);
      return status;
    };
    for (let index = 0; index < 20; index += 1) expect(await post()).toBe(200);
    await live.atLeast(20);

    const killed = await cluster.masterOf(`{${CHANNEL}}`);
    await cluster.kill(killed);
    // Until the replica is promoted the channel's slot has no master: refused (503), never acknowledged.
    await waitUntil(async () => (await post()) === 503, 'a refused notification while the master is down', { deadlineMs: RECOVERY_DEADLINE_MS });
    await waitUntil(async () => (await ready(receiver)) === 503, '/readyz 503 while a slot has no reachable master', {
      deadlineMs: RECOVERY_DEADLINE_MS,
    });
    await waitUntil(async () => (await post()) === 200, 'notifications acknowledged again after the promotion', {
      deadlineMs: RECOVERY_DEADLINE_MS,
      pauseMs: 100,
    });
    expect(await cluster.masterOf(`{${CHANNEL}}`)).not.toBe(killed);
    // The refusals were logged and counted with their cause: the lost connection to the killed master.
    const metrics = await (await fetch(new URL('/metrics', receiver.url))).text();
    expect(metrics).toMatch(/^hubgraph_store_errors_total\{cause="CONNECTION"\} [1-9]/m);
    await waitUntil(async () => (await ready(receiver)) === 200 && (await ready(reader)) === 200, '/readyz 200 on both gateways again');
    for (let index = 0; index < 5; index += 1) expect(await post()).toBe(200);

    // Every acknowledged notification is in the log the promoted replica serves.
    const logged: string[] = [];
    let after: string | null = null;
    for (let more = true; more;) {
      const { body } = await reader.graphql<{ channel: { events: EventPage } }>(EVENTS, { channelId: CHANNEL, after });
      expect(body.errors).toBeUndefined();
      const page: EventPage = body.data!.channel.events;
      logged.push(...page.nodes.map((node) => String(node.id)));
      after = page.endCursor;
      more = page.hasMore;
    }
    expect(acknowledged.filter((id) => !logged.includes(id))).toEqual([]);
    // The reader's subscription moved to the new master's shard: what came after the failover reaches it live.
    await waitUntil(() => live.items.some((item) => item.id === acknowledged.at(-1)), 'the last acknowledged message on the live subscription');
    expect(live.errors).toEqual([]);
  }, 60_000);
});
