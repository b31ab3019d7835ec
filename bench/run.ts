import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '../src/simulator/server.js';
import { cachedThroughput } from './scenarios/cached-throughput.js';
import { sendOverhead } from './scenarios/send.js';
import { streamingMemory } from './scenarios/streaming.js';
import { criticalPath, upstreamCalls } from './scenarios/upstream-calls.js';
import { webhookIngest } from './scenarios/webhooks.js';
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
];

const NO_CACHE = { CACHE_TTL_LISTING_MS: '0', CACHE_TTL_USAGE_MS: '0', CACHE_TTL_INSIGHTS_MS: '0', CACHE_TTL_MESSAGING_MS: '0' };

function machine(loadBefore: number[], loadAfter: number[], elapsedSeconds: number, latencyMs: number, only: Set<number>): string {
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
    `| simulated upstream latency | ${latencyMs} ms per request (BENCH_LATENCY_MS) |`,
    `| bench duration | ${elapsedSeconds.toFixed(0)} s |`,
    ...(only.size > 0 ? [`| scenarios run | ${[...only].join(', ')} (BENCH_ONLY) |`] : []),
    '',
    'Set-up: each gateway runs in its own Node process started like `npm start` (`node dist/src/main.js`, NODE_ENV=production, default log level), configured through',
    'the contract\'s environment variables to point at the upstream simulator. The simulator and the load generator (autocannon, and a keep-alive',
    'node:http client for sequential timings) share the bench process: the simulator does no work in the cached and webhook scenarios, and keeping',
    'it in-process lets the bench read its request recorder and stored webhook credential directly. On a 2-core machine the load generator and the',
    'gateway compete for the same two cores, so throughput figures are a lower bound of what a gateway gets with a load generator on another machine.',
    Math.max(loadBefore[0]!, loadAfter[0]!) > 0.5 * cpus.length
      ? `**The machine was not idle** (1-minute load average ${loadBefore[0]!.toFixed(2)} at the start and ${loadAfter[0]!.toFixed(2)} at the end on ${cpus.length} cores, e.g. other test suites running): figures were taken under that load and are lower (throughput) and higher (latency) than the gateway's own.`
      : 'The machine was close to idle at the start and at the end of the run.',
    '',
  ].join('\n');
}

async function main() {
  const options = benchOptions();
  const started = Date.now();
  const loadBefore = os.loadavg();
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
      try {
        section = await scenario(context);
      } catch (error) {
        section = notAvailableSection(title, [], `the scenario failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      sections.push(section);
      process.stdout.write(`${markdownSection(section)}\n`);
    }
  } finally {
    await Promise.all([cold.stop(), warm.stop()]);
    closeAgent();
    await simulator.close();
  }

  const header = machine(loadBefore, os.loadavg(), (Date.now() - started) / 1000, options.latencyMs, options.only);
  writeFileSync(RESULTS, `${header}\n${sections.map(markdownSection).join('\n')}`);
  process.stdout.write(`${header}\nbench: wrote ${RESULTS}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
