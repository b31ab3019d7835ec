/**
 * Instructions a gateway spends per cached listing (scenario 13's operation), counted by valgrind's callgrind: a measure
 * a loaded host does not change, where listings per second on a shared machine move by ±50 % between rounds.
 *
 *   npm run build && node dist/bench/callgrind-listing.js [other build's dist/src/main.js …]
 *
 * Each build (this one, then every one named, in turn on one simulator) runs under `valgrind --tool=callgrind
 * --instr-atstart=no`, is warmed by CALLGRIND_WARM cached listings, then counts the next CALLGRIND_MEASURED ones sent
 * by autocannon at CALLGRIND_CONNECTIONS connections; CALLGRIND_ROUNDS repeats the sequence. Each count is split by
 * V8's own function names into the JIT compiler's share, the garbage collector's and the rest (the listing's own
 * work): the first two move by tens of per cent between runs of one build (a major collection falls among the
 * counted listings or not; code still being optimized after the warm-up), the rest by up to about 1.5 % when
 * neither share is large (a run with a large GC share also pays the marking's write barriers in the rest); the defaults
 * (12,000 listings of warm-up, Node's --no-memory-reducer) keep both small (docs/benchmarks.md, scenario 13). The files
 * stay in CALLGRIND_DIR for callgrind_annotate; CALLGRIND_NODE_FLAGS (Node's flags, instead of the default) with
 * --perf-basic-prof has Node write /tmp/perf-<pid>.map, which names the JIT code's addresses callgrind reports.
 * CALLGRIND_SIMULATE=yes adds callgrind's cache and branch simulation: misses per listing and an estimate of its cycles
 * (instructions + 10 per first-level miss or mispredicted branch + 100 per last-level miss, the estimate of valgrind's
 * manual and KCachegrind), for work whose cost a count of instructions does not show (a larger working set, less
 * predictable dispatch).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startGatewayProcess, startSimulatorProcess } from './support/gateway-process.js';
import { graphql, graphqlBody, JSON_HEADERS } from './support/http.js';

/** Scenario 13's cached listing. */
const LISTING = '{ partner { channels(limit: 10) { total count nodes { id hubStatus hosting phoneNumber displayName accountMode } } } }';
/** Scenario 13's room: one bench client is one caller, whose listings would otherwise meet the fair share. */
const ROOM = { MAX_COST_PER_SECOND_PER_CALLER: '1000000000' };
/** The HOST every bench gateway listens on (gateway-process.ts). */
const GATEWAY_HOST = '127.0.0.1';
const THIS_BUILD = fileURLToPath(new URL('../src/main.js', import.meta.url));

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const warm = count('CALLGRIND_WARM', 12_000);
const measured = count('CALLGRIND_MEASURED', 2_000);
const connections = count('CALLGRIND_CONNECTIONS', 4);
const rounds = count('CALLGRIND_ROUNDS', 1);
const directory = resolve(process.env.CALLGRIND_DIR ?? join(tmpdir(), 'hubgraph-callgrind'));
/** V8's memory reducer collects when the process looks idle, as it does under valgrind between warm-up and counting. */
const nodeFlags = (process.env.CALLGRIND_NODE_FLAGS ?? '--no-memory-reducer').split(' ').filter(Boolean);
const simulate = process.env.CALLGRIND_SIMULATE === 'yes';

async function listings(url: string, amount: number): Promise<void> {
  const result = await autocannon({ url, method: 'POST', headers: JSON_HEADERS, body: graphqlBody(LISTING), connections, amount, timeout: 120 });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) {
    const statuses = JSON.stringify(result.statusCodeStats);
    throw new Error(`${failures} of ${amount} listings failed: ${result.non2xx} not 2xx (${statuses}), ${result.errors} errors, ${result.timeouts} timeouts`);
  }
}

/** Where V8 spends instructions that are not the listing's own work, by the names of its C++ functions. */
const SHARES = [
  { share: 'compiler', pattern: /v8::internal::(compiler|maglev)::|Zone::|Compil|Deoptimiz|RelocIterator|LiveRange|InstructionSelector|CodeGenerator/ },
  { share: 'gc', pattern: /Marking|Sweep|Scaveng|heap::|Heap::|MemoryChunk|Evacuat|Compactor|RememberedSet|SlotSet|IterateObjectCache|FreeList|Worklist/ },
] as const;

type Breakdown = { total: number; compiler: number; gc: number; rest: number };
/** Callgrind's simulated misses, summed over the process (CALLGRIND_SIMULATE). */
type Misses = { firstLevel: number; lastLevel: number; mispredicted: number; cycles: number };

/** Callgrind's count of each function (callgrind_annotate), summed into the JIT compiler's share, the GC's and the rest. */
function breakdown(file: string): Breakdown {
  const annotated = execFileSync('callgrind_annotate', ['--threshold=100', '--show=Ir', file], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const sums: Breakdown = { total: 0, compiler: 0, gc: 0, rest: 0 };
  for (const line of annotated.split('\n')) {
    const row = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (!row || row[2].includes('PROGRAM TOTALS')) continue;
    const instructions = Number(row[1].replaceAll(',', ''));
    sums.total += instructions;
    sums[SHARES.find(({ pattern }) => pattern.test(row[2]))?.share ?? 'rest'] += instructions;
  }
  return sums;
}

/** The file's totals of the simulated events (its `events:` and `totals:` lines), with the cycle estimate. */
function misses(file: string): Misses {
  const text = readFileSync(file, 'utf8');
  const names = /^events: (.*)$/m.exec(text)![1].split(' ');
  const values = /^totals: (.*)$/m.exec(text)![1].split(' ').map(Number);
  const total = (...events: string[]) => events.reduce((sum, event) => sum + (values[names.indexOf(event)] ?? 0), 0);
  const firstLevel = total('I1mr', 'D1mr', 'D1mw');
  const lastLevel = total('ILmr', 'DLmr', 'DLmw');
  const mispredicted = total('Bcm', 'Bim');
  return { firstLevel, lastLevel, mispredicted, cycles: total('Ir') + 10 * (firstLevel + mispredicted) + 100 * lastLevel };
}

/**
 * Switches counting on or off in a running gateway. Valgrind names its control pipes after $HOST, which a gateway's
 * environment sets (its listening address): callgrind_control must see the same.
 */
function instrumentation(pid: number, state: 'on' | 'off'): void {
  const answer = execFileSync('callgrind_control', [`--instr=${state}`, String(pid)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: GATEWAY_HOST },
  });
  if (!answer.includes('OK')) throw new Error(`callgrind_control --instr=${state} ${pid}: ${answer}`);
}

async function instructionsPerListing(
  main: string,
  label: string,
  upstream: Awaited<ReturnType<typeof startSimulatorProcess>>,
): Promise<Breakdown & { misses?: Misses }> {
  const file = join(directory, `callgrind.${label}.${Date.now()}.out`);
  const gateway = await startGatewayProcess(upstream, {
    main,
    env: ROOM,
    execArgv: nodeFlags,
    wrapper: {
      command: [
        'valgrind',
        '--tool=callgrind',
        '--instr-atstart=no',
        ...(simulate ? ['--cache-sim=yes', '--branch-sim=yes'] : []),
        `--callgrind-out-file=${file}`,
      ],
      startTimeoutMs: 600_000,
    },
  });
  try {
    await graphql(gateway.graphqlUrl, LISTING);
    await listings(gateway.graphqlUrl, warm);
    instrumentation(gateway.pid, 'on');
    await listings(gateway.graphqlUrl, measured);
    instrumentation(gateway.pid, 'off');
  } finally {
    // Callgrind writes its file as the process exits; its shutdown is not counted (instrumentation off).
    await gateway.stop();
  }
  const sums = breakdown(file);
  const perListing = { total: sums.total / measured, compiler: sums.compiler / measured, gc: sums.gc / measured, rest: sums.rest / measured };
  if (!simulate) return perListing;
  const { firstLevel, lastLevel, mispredicted, cycles } = misses(file);
  return {
    ...perListing,
    misses: { firstLevel: firstLevel / measured, lastLevel: lastLevel / measured, mispredicted: mispredicted / measured, cycles: cycles / measured },
  };
}

async function main() {
  mkdirSync(directory, { recursive: true });
  const builds = [THIS_BUILD, ...process.argv.slice(2).map((path) => resolve(path))];
  const upstream = await startSimulatorProcess(0);
  try {
    process.stdout.write(`${warm} listings warm, ${measured} measured, ${connections} connections; files in ${directory}\n`);
    const figure = (value: number) => Math.round(value).toLocaleString('en');
    for (let round = 1; round <= rounds; round += 1) {
      const figures: Array<Breakdown & { misses?: Misses }> = [];
      for (const [index, main] of builds.entries()) {
        const counted = await instructionsPerListing(main, index === 0 ? 'this' : `build${index}`, upstream);
        figures.push(counted);
        const ratio = (share: keyof Breakdown) => (index === 0 ? '' : ` (${(counted[share] / figures[0][share]).toFixed(3)}× this build's)`);
        process.stdout.write(
          `round ${round}: ${main}: ${figure(counted.total)} instructions per listing${ratio('total')}; ` +
            `JIT compiler ${figure(counted.compiler)}, GC ${figure(counted.gc)}, the rest ${figure(counted.rest)}${ratio('rest')}\n`,
        );
        const { misses: simulated } = counted;
        if (simulated) {
          const cycles = index === 0 ? '' : ` (${(simulated.cycles / figures[0].misses!.cycles).toFixed(3)}× this build's)`;
          process.stdout.write(
            `  simulated: ${figure(simulated.firstLevel)} first-level and ${figure(simulated.lastLevel)} last-level cache misses, ` +
              `${figure(simulated.mispredicted)} mispredicted branches; about ${figure(simulated.cycles)} cycles per listing${cycles}\n`,
          );
        }
      }
    }
  } finally {
    await upstream.stop();
  }
}

await main();
