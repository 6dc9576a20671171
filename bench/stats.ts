// Percentiles and number formatting shared by every benchmark.

/** Nearest-rank percentile (p in 0..100) of a non-empty sample. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value < 10 ? `${value.toFixed(2)} ms` : value < 100 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;
}

export function bytes(value: number): string {
  return `${value.toLocaleString('en-US')} B (${(value / 1024).toFixed(1)} KB)`;
}

/** ours / theirs, or `-` when either side has no number. */
export function ratio(ours: number | null, theirs: number | null): string {
  if (ours === null || theirs === null || !Number.isFinite(ours) || !Number.isFinite(theirs) || theirs === 0) return '-';
  return `${(ours / theirs).toFixed(2)}x`;
}
