// load/ (a tool outside the order: it uses only index.ts): the load benchmark of `npm run bench:emulator`.
// Per-operation latency samples and errors of a load run, and their text report.

export type Operation = 'sign-up' | 'sign-in' | 'refresh';
export const OPERATIONS: readonly Operation[] = ['sign-up', 'sign-in', 'refresh'];

export class LoadRecorder {
  readonly latencies = new Map<Operation, number[]>(OPERATIONS.map((op) => [op, []]));
  readonly errors = new Map<Operation, Map<string, number>>(OPERATIONS.map((op) => [op, new Map()]));

  record(op: Operation, millis: number, error: string | null): void {
    this.latencies.get(op)?.push(millis);
    if (error !== null) {
      const counts = this.errors.get(op);
      counts?.set(error, (counts.get(error) ?? 0) + 1);
    }
  }

  errorCount(): number {
    let total = 0;
    for (const counts of this.errors.values()) for (const n of counts.values()) total += n;
    return total;
  }
}

/** Nearest-rank percentile (p in 0..100); NaN for no samples. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

const fmt = (millis: number) => (Number.isFinite(millis) ? `${millis.toFixed(1)} ms` : '-');

export function formatReport(recorder: LoadRecorder, o: { elapsedMs: number; concurrency: number; storage: string }): string {
  const seconds = o.elapsedMs / 1000;
  const header = ['operation', 'requests', 'per second', 'p50', 'p99', 'max', 'errors'];
  const rows = OPERATIONS.map((op) => {
    const samples = recorder.latencies.get(op) ?? [];
    const errors = [...(recorder.errors.get(op)?.values() ?? [])].reduce((a, b) => a + b, 0);
    return [op, String(samples.length), (samples.length / seconds).toFixed(1), fmt(percentile(samples, 50)), fmt(percentile(samples, 99)), fmt(percentile(samples, 100)), String(errors)];
  });
  const all = OPERATIONS.flatMap((op) => recorder.latencies.get(op) ?? []);
  rows.push(['total', String(all.length), (all.length / seconds).toFixed(1), fmt(percentile(all, 50)), fmt(percentile(all, 99)), fmt(percentile(all, 100)), String(recorder.errorCount())]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const lines = [
    `emulator load: ${o.concurrency} concurrent clients for ${seconds.toFixed(1)} s over localhost (${o.storage})`,
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ];
  for (const op of OPERATIONS) {
    for (const [message, count] of recorder.errors.get(op) ?? []) lines.push(`  ${op} error x${count}: ${message}`);
  }
  return lines.join('\n');
}
