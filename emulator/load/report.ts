// load/ (a tool outside the order: it uses only index.ts): the load benchmark of `npm run bench:emulator`.
// Per-operation latency samples, errors, phase time and the emulator's CPU time, and their text report.

export type Operation = 'sign-up' | 'sign-in' | 'refresh' | 'user-read';
export const OPERATIONS: readonly Operation[] = ['sign-up', 'sign-in', 'refresh', 'user-read'];

export interface PhaseTotals {
  elapsedMs: number;
  /** The emulator process's CPU time (user + system) over the phase, when it was measured. */
  cpuMicros: number | null;
}

export class LoadRecorder {
  readonly latencies = new Map<Operation, number[]>(OPERATIONS.map((op) => [op, []]));
  readonly errors = new Map<Operation, Map<string, number>>(OPERATIONS.map((op) => [op, new Map()]));
  readonly phases = new Map<Operation, PhaseTotals>();

  record(op: Operation, millis: number, error: string | null): void {
    this.latencies.get(op)?.push(millis);
    if (error !== null) {
      const counts = this.errors.get(op);
      counts?.set(error, (counts.get(error) ?? 0) + 1);
    }
  }

  phaseDone(op: Operation, elapsedMs: number, cpuMicros: number | null): void {
    this.phases.set(op, { elapsedMs, cpuMicros });
  }

  elapsedMs(): number {
    let total = 0;
    for (const phase of this.phases.values()) total += phase.elapsedMs;
    return total;
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

/** CPU milliseconds of the emulator per request of a phase, and the requests per second one core could serve at that cost. */
export function cpuPerRequest(phase: PhaseTotals | undefined, requests: number): { cpuMs: number; perCoreCeiling: number } | null {
  if (!phase || phase.cpuMicros === null || requests === 0) return null;
  const cpuMs = phase.cpuMicros / 1000 / requests;
  return { cpuMs, perCoreCeiling: 1000 / cpuMs };
}

export function formatReport(recorder: LoadRecorder, o: { concurrency: number; storage: string; load?: string }): string {
  const header = ['operation', 'requests', 'per second', 'p50', 'p99', 'max', 'errors', 'CPU per request', 'per-core ceiling'];
  const rows = OPERATIONS.map((op) => {
    const samples = recorder.latencies.get(op) ?? [];
    const phase = recorder.phases.get(op);
    const seconds = (phase?.elapsedMs ?? Number.NaN) / 1000;
    const errors = [...(recorder.errors.get(op)?.values() ?? [])].reduce((a, b) => a + b, 0);
    const cpu = cpuPerRequest(phase, samples.length);
    const perSecond = phase ? (samples.length / seconds).toFixed(1) : '-';
    return [op, String(samples.length), perSecond, fmt(percentile(samples, 50)), fmt(percentile(samples, 99)), fmt(percentile(samples, 100)), String(errors), cpu ? `${cpu.cpuMs.toFixed(2)} ms` : '-', cpu ? `${cpu.perCoreCeiling.toFixed(0)}/s` : '-'];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const lines = [
    `emulator load: ${o.concurrency} concurrent clients, phases of ${((recorder.phases.get('sign-up')?.elapsedMs ?? 0) / 1000).toFixed(1)} s over localhost (${o.storage})${o.load ? `; ${o.load}` : ''}`,
    'CPU per request: the emulator process\'s CPU time over the phase / its requests; per-core ceiling: 1000 ms / that.',
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
