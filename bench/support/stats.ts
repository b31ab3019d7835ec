/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The median (nearest-rank 50th percentile) of unsorted samples. */
export const median = (samples: readonly number[]): number => percentile(samples, 50);

export function ms(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
}

/** Decimal megabytes (10^6 bytes), the unit of the stream size and of the RSS target. */
export function mb(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function rate(value: number): string {
  return `${Math.round(value).toLocaleString('en-US')}/s`;
}

export function verdict(met: boolean): string {
  return met ? 'met' : 'MISSED';
}
