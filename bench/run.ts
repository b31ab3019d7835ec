import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '../simulator/server.js';
import { cachedThroughput } from './scenarios/cached-throughput.js';
import { conversationsAtScale } from './scenarios/conversations.js';
import { sendOverhead } from './scenarios/send.js';
import { streamingMemory } from './scenarios/streaming.js';
import { criticalPath, upstreamCalls } from './scenarios/upstream-calls.js';
import { webhookIngest, webhookIngestRedisLog } from './scenarios/webhooks.js';
import { redisClusterAgainstOne } from './scenarios/redis-cluster.js';
import { hostileNeighbour } from './scenarios/hostile.js';
import { hostileCallers } from './scenarios/fair-share.js';
import { peopleBehindOneApp } from './scenarios/fair-share-people.js';
import { realTraffic } from './scenarios/real-traffic.js';
import { pipelineCost } from './scenarios/pipeline.js';
import { profileArgs, type BenchContext } from './support/context.js';
import { startGatewayProcess } from './support/gateway-process.js';
import { closeAgent } from './support/http.js';
import { benchOptions } from './support/options.js';
import { markdownSection, notAvailableSection, type Section } from './support/report.js';

const RESULTS = fileURLToPath(new URL('../../bench/RESULTS.md', import.meta.url));

const SCENARIOS: Array<[number, string, (context: BenchContext) => Promise<Section>]> = [
  [1, '1. Upstream calls per operation', upstreamCalls],
  [2, '2. Latency against the critical path', criticalPath],
  [3, '3. Warm-cache throughput', cachedThroughput],
  [4, '4. Sends: sendMessage against a direct REST call', sendOverhead],
  [5, '5. Webhook ingest', webhookIngest],
  [6, '6. Memory while streaming', streamingMemory],
  [7, '7. Webhook ingest into the Redis event log, and replay', webhookIngestRedisLog],
  [8, '8. Well-behaved clients beside a hostile one', hostileNeighbour],
  [9, '9. Conversations: 10,000 on one channel', conversationsAtScale],
  [10, '10. Real traffic: every kind of notification', realTraffic],
  [11, '11. Redis Cluster against one Redis', redisClusterAgainstOne],
  [12, '12. Fair share: hostile callers beside a well-behaved one', hostileCallers],
  [14, '12b. Fair share per person: one app, many people', peopleBehindOneApp],
  [13, '13. The operation pipeline, step by step, and a cached listing against a direct GET and e250c75', pipelineCost],
];

/**
 * Where RESULTS.md's hand-written part begins: profiles, dated rounds and A/B runs of two builds, which a run cannot
 * regenerate. Every run keeps it as it is, after the sections it writes.
 */
const HISTORY_HEADING = /^# History\b/m;

const NO_CACHE = { CACHE_TTL_LISTING_MS: '0', CACHE_TTL_USAGE_MS: '0', CACHE_TTL_INSIGHTS_MS: '0', CACHE_TTL_MESSAGING_MS: '0' };

const SPEED_SAMPLE = { id: 'channel-001', setup_info: { phone_number: '+4915100000001', phone_name: 'Main line' }, tags: [1, 2, 3] };

/**
 * Time of a fixed CPU-bound workload (200,000 JSON round trips of a small record), best of three:
 * this machine's speed at that moment. A neighbour on the same host can slow a VM without any
 * steal time showing, so each scenario records it next to its figures.
 */
function fixedWorkloadMs(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    let checksum = 0;
    for (let index = 0; index < 200_000; index += 1) checksum += (JSON.parse(JSON.stringify(SPEED_SAMPLE)) as typeof SPEED_SAMPLE).tags.length;
    if (checksum !== 600_000) throw new Error('fixed workload miscounted');
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Cumulative CPU time counters of the whole machine (Linux /proc/stat), or null elsewhere. */
function cpuCounters(): { steal: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { steal: fields[7] ?? 0, total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return null;
  }
}

/** Share of CPU time the hypervisor gave to other guests while the bench ran. */
function stealShare(before: ReturnType<typeof cpuCounters>, after: ReturnType<typeof cpuCounters>): string {
  if (!before || !after || after.total === before.total) return 'n/a';
  return `${((100 * (after.steal - before.steal)) / (after.total - before.total)).toFixed(1)}%`;
}

function machine(loadBefore: number[], loadAfter: number[], elapsedSeconds: number, latencyMs: number, only: Set<number>, steal: string): string {
  const cpus = os.cpus();
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  return [
    '# hubgraph benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); the tables below are printed the same way on stdout.',
    '',
    '| | |',
    '| --- | --- |',
    `| date | ${new Date().toISOString()} |`,
    `| CPU | ${cpus[0]?.model ?? 'unknown'} × ${cpus.length} cores |`,
    `| memory | ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB |`,
    `| OS | ${os.type()} ${os.release()} (${os.arch()}) |`,
    `| Node | ${process.version} |`,
    `| load average (1/5/15 min) at start | ${load(loadBefore)} |`,
    `| load average at end | ${load(loadAfter)} |`,
    `| CPU steal during the run (time the hypervisor gave to other guests) | ${steal} |`,
    "| machine speed | a fixed CPU workload is timed around every scenario (each scenario's last note): compare runs by it, since a busy neighbour on the host slows a VM without showing as steal time |",
    `| simulated upstream latency | ${latencyMs} ms per request (BENCH_LATENCY_MS) |`,
    `| bench duration | ${elapsedSeconds.toFixed(0)} s |`,
    ...(only.size > 0 ? [`| scenarios run | ${[...only].join(', ')} (BENCH_ONLY) |`] : []),
    '',
    'Set-up: each gateway runs in its own Node process started like `npm start` (`node dist/src/main.js`, NODE_ENV=production, default log level), configured through',
    "the contract's environment variables to point at the upstream simulator. The simulator and the load generator (autocannon, and a keep-alive",
    'node:http client for sequential timings) share the bench process: the simulator does no work in the cached and webhook scenarios, and keeping',
    'it in-process lets the bench read its request recorder and stored webhook credential directly. On a 2-core machine the load generator and the',
    'gateway compete for the same two cores, so throughput figures are a lower bound of what a gateway gets with a load generator on another machine.',
    // The end figure includes the bench's own processes, so only the start tells whether others were running.
    loadBefore[0] > 0.5 * cpus.length
      ? `**The machine was not idle** (1-minute load average ${loadBefore[0].toFixed(2)} on ${cpus.length} cores before the bench started, e.g. other test suites running): figures were taken under that load and are lower (throughput) and higher (latency) than the gateway's own.`
      : 'The machine was close to idle when the run started (the load average at the end includes the bench itself).',
    '',
  ].join('\n');
}

/** RESULTS.md before this run: its generated part, which a BENCH_ONLY run completes, and its hand-written history. */
function earlierResults(): { generated: string; history: string } {
  if (!existsSync(RESULTS)) return { generated: '', history: '' };
  const text = readFileSync(RESULTS, 'utf8');
  const start = text.search(HISTORY_HEADING);
  return start === -1 ? { generated: text, history: '' } : { generated: text.slice(0, start), history: text.slice(start) };
}

/** The date and the scenario sections (by title) of the generated part a BENCH_ONLY run completes instead of replacing. */
function earlierRun(generated: string): { date: string | null; sections: Map<string, string> } {
  const titles = new Set(SCENARIOS.map(([, title]) => title));
  const sections = new Map<string, string>();
  for (const part of generated.split(/^## /m).slice(1)) {
    const title = part.slice(0, part.indexOf('\n'));
    // Trailing blank lines dropped: the sections are joined again below, and would gain one per BENCH_ONLY run.
    if (titles.has(title)) sections.set(title, `## ${part.trimEnd()}\n`);
  }
  return { date: /^\| date \| (.+) \|$/m.exec(generated)?.[1] ?? null, sections };
}

async function main() {
  const options = benchOptions();
  const started = Date.now();
  const loadBefore = os.loadavg();
  const countersBefore = cpuCounters();
  const simulator = await startSimulator({ latencyMs: options.latencyMs });
  const cold = await startGatewayProcess(simulator, { env: NO_CACHE, execArgv: profileArgs(options, 'gateway-no-cache') });
  const warm = await startGatewayProcess(simulator, { execArgv: profileArgs(options, 'gateway-default') });
  const context: BenchContext = { simulator, options, cold, warm, gatewayExecArgv: (name) => profileArgs(options, `gateway-${name}`) };

  const sections: Section[] = [];
  try {
    for (const [number, title, scenario] of SCENARIOS) {
      if (options.only.size > 0 && !options.only.has(number)) continue;
      process.stderr.write(`bench: ${title}…\n`);
      let section: Section;
      const speedBefore = fixedWorkloadMs();
      try {
        section = await scenario(context);
      } catch (error) {
        section = notAvailableSection(title, [], `the scenario failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      section.notes.push(
        `Machine speed around this scenario (a fixed CPU workload, best of 3; lower is faster): ${speedBefore.toFixed(0)} ms before, ${fixedWorkloadMs().toFixed(0)} ms after.`,
      );
      sections.push(section);
      process.stdout.write(`${markdownSection(section)}\n`);
    }
  } finally {
    await Promise.all([cold.stop(), warm.stop()]);
    closeAgent();
    await simulator.close();
  }

  const header = machine(loadBefore, os.loadavg(), (Date.now() - started) / 1000, options.latencyMs, options.only, stealShare(countersBefore, cpuCounters()));
  const { generated, history } = earlierResults();
  const earlier = options.only.size > 0 ? earlierRun(generated) : { date: null, sections: new Map<string, string>() };
  const ran = new Map(sections.map((section) => [section.title, `${markdownSection(section).trimEnd()}\n`]));
  const body = SCENARIOS.map(([, title]) => ran.get(title) ?? earlier.sections.get(title))
    .filter((text): text is string => text !== undefined)
    .join('\n');
  const kept =
    earlier.date && earlier.sections.size > 0 ? `Sections of scenarios not in BENCH_ONLY are kept from the earlier RESULTS.md (dated ${earlier.date}).\n` : '';
  writeFileSync(RESULTS, `${header}${kept}\n${body}\n${history}`);
  process.stdout.write(`${header}\nbench: wrote ${RESULTS}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
