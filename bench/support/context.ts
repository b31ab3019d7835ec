import { fileURLToPath } from 'node:url';
import type { Simulator } from '../../simulator/server.js';
import type { BenchOptions } from './options.js';
import type { GatewayProcess } from './gateway-process.js';

export interface BenchContext {
  simulator: Simulator;
  options: BenchOptions;
  /** Gateway with every cache TTL at 0: each operation pays its full upstream cost. */
  cold: GatewayProcess;
  /** Gateway with the default configuration (caches on). */
  warm: GatewayProcess;
  /** Node flags for a gateway process: --cpu-prof into bench/profiles when BENCH_CPU_PROF=1. */
  gatewayExecArgv(name: string): string[];
}

const PROFILE_DIR = fileURLToPath(new URL('../../../bench/profiles', import.meta.url));

export function profileArgs(options: BenchOptions, name: string): string[] {
  return options.cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
}

/** Lets calls the gateway may still make after answering reach the simulator before counting. */
export function settle(context: BenchContext): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, context.options.latencyMs + 50));
}
