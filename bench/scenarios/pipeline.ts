import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { getOperationAST, GraphQLError, parse, specifiedRules, validate, type OperationDefinitionNode } from 'graphql';
import { loadConfig, upstreamUrlEnv } from '../../src/config.js';
import { estimateUpstreamCalls, refuseOverEstimate } from '../../src/datasources/call-budget.js';
import { formatGraphQLError } from '../../src/http/format-error.js';
import { actualQueryCost, estimateQueryCost, refuseOverCost } from '../../src/http/query-cost.js';
import { queryLimitRules } from '../../src/http/query-limits.js';
import { JsonShapeScanner } from '../../src/lib/json-shape.js';
import { createLogger } from '../../src/observability/logger.js';
import { Metrics } from '../../src/observability/metrics.js';
import { OperationRecorder } from '../../src/observability/operations.js';
import { withFieldErrors } from '../../src/http/field-errors.js';
import { buildSchema } from '../../src/schema.js';
import { FairShare } from '../../src/store/fair-share.js';
import { refuseWriteWhileStoreStalled } from '../../src/store/store-guard.js';
import type { BenchContext } from '../support/context.js';
import { cpuTimeOf, startGatewayProcess, startSimulatorProcess, type GatewayProcess } from '../support/gateway-process.js';
import { graphql, graphqlBody, JSON_HEADERS, send } from '../support/http.js';
import type { Section } from '../support/report.js';
import { median, ms, percentile, rate, verdict } from '../support/stats.js';

/** Scenario 3's cached listing: the operation every step is timed on. */
const LISTING = '{ partner { channels(limit: 10) { total count nodes { id hubStatus hosting phoneNumber displayName accountMode } } } }';
const STEP_ITERATIONS = 20_000;
const SEQUENTIAL_SAMPLES = 2_000;
const AB_ROUNDS = 6;
/**
 * One bench client is one caller: its cached listings (cost 21) would pass the default budget at about 950 a second, and the
 * refusals would be what is measured. Both builds get the same room (e250c75 predates the fair share and ignores it).
 */
const ROOM = { MAX_COST_PER_SECOND_PER_CALLER: '1000000000' };

/** Microseconds per call of `step`, the median of five batches (the host's speed drifts between them). */
function timePerCall(step: () => unknown): number {
  for (let index = 0; index < 1_000; index += 1) step();
  const batches: number[] = [];
  for (let batch = 0; batch < 5; batch += 1) {
    const start = performance.now();
    for (let index = 0; index < STEP_ITERATIONS / 5; index += 1) step();
    batches.push(((performance.now() - start) * 1000) / (STEP_ITERATIONS / 5));
  }
  return median(batches);
}

async function timePerCallAsync(step: () => Promise<unknown>): Promise<number> {
  for (let index = 0; index < 1_000; index += 1) await step();
  const batches: number[] = [];
  for (let batch = 0; batch < 5; batch += 1) {
    const start = performance.now();
    for (let index = 0; index < STEP_ITERATIONS / 5; index += 1) await step();
    batches.push(((performance.now() - start) * 1000) / (STEP_ITERATIONS / 5));
  }
  return median(batches);
}

/** Each step of src/http/pipeline.ts run alone on the cached listing, in this process, as a gateway runs it per operation. */
async function stepTimes(context: BenchContext): Promise<string[][]> {
  const config = loadConfig({
    ...upstreamUrlEnv(context.simulator.urls),
    PARTNER_ID: 'p',
    PARTNER_TOKEN: 't',
    KEYSTORE_SECRET: 'bench-keystore-secret-0123456789',
    ...ROOM,
  });
  const schema = buildSchema();
  const document = parse(LISTING);
  const operation = getOperationAST(document) as OperationDefinitionNode;
  const rules = [...specifiedRules, ...queryLimitRules(config.queryLimits)];
  const fairShare = new FairShare(config.fairShare, null);
  const metrics = new Metrics();
  const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const recorder = new OperationRecorder(metrics, createLogger('info', discard));
  const body = Buffer.from(graphqlBody(LISTING));
  const data = (await graphql(context.warm.graphqlUrl, LISTING)).result.data;
  const unexpected = new GraphQLError('x', { originalError: new Error('x') });
  const rows: Array<[string, number]> = [
    ['body pre-scan (JSON shape of the request body)', timePerCall(() => new JsonShapeScanner(config.bodyShape).feed(body))],
    ['fair-share door (enter and leave)', timePerCall(() => fairShare.enter('bench')())],
    ['parse (Apollo caches it per text: a cached listing skips it)', timePerCall(() => parse(LISTING, { maxTokens: config.queryLimits.maxTokens }))],
    ['validate, query limits included (cached with the parse)', timePerCall(() => validate(schema, document, rules))],
    [
      'limits and cost: estimate of a new document or one with variables (@cost/@listSize)',
      timePerCall(() => estimateQueryCost(schema, document, operation, undefined)),
    ],
    [
      'limits and cost: estimate of a cached document without variables (worked out once)',
      timePerCall(() => refuseOverCost(schema, document, operation, undefined, config.queryLimits.maxCost, () => undefined)),
    ],
    ['limits and cost: spend from the fair share', await timePerCallAsync(() => fairShare.spend('bench', 21))],
    ['limits and cost: actual cost of the answer', timePerCall(() => actualQueryCost(schema, document, operation, data))],
    ['call estimate of a new document or one with variables', timePerCall(() => estimateUpstreamCalls(schema, document, operation, undefined))],
    [
      'call estimate of a cached document without variables (worked out once)',
      timePerCall(() => refuseOverEstimate(schema, document, operation, undefined, config.maxUpstreamCallsPerOperation)),
    ],
    [
      'store guard (no Redis: a query passes)',
      await timePerCallAsync(() => refuseWriteWhileStoreStalled({ redis: null, ready: async () => true }, operation.operation)),
    ],
    [
      'observability: log line and metric',
      timePerCall(() => recorder.record({ requestId: 'r', operation: 'anonymous', type: 'query', startedAt: 0, executed: true, data, errors: undefined })),
    ],
    ['field errors (none reported)', timePerCall(() => withFieldErrors(undefined, []))],
    ['error formatting (per error, masked)', timePerCall(() => formatGraphQLError(unexpected.toJSON(), unexpected))],
  ];
  const total = rows.filter(([name]) => !/^(parse|validate|error)|new document/.test(name)).reduce((sum, [, value]) => sum + value, 0);
  return [
    ...rows.map(([name, value]) => [name, value.toFixed(2)]),
    ['every step a cached listing runs (its document parsed, validated and estimated before; no error to format)', total.toFixed(2)],
  ];
}

/** p50 of `count` sequential requests, alternating the two (so a drifting host hits both alike). */
async function alternate(count: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number[], number[]]> {
  const first: number[] = [];
  const second: number[] = [];
  for (let index = 0; index < count; index += 1) {
    let start = performance.now();
    await a();
    first.push(performance.now() - start);
    start = performance.now();
    await b();
    second.push(performance.now() - start);
  }
  return [first, second];
}

async function throughput(gateway: GatewayProcess, seconds: number) {
  const cpuBefore = cpuTimeOf(gateway.pid);
  const result = await autocannon({
    url: gateway.graphqlUrl,
    method: 'POST',
    headers: JSON_HEADERS,
    body: graphqlBody(LISTING),
    connections: 32,
    duration: seconds,
  });
  const cpuPerRequest = (cpuTimeOf(gateway.pid) - cpuBefore) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p50: result.latency.p50, cpuPerRequest, failures: result.non2xx + result.errors + result.timeouts };
}

export async function pipelineCost(context: BenchContext): Promise<Section> {
  const title = '13. The operation pipeline, step by step, and a cached listing against a direct GET and e250c75';
  const baselineMain = process.env.BENCH_BASELINE_MAIN;
  const seconds = Math.max(3, Math.min(context.options.durationSeconds, 10));
  const production = process.env.NODE_ENV === 'production';
  const intro = [
    `Each step of src/http/pipeline.ts run alone, in the bench process, on scenario 3's cached listing \`${LISTING}\` (µs per call, median of five batches of ${STEP_ITERATIONS / 5}).`,
    production
      ? 'The bench ran with NODE_ENV=production, as a gateway runs: graphql-js checks each `instanceof` plainly.'
      : "The bench ran without NODE_ENV=production: graphql-js checks each `instanceof` the slow way of its development mode, which a gateway (NODE_ENV=production) never pays, so the schema-walking steps are shown about 2–3× slower than they run. Run `NODE_ENV=production npm run bench` for a gateway's figures.",
    `Then, on a simulator process of its own with no added latency: the cached listing through the gateway against the A4 GET it caches, sent directly, ${SEQUENTIAL_SAMPLES} of each alternately (target: gateway p50 ≤ 2× the direct GET's);`,
    baselineMain
      ? `and this build against the build at BENCH_BASELINE_MAIN (${baselineMain}) on that same simulator, ${AB_ROUNDS} alternating autocannon rounds of ${seconds} s at 32 connections each (target: this build's listings/s ≥ the baseline's).`
      : 'the A/B against another build runs when BENCH_BASELINE_MAIN names its dist/src/main.js.',
  ];
  const steps = await stepTimes(context);

  const upstream = await startSimulatorProcess(0);
  const gateways: GatewayProcess[] = [];
  try {
    const gateway = await startGatewayProcess(upstream, { env: ROOM });
    gateways.push(gateway);
    await graphql(gateway.graphqlUrl, LISTING);
    const directUrl = `${upstream.urls.partner}/partners/${upstream.credentials.partnerId}/channels?limit=10`;
    const direct = () => send(directUrl, { headers: { authorization: `Bearer ${upstream.credentials.partnerToken}` } });
    const probe = await direct();
    const [viaGateway, directly] = await alternate(SEQUENTIAL_SAMPLES, () => graphql(gateway.graphqlUrl, LISTING), direct);
    const ratio = percentile(viaGateway, 50) / percentile(directly, 50);
    const latencyRows = [
      ['cached listing through the gateway', ms(percentile(viaGateway, 50), 3), ms(percentile(viaGateway, 99), 3), '—'],
      [`direct GET (${probe.status}) of the page it caches`, ms(percentile(directly, 50), 3), ms(percentile(directly, 99), 3), '—'],
      ['gateway / direct at p50', `${ratio.toFixed(2)}×`, '', verdict(ratio <= 2)],
    ];

    const abRows: string[][] = [];
    if (baselineMain) {
      const baseline = await startGatewayProcess(upstream, { main: baselineMain, env: ROOM });
      gateways.push(baseline);
      // Warmed as this build was by the latency samples above: the first rounds would otherwise find the baseline's code
      // still being optimized.
      for (let sample = 0; sample < SEQUENTIAL_SAMPLES; sample += 1) await graphql(baseline.graphqlUrl, LISTING);
      const ours: Array<Awaited<ReturnType<typeof throughput>>> = [];
      const theirs: Array<Awaited<ReturnType<typeof throughput>>> = [];
      const cell = (run: Awaited<ReturnType<typeof throughput>>) =>
        `${rate(run.rps)}, p50 ${run.p50} ms, CPU ${ms(run.cpuPerRequest, 3)}/request${run.failures > 0 ? `, ${run.failures} failed` : ''}`;
      for (let round = 0; round < AB_ROUNDS; round += 1) {
        // A B, then B A: a host that speeds up or slows down through the run favours neither build.
        let a: Awaited<ReturnType<typeof throughput>>;
        let b: Awaited<ReturnType<typeof throughput>>;
        if (round % 2 === 0) {
          a = await throughput(gateway, seconds);
          b = await throughput(baseline, seconds);
        } else {
          b = await throughput(baseline, seconds);
          a = await throughput(gateway, seconds);
        }
        ours.push(a);
        theirs.push(b);
        abRows.push([String(round + 1), cell(a), cell(b), `${(a.rps / b.rps).toFixed(2)}×`]);
      }
      const rpsRatio = median(ours.map((run) => run.rps)) / median(theirs.map((run) => run.rps));
      const cpuRatio = median(ours.map((run) => run.cpuPerRequest)) / median(theirs.map((run) => run.cpuPerRequest));
      abRows.push([
        'median',
        `${rate(median(ours.map((run) => run.rps)))}, CPU ${ms(median(ours.map((run) => run.cpuPerRequest)), 3)}/request`,
        `${rate(median(theirs.map((run) => run.rps)))}, CPU ${ms(median(theirs.map((run) => run.cpuPerRequest)), 3)}/request`,
        `${rpsRatio.toFixed(2)}× listings/s ${verdict(rpsRatio >= 1)}; CPU per listing ${cpuRatio.toFixed(2)}×`,
      ]);
    }
    return {
      title,
      intro,
      notes: [],
      tables: [
        { columns: ['step', 'µs per operation'], rows: steps },
        { columns: ['sequential requests', 'p50', 'p99', 'target'], rows: latencyRows },
        ...(abRows.length > 0 ? [{ columns: ['round', 'this build: listings/s', 'baseline: listings/s', 'this / baseline'], rows: abRows }] : []),
      ],
    };
  } finally {
    for (const gateway of gateways) await gateway.stop();
    await upstream.stop();
  }
}
