// The result rows every benchmark returns, and the Markdown table they become.
import { ratio } from './stats.ts';

export interface ResultRow {
  /** Issue-8 item number and name, e.g. `2. Cold start`. */
  benchmark: string;
  metric: string;
  /** The latency profile of a browser row (bench/latency-proxy.ts); absent where no browser is involved. */
  network?: string;
  ours: string;
  theirs: string;
  /** Raw numbers for the ours/theirs column; omitted when not comparable. */
  oursValue?: number | null;
  theirsValue?: number | null;
  note?: string;
}

/** A row whose value could not be measured for one side, with the reason. */
export function notApplicable(reason: string): string {
  return `n/a (${reason})`;
}

/** The rows a scenario could not measure (it threw or overran), named with their network; null when there are none. */
export function failureSummary(rows: readonly ResultRow[]): string | null {
  const failed = rows.filter((row) => row.metric === 'failed');
  if (failed.length === 0) return null;
  return `${failed.length} row(s) failed: ${failed.map((row) => `${row.benchmark}${row.network ? ` @ ${row.network}` : ''} (${row.ours})`).join('; ')}`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

export function markdownTable(rows: readonly ResultRow[]): string {
  const lines = ['| benchmark | metric | network | ours (authworker) | theirs (@stackframe/js) | ours/theirs | notes |', '|---|---|---|---:|---:|---:|---|'];
  for (const row of rows) {
    const r = ratio(row.oursValue ?? null, row.theirsValue ?? null);
    lines.push(`| ${[row.benchmark, row.metric, row.network ?? '-', row.ours, row.theirs, r, row.note ?? ''].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}
