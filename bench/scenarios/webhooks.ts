import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { firstError, graphql, send } from '../support/http.js';
import type { BenchContext } from '../support/context.js';
import { createClient as createRedisClient, createCluster, type RedisClientType } from '@redis/client';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { BENCH_KEYSTORE_SECRET, cpuTimeOf, memoryOf, startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { mb, ms, percentile, rate, verdict } from '../support/stats.js';

export const CHANNEL = 'channel-001';
const DELIVERY_SAMPLES = 200;
const DELIVERY_TIMEOUT_MS = 2_000;
/** Lost events after which the delivery measurement stops (each costs DELIVERY_TIMEOUT_MS). */
const MAX_LOST = 10;

/** One incoming text message of a bench notification: its id, sender (wa_id), the sender's profile name and the message's own time. */
export interface InboundSample {
  id: string;
  from: string;
  name: string;
  atMs: number;
}

/** A cloud notification (§6) carrying incoming text messages, their senders' profile names in `contacts`. */
export function inboundNotification(messages: readonly InboundSample[], phoneNumber = ''): string {
  return JSON.stringify({
    object: 'chat_business_account',
    entry: [
      {
        id: 'waba-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: phoneNumber, phone_number_id: CHANNEL },
              contacts: messages.map((message) => ({ profile: { name: message.name }, wa_id: message.from })),
              messages: messages.map((message) => ({
                from: message.from,
                id: message.id,
                timestamp: String(Math.floor(message.atMs / 1000)),
                type: 'text',
                text: { body: 'hello from the bench' },
              })),
            },
          },
        ],
      },
    ],
  });
}

/** Stands for the request number in a body made once and completed per request (cheaper for the load generator than building each). */
export const ID_MARK = '<n>';

/** A cloud notification carrying one incoming text message with the given id, from the same sender every time. */
export function notification(messageId: string, phoneNumber: string): string {
  return inboundNotification([{ id: messageId, from: '4915112345678', name: 'Bench Sender', atMs: Date.now() }], phoneNumber);
}

function headerValue(headers: Record<string, string> | undefined, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** Subscribes to messageReceived on the gateway at `graphqlUrl` and calls `onEvent` with each message id as it arrives. */
export async function subscribe(
  graphqlUrl: string,
  onEvent: (id: string) => void,
  connectionParams: Record<string, string> = {},
): Promise<{ client: Client; stop: () => void }> {
  const client = createClient({ url: graphqlUrl.replace(/^http/, 'ws'), connectionParams, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0 });
  let ready: () => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const subscribed = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const stop = client.subscribe<{ messageReceived: { id: string } }>(
    { query: `subscription { messageReceived(channelId: "${CHANNEL}") { id channelId from text } }` },
    {
      next: (value) => {
        if (value.errors?.length) failed(new Error(value.errors[0].message));
        if (value.data) onEvent(value.data.messageReceived.id);
      },
      error: (error) => failed(error instanceof Error ? error : new Error(JSON.stringify(error))),
      complete: () => undefined,
    },
  );
  client.on('connected', () => setTimeout(ready, 200));
  await Promise.race([subscribed, new Promise((_resolve, reject) => setTimeout(() => reject(new Error('no graphql-ws connection within 5 s')), 5_000))]);
  return { client, stop };
}

export async function webhookIngest(context: BenchContext): Promise<Section> {
  const { durationSeconds } = context.options;
  const title = '5. Webhook ingest';
  const intro = [
    `Notifications (cloud shape, §6, one incoming text message each, unique ids) POSTed to \`/webhooks/${CHANNEL}\` on the default gateway with the Basic credential set by \`connectWebhookToGateway\`,`,
    `while one graphql-ws client is subscribed to \`messageReceived(channelId: "${CHANNEL}")\`.`,
    `Delivery latency: ${DELIVERY_SAMPLES} notifications one at a time, POST start → event at the subscriber. Ingest: autocannon, 32 connections, ${durationSeconds} s after a 1 s warm-up.`,
    'Target: ≥ 2,000 notifications/s with p99 acknowledgement ≤ 50 ms; delivery p99 ≤ 100 ms.',
  ];
  const receiver = `${context.warm.baseUrl}/webhooks/${CHANNEL}`;
  const unauthenticated = await send(receiver, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (unauthenticated.status === 404) return notAvailableSection(title, intro, `POST /webhooks/:channelId answers 404 (receiver not served)`);

  const connect = await graphql(context.warm.graphqlUrl, `mutation { connectWebhookToGateway(channelId: "${CHANNEL}") { url } }`);
  const connectError = firstError(connect.status, connect.result);
  if (connectError) return notAvailableSection(title, intro, `connectWebhookToGateway: ${connectError}`);
  const authorization = headerValue(context.simulator.state.webhooks.get(CHANNEL)?.headers, 'authorization');
  if (!authorization) return notAvailableSection(title, intro, 'connectWebhookToGateway stored no Authorization header at the upstream webhook');
  const phoneNumber = context.simulator.state.channels.get(CHANNEL)?.setup_info?.phone_number ?? '';
  const headers = { 'content-type': 'application/json', authorization };

  const run = `${Date.now()}`;
  const ingestPrefix = `wamid.bench-ingest-${run}-`;
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  let ingestEvents = 0;
  let subscription: Awaited<ReturnType<typeof subscribe>>;
  try {
    subscription = await subscribe(context.warm.graphqlUrl, (id) => {
      if (id.startsWith(ingestPrefix)) ingestEvents += 1;
      arrivals.set(id, performance.now());
      waiting.get(id)?.();
    });
  } catch (error) {
    return notAvailableSection(title, intro, `subscription: ${(error as Error).message}`);
  }
  try {
    const delivery: number[] = [];
    let lost = 0;
    for (let index = 0; index < DELIVERY_SAMPLES + 5 && lost < MAX_LOST; index += 1) {
      const id = `wamid.bench-delivery-${run}-${index}`;
      const arrived = new Promise<boolean>((resolve) => {
        waiting.set(id, () => resolve(true));
        setTimeout(() => resolve(false), DELIVERY_TIMEOUT_MS);
      });
      const started = performance.now();
      const ack = await send(receiver, { method: 'POST', headers, body: notification(id, phoneNumber) });
      if (ack.status !== 200) return notAvailableSection(title, intro, `the receiver answered HTTP ${ack.status} to an authenticated notification`);
      const ok = await arrived;
      waiting.delete(id);
      if (!ok) lost += 1;
      else if (index >= 5) delivery.push(arrivals.get(id)! - started);
    }
    if (delivery.length === 0) return notAvailableSection(title, intro, `no event reached the subscriber within ${DELIVERY_TIMEOUT_MS} ms`);

    // A 1 s run first, as in scenario 3, so the measured run does not include the receiver's JIT warm-up.
    await autocannon({
      url: receiver,
      method: 'POST',
      headers,
      body: notification(`wamid.bench-ingest-warm-up-${run}-[<id>]`, phoneNumber),
      idReplacement: true,
      connections: 32,
      duration: 1,
    });
    const cpuBefore = cpuTimeOf(context.warm.pid);
    const result = await autocannon({
      url: receiver,
      method: 'POST',
      headers,
      body: notification(`${ingestPrefix}[<id>]`, phoneNumber),
      idReplacement: true,
      connections: 32,
      duration: durationSeconds,
    });
    const cpuPerNotification = (cpuTimeOf(context.warm.pid) - cpuBefore) / Math.max(1, result.requests.total);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const distinct = [...arrivals.keys()].filter((id) => id.startsWith(ingestPrefix)).length;

    const deliveryP99 = percentile(delivery, 99);
    const accepted = result.requests.average;
    return {
      title,
      intro,
      tables: [
        {
          columns: ['metric', 'measured', 'target'],
          rows: [
            ['notifications accepted/s (32 conn.)', rate(accepted), `≥ 2,000/s: ${verdict(accepted >= 2000)}`],
            ['acknowledgement p50 / p99', `${ms(result.latency.p50, 0)} / ${ms(result.latency.p99, 0)}`, `p99 ≤ 50 ms: ${verdict(result.latency.p99 <= 50)}`],
            ['gateway CPU per notification (ingest + fan-out)', ms(cpuPerNotification, 2), '—'],
            ['accepted (2xx) / non-2xx / errors', `${result['2xx']} / ${result.non2xx} / ${result.errors + result.timeouts}`, '—'],
            [
              'events at the subscriber from the ingest run',
              `${distinct} distinct, ${ingestEvents - distinct} duplicates (acks counted: ${result['2xx']}; up to 32 more were in flight when autocannon stopped)`,
              `each accepted event once: ${verdict(ingestEvents === distinct && distinct >= result['2xx'])}`,
            ],
            [
              'delivery POST → subscriber p50 / p99 (sequential)',
              `${ms(percentile(delivery, 50))} / ${ms(deliveryP99)}`,
              `p99 ≤ 100 ms: ${verdict(deliveryP99 <= 100)}`,
            ],
            ['sequential notifications not delivered within 2 s', `${lost}${lost >= MAX_LOST ? ' (measurement stopped)' : ''}`, '0'],
          ],
        },
      ],
      notes: [],
    };
  } finally {
    subscription.stop();
    await subscription.client.dispose();
  }
}

/** Events replayed to one reconnecting subscriber in the replay measurement. */
const REPLAY_EVENTS = 10_000;
const REPLAY_MESSAGES_PER_NOTIFICATION = 100;

/** A cloud notification carrying `count` incoming text messages, ids `<prefix><index>`. */
function burst(prefix: string, count: number): string {
  const messages = Array.from({ length: count }, (_, index) => ({
    from: '4915112345678',
    id: `${prefix}${index}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'text',
    text: { body: 'hello from the bench' },
  }));
  return JSON.stringify({
    object: 'chat_business_account',
    entry: [{ id: 'waba-1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages } }] }],
  });
}

/** Subscribes to channelEvents after `after` and resolves with the cursors received once `count` arrived (or the first error). */
function replay(graphqlUrl: string, after: string | null, count: number, onEvent: (cursor: string) => void = () => undefined) {
  const client = createClient({ url: graphqlUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, lazy: false, retryAttempts: 0 });
  const cursors: string[] = [];
  const done = new Promise<string[]>((resolve, reject) => {
    client.subscribe<{ channelEvents: { cursor: string } }>(
      {
        query: `subscription ($after: String) { channelEvents(channelId: "${CHANNEL}", after: $after) { ... on InboundMessage { cursor id text } } }`,
        variables: { after },
      },
      {
        next: (value) => {
          if (value.errors?.length) reject(new Error(value.errors[0].message));
          if (!value.data) return;
          cursors.push(value.data.channelEvents.cursor);
          onEvent(value.data.channelEvents.cursor);
          if (cursors.length === count) resolve(cursors);
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => undefined,
      },
    );
  });
  return { done, dispose: () => client.dispose() };
}

/** The Redis the event-log scenarios use (BENCH_REDIS_URL). */
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A gateway process on Redis (a namespace of its own, removed afterwards) with its receiver's URL and credential. */
export interface RedisLogGateway {
  gateway: GatewayProcess;
  redisUrl: string;
  /** Calls and microseconds Redis has spent in EVALSHA so far (INFO commandstats), on the whole server. */
  scriptTime(): Promise<{ calls: number; usec: number }>;
  receiver: string;
  headers: Record<string, string>;
}

/** The Redis a scenario's gateway uses: one server, or the seed nodes of a cluster. */
export interface BenchRedis {
  url: string;
  mode: 'standalone' | 'cluster';
}

/** Clients of every master of `redis` (the server itself, or each master of the cluster), for the bench's own reads and clean-up. */
async function masterClients(redis: BenchRedis): Promise<{ clients: RedisClientType[]; close: () => void }> {
  if (redis.mode === 'standalone') {
    const client: RedisClientType = createRedisClient({ url: redis.url });
    client.on('error', () => undefined);
    await client.connect();
    return { clients: [client], close: () => client.destroy() };
  }
  const cluster = createCluster({ rootNodes: redis.url.split(',').map((url) => ({ url })) });
  cluster.on('error', () => undefined);
  await cluster.connect();
  const clients = await Promise.all(cluster.masters.map(async (master) => (await cluster.nodeClient(master)) as unknown as RedisClientType));
  return { clients, close: () => cluster.destroy() };
}

/** Runs `measure` against a gateway with `REDIS_URL` (BENCH_REDIS_URL unless `redis` says otherwise) and `env`, then removes its keys. */
export async function withRedisLogGateway<T>(
  context: BenchContext,
  name: string,
  env: Record<string, string>,
  measure: (target: RedisLogGateway) => Promise<T>,
  redisTarget: BenchRedis = { url: BENCH_REDIS_URL, mode: 'standalone' },
): Promise<T> {
  const redisUrl = redisTarget.url;
  const namespace = `hubgraph-bench-${Date.now()}`;
  const { clients, close } = await masterClients(redisTarget);
  try {
    const gateway = await startGatewayProcess(context.simulator, {
      env: { REDIS_URL: redisUrl, REDIS_MODE: redisTarget.mode, REDIS_NAMESPACE: namespace, WEBHOOK_CHECK: 'off', ...env },
      execArgv: context.gatewayExecArgv(name),
    });
    try {
      const headers = { 'content-type': 'application/json', authorization: webhookAuthorization(BENCH_KEYSTORE_SECRET, CHANNEL) };
      const scriptTime = async () => {
        const totals = { calls: 0, usec: 0 };
        for (const client of clients) {
          const line = (await client.info('commandstats')).split('\n').find((entry) => entry.startsWith('cmdstat_evalsha:')) ?? '';
          const field = (name: string) => Number(line.match(new RegExp(`${name}=(\\d+)`))?.[1] ?? 0);
          totals.calls += field('calls');
          totals.usec += field('usec');
        }
        return totals;
      };
      return await measure({ gateway, redisUrl, scriptTime, receiver: `${gateway.baseUrl}/webhooks/${CHANNEL}`, headers });
    } finally {
      await gateway.stop();
    }
  } finally {
    // One DEL per key: on a cluster node, the keys of one command must share a slot.
    for (const client of clients)
      for await (const keys of client.scanIterator({ MATCH: `${namespace}:*`, COUNT: 1000 })) for (const key of keys) await client.del(key);
    close();
  }
}

/** What one ingest run measured. */
export interface IngestMeasurement {
  result: Result;
  /** Acknowledgement times of the 2xx answers in ms, unrounded (autocannon's own histogram keeps whole milliseconds). */
  acks: number[];
  cpuPerNotificationMs: number;
  /** Redis's own time per EVALSHA during the run (every client's, so the bench's only while nothing else runs scripts), and the calls counted. */
  scriptUsecPerCall: number;
  scriptCalls: number;
}

/**
 * Scenario 7's load shape: 32 connections for `durationSeconds` after a 1 s warm-up at the same
 * concurrency, each request one notification; `body` makes the n-th request's body.
 */
export async function measureIngest(target: RedisLogGateway, durationSeconds: number, body: (n: number) => string): Promise<IngestMeasurement> {
  let sent = 0;
  const load = (duration: number) =>
    autocannon({
      url: target.receiver,
      method: 'POST',
      headers: target.headers,
      requests: [{ setupRequest: (request) => ({ ...request, body: body((sent += 1)) }) }],
      connections: 32,
      duration,
    });
  await load(1);
  const cpuBefore = cpuTimeOf(target.gateway.pid);
  const scriptBefore = await target.scriptTime();
  const acks: number[] = [];
  const running = load(durationSeconds);
  running.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    if (statusCode >= 200 && statusCode < 300) acks.push(responseTimeMs);
  });
  const result = await running;
  const cpuPerNotificationMs = (cpuTimeOf(target.gateway.pid) - cpuBefore) / Math.max(1, result.requests.total);
  const scriptAfter = await target.scriptTime();
  const scriptCalls = scriptAfter.calls - scriptBefore.calls;
  return { result, acks, cpuPerNotificationMs, scriptUsecPerCall: (scriptAfter.usec - scriptBefore.usec) / Math.max(1, scriptCalls), scriptCalls };
}

/** The table rows every ingest measurement shows. */
export function ingestRows(measured: IngestMeasurement): string[][] {
  const { result, acks } = measured;
  return [
    ['acknowledgement p50 / p99, unrounded (2xx answers)', `${ms(percentile(acks, 50), 2)} / ${ms(percentile(acks, 99), 2)}`, '—'],
    ['gateway CPU per notification (parse + one script)', ms(measured.cpuPerNotificationMs, 2), '—'],
    [
      'Redis time per append script (EVALSHA, server side: INFO commandstats over the run)',
      `${measured.scriptUsecPerCall.toFixed(1)} µs (${measured.scriptCalls} calls)`,
      '—',
    ],
    ['acknowledged (2xx) / non-2xx / errors', `${result['2xx']} / ${result.non2xx} / ${result.errors + result.timeouts}`, '—'],
  ];
}

/** Scenario 7: the receiver on the Redis event log (acknowledged only once appended), then a replay of 10,000 retained events. */
export async function webhookIngestRedisLog(context: BenchContext): Promise<Section> {
  const { durationSeconds } = context.options;
  const title = '7. Webhook ingest into the Redis event log, and replay';
  const intro = [
    `A gateway process with \`REDIS_URL\` (${BENCH_REDIS_URL}, a namespace of its own): each notification is acknowledged only once its events are in the channel's Redis Stream (one script: dedup, XADD, records, conversation, publish).`,
    `Ingest: notifications as in scenario 5 (one message each, all from one contact) POSTed to \`/webhooks/${CHANNEL}\` by autocannon, 32 connections, ${durationSeconds} s after a 1 s warm-up, no subscriber.`,
    `Replay: ${REPLAY_EVENTS.toLocaleString('en-US')} events appended after a marker (notifications of ${REPLAY_MESSAGES_PER_NOTIFICATION} messages), then one graphql-ws subscriber to \`channelEvents(after: <marker cursor>)\`: time until the last event, and the gateway's resident memory sampled every 20 ms.`,
    'Target: ≥ 5,000 notifications/s on one instance with p99 acknowledgement ≤ 25 ms at 32 connections; replay time and peak memory recorded.',
  ];
  const run = `${Date.now()}`;
  return withRedisLogGateway(context, 'redis-log', {}, async (target) => {
    const { gateway, receiver, headers } = target;
    const probe = await send(receiver, { method: 'POST', headers, body: notification(`wamid.bench-log-probe-${run}`, '') });
    if (probe.status !== 200) return notAvailableSection(title, intro, `the receiver answered HTTP ${probe.status} (is Redis at ${target.redisUrl}?)`);
    const [head, tail] = notification(`wamid.bench-log-${run}-${ID_MARK}`, '').split(ID_MARK);
    const ingest = await measureIngest(target, durationSeconds, (n) => `${head}${n}${tail}`);

    // The marker's cursor, from a live subscriber: the replay starts right after it.
    const marker = replay(gateway.graphqlUrl, null, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await send(receiver, { method: 'POST', headers, body: notification(`wamid.bench-log-marker-${run}`, '') });
    const [markerCursor] = await marker.done;
    await marker.dispose();
    for (let offset = 0; offset < REPLAY_EVENTS; offset += REPLAY_MESSAGES_PER_NOTIFICATION) {
      const answer = await send(receiver, { method: 'POST', headers, body: burst(`wamid.bench-replay-${run}-${offset}-`, REPLAY_MESSAGES_PER_NOTIFICATION) });
      if (answer.status !== 200) return notAvailableSection(title, intro, `appending the replayed events: HTTP ${answer.status}`);
    }
    const before = memoryOf(gateway.pid).rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(gateway.pid).rss)), 20);
    const started = performance.now();
    const replayed = replay(gateway.graphqlUrl, markerCursor, REPLAY_EVENTS);
    let cursors: string[];
    try {
      cursors = await replayed.done;
    } finally {
      clearInterval(sampler);
    }
    const replayMs = performance.now() - started;
    await replayed.dispose();
    const distinct = new Set(cursors).size;
    const { result } = ingest;
    return {
      title,
      intro: intro,
      tables: [
        {
          columns: ['metric', 'measured', 'target'],
          rows: [
            ['notifications acknowledged/s (32 conn.)', rate(result.requests.average), `≥ 5,000/s: ${verdict(result.requests.average >= 5000)}`],
            [
              'acknowledgement p50 / p99 (autocannon, whole ms)',
              `${ms(result.latency.p50, 0)} / ${ms(result.latency.p99, 0)}`,
              `p99 ≤ 25 ms: ${verdict(result.latency.p99 <= 25)}`,
            ],
            ...ingestRows(ingest),
            [
              `replay of ${REPLAY_EVENTS.toLocaleString('en-US')} retained events to one subscriber`,
              `${ms(replayMs, 0)} (${rate((REPLAY_EVENTS / replayMs) * 1000)} events/s)`,
              '—',
            ],
            ['events replayed / distinct', `${cursors.length} / ${distinct}`, `each once: ${verdict(distinct === REPLAY_EVENTS)}`],
            ['gateway RSS before → peak during the replay', `${mb(before)} → ${mb(peak)}`, '—'],
          ],
        },
      ],
      notes: [],
    };
  });
}
