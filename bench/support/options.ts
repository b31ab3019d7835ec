import { z } from 'zod';

const schema = z.object({
  BENCH_LATENCY_MS: z.coerce.number().int().min(0).default(20),
  BENCH_ITERATIONS: z.coerce.number().int().min(5).default(100),
  BENCH_DURATION_S: z.coerce.number().int().min(1).default(5),
  BENCH_STREAM_MB: z.coerce.number().int().min(1).default(100),
  BENCH_CPU_PROF: z.enum(['0', '1']).default('0'),
  BENCH_ONLY: z.string().optional(),
  BENCH_PATTERNS: z.string().optional(),
});

export interface BenchOptions {
  /** Per-request latency the simulator adds (the upstream's own latency). */
  latencyMs: number;
  /** Sequential samples per operation for latency percentiles. */
  iterations: number;
  /** Seconds of each autocannon run. */
  durationSeconds: number;
  streamBytes: number;
  /** Start the gateways with --cpu-prof (profiles in bench/profiles). */
  cpuProfile: boolean;
  /** Scenario numbers to run (all when empty). */
  only: Set<number>;
  /** Scenario 12's hostile patterns to run, numbered from 1 as its table lists them (all when empty). */
  patterns: Set<number>;
}

const numbers = (list: string | undefined) => new Set((list ?? '').split(',').filter(Boolean).map(Number));

export function benchOptions(env: Record<string, string | undefined> = process.env): BenchOptions {
  const values = schema.parse(Object.fromEntries(Object.entries(env).filter(([key, value]) => key.startsWith('BENCH_') && value)));
  return {
    latencyMs: values.BENCH_LATENCY_MS,
    iterations: values.BENCH_ITERATIONS,
    durationSeconds: values.BENCH_DURATION_S,
    streamBytes: values.BENCH_STREAM_MB * 1_000_000,
    cpuProfile: values.BENCH_CPU_PROF === '1',
    only: numbers(values.BENCH_ONLY),
    patterns: numbers(values.BENCH_PATTERNS),
  };
}
