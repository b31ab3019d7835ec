import { connect, type Socket } from 'node:net';
import autocannon, { type Request as AutocannonRequest, type Result } from 'autocannon';
import WebSocket from 'ws';
import { firstError, graphql, graphqlBody, JSON_HEADERS } from '../support/http.js';
import type { BenchContext } from '../support/context.js';
import { startGatewayProcess } from '../support/gateway-process.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { ms, rate, verdict } from '../support/stats.js';

const QUERY = '{ partner { channels(limit: 10) { total count nodes { id hubStatus hosting phoneNumber displayName } } } }';
const CONNECTIONS = 32;
const DURATION_S = 30;
/** Slow bodies the hostile client keeps open at once (each cut by the gateway after HTTP_REQUEST_TIMEOUT_MS). */
const SLOW_BODIES = 16;

/**
 * Every well-behaved connection stands for a client of its own, so each presents its own gateway
 * token (GATEWAY_TOKENS), and the hostile client another: the gateway's fair share counts them as
 * separate callers, as it would count clients on separate machines. From one address and without
 * tokens they would all be one caller, whose 32 connections are exactly its in-flight bound and
 * whose cached listings (cost 21 each) pass its cost budget at about 950 requests a second.
 */
const WELL_BEHAVED_TOKENS = Array.from({ length: CONNECTIONS }, (_, index) => `well-behaved-client-${index + 1}`);
const HOSTILE_TOKEN = 'hostile-client';
const HOSTILE_HEADERS = { ...JSON_HEADERS, authorization: `Bearer ${HOSTILE_TOKEN}` };

const SEND = 'mutation ($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }';

interface HostileCounts {
  deepJson: number;
  oversizedFrames: number;
  slowBodies: number;
  badIds: number;
  hugeLimits: number;
}

/**
 * One hostile client, in a loop until `signal` aborts: JSON nested 5,000 levels deep, 2 MiB
 * WebSocket frames before authentication, request bodies that stop after their first bytes, ids
 * with a lone surrogate or 10,000 characters, and a listing limit of 100,000,000. Each kind is
 * counted once sent.
 */
async function hostileClient(graphqlUrl: string, signal: AbortSignal): Promise<HostileCounts> {
  const counts: HostileCounts = { deepJson: 0, oversizedFrames: 0, slowBodies: 0, badIds: 0, hugeLimits: 0 };
  const { port, hostname } = new URL(graphqlUrl);
  const slow = new Set<Socket>();
  const post = (body: string) => fetch(graphqlUrl, { method: 'POST', headers: HOSTILE_HEADERS, body, signal }).then((response) => response.arrayBuffer());
  const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
  const deepSend = `{"query":${JSON.stringify(SEND)},"variables":{"channelId":"channel-001","input":{"to":"+4915112345678","interactive":${deep}}}}`;
  const frame = JSON.stringify({ type: 'connection_init', payload: { authorization: 'x'.repeat(2 * 1024 * 1024) } });
  while (!signal.aborted) {
    try {
      await post(deepSend);
      counts.deepJson += 1;
      await new Promise<void>((resolve) => {
        const socket = new WebSocket(graphqlUrl.replace(/^http/, 'ws'), 'graphql-transport-ws');
        socket.once('open', () => socket.send(frame));
        socket.once('close', () => resolve());
        socket.once('error', () => resolve());
      });
      counts.oversizedFrames += 1;
      while (slow.size < SLOW_BODIES) {
        const socket = connect(Number(port), hostname);
        socket.on('error', () => undefined);
        socket.on('close', () => slow.delete(socket));
        socket.write(
          `POST /graphql HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${HOSTILE_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"query":`,
        );
        slow.add(socket);
        counts.slowBodies += 1;
      }
      await post(graphqlBody('query ($id: ID!) { channel(id: $id) { id } }', { id: 'bad\ud800id' }));
      await post(graphqlBody('query ($id: ID!) { channel(id: $id) { id } }', { id: 'x'.repeat(10_000) }));
      counts.badIds += 2;
      await post(graphqlBody('{ partner { channels(limit: 100000000) { total } } }'));
      counts.hugeLimits += 1;
    } catch {
      // Aborted at the end of the run, or a refusal that closed the connection: both are expected.
    }
  }
  for (const socket of slow) socket.destroy();
  return counts;
}

export async function hostileNeighbour(context: BenchContext): Promise<Section> {
  const title = '8. Well-behaved clients beside a hostile one';
  const intro = [
    `${CONNECTIONS} well-behaved connections send the cached listing \`${QUERY}\` for ${DURATION_S} s (autocannon), once alone`,
    'and once with a hostile client in parallel that loops over: a sendMessage whose `interactive` JSON is nested 5,000 levels deep, a',
    `2 MiB WebSocket frame before authentication, ${SLOW_BODIES} request bodies kept open after their first bytes (refilled as the gateway cuts them),`,
    'ids with a lone surrogate or 10,000 characters, and `channels(limit: 100000000)`.',
    `The gateway runs with the defaults plus GATEWAY_TOKENS: each well-behaved connection presents a token of its own and the hostile client another, so the fair share (MAX_OPERATIONS_IN_FLIGHT_PER_CALLER, MAX_COST_PER_SECOND_PER_CALLER) counts ${CONNECTIONS} + 1 callers, as it would ${CONNECTIONS} clients on their own machines (from one address without tokens they would be one caller at its bounds).`,
    "Target: the well-behaved clients' error rate stays 0 and their p99 within 2× of the run without the hostile client.",
  ];
  const gateway = await startGatewayProcess(context.simulator, {
    env: { GATEWAY_TOKENS: [...WELL_BEHAVED_TOKENS, HOSTILE_TOKEN].join(',') },
    execArgv: context.gatewayExecArgv('hostile-neighbour'),
  });
  try {
    const url = gateway.graphqlUrl;
    const probe = await graphql(url, QUERY, undefined, { authorization: `Bearer ${WELL_BEHAVED_TOKENS[0]}` });
    const error = firstError(probe.status, probe.result);
    if (error) return notAvailableSection(title, intro, error);
    const body = graphqlBody(QUERY);
    let sent = 0;
    // Round robin over the clients' tokens, one per request: each caller has about one request in flight.
    const requests = [
      {
        setupRequest: (request: AutocannonRequest) => {
          sent += 1;
          return { ...request, headers: { ...JSON_HEADERS, authorization: `Bearer ${WELL_BEHAVED_TOKENS[sent % CONNECTIONS]}` } };
        },
      },
    ];
    const load = (duration: number) => autocannon({ url, method: 'POST', headers: JSON_HEADERS, body, requests, connections: CONNECTIONS, duration });
    await load(2);
    const alone = await load(DURATION_S);
    const stop = new AbortController();
    const hostile = hostileClient(url, stop.signal);
    const beside = await load(DURATION_S);
    stop.abort();
    const counts = await hostile;
    return report(title, intro, alone, beside, counts);
  } finally {
    await gateway.stop();
  }
}

function report(title: string, intro: string[], alone: Result, beside: Result, counts: HostileCounts): Section {
  const errorRate = (result: Result) => (result.non2xx + result.errors + result.timeouts) / Math.max(1, result.requests.total);
  const row = (label: string, result: Result) => [
    label,
    String(result.requests.total),
    `${(100 * errorRate(result)).toFixed(3)}%`,
    rate(result.requests.average),
    ms(result.latency.p50, 0),
    ms(result.latency.p99, 0),
  ];
  const met = errorRate(beside) === 0 && beside.latency.p99 <= 2 * Math.max(1, alone.latency.p99);
  return {
    title,
    intro,
    tables: [
      {
        columns: ['well-behaved clients', 'requests', 'error rate', 'requests/s', 'p50', 'p99'],
        rows: [row('alone', alone), row('beside the hostile client', beside)],
      },
      {
        columns: ['hostile requests sent', 'deep JSON', '2 MiB frames', 'slow bodies opened', 'bad ids', 'huge limits', 'target met'],
        rows: [
          [
            String(counts.deepJson + counts.oversizedFrames + counts.slowBodies + counts.badIds + counts.hugeLimits),
            String(counts.deepJson),
            String(counts.oversizedFrames),
            String(counts.slowBodies),
            String(counts.badIds),
            String(counts.hugeLimits),
            verdict(met),
          ],
        ],
      },
    ],
    notes: [
      'The hostile client runs in the bench process, beside autocannon and the simulator, on the same two cores as the gateway: its own CPU (building and sending the 5,000-level body and the 2 MiB frames) is taken from everyone, the well-behaved clients included.',
      'autocannon records latencies in whole milliseconds.',
    ],
  };
}
