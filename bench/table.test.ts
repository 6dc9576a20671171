// A failed row is what makes `npm run bench` exit non-zero (issue 41.2): the summary names each one, with its network.
import { expect, it } from 'vitest';
import { failureSummary, markdownTable, notApplicable, type ResultRow } from './table.ts';

const measured: ResultRow = { benchmark: '2. Cold start', metric: 'median', network: '40 ms RTT', ours: '80 ms', theirs: '300 ms', oursValue: 80, theirsValue: 300 };
const failed: ResultRow = { benchmark: '3. Refresh storm', metric: 'failed', network: '150 ms RTT', ours: notApplicable('Failed to fetch'), theirs: notApplicable('Failed to fetch') };

it('no failed row: no summary, so the run exits 0', () => {
  expect(failureSummary([measured, { ...measured, ours: notApplicable('no worker'), oursValue: null }])).toBeNull();
});

it('a failed row is named with its network and reason', () => {
  expect(failureSummary([measured, failed])).toBe('1 row(s) failed: 3. Refresh storm @ 150 ms RTT (n/a (Failed to fetch))');
});

it('the table shows the ratio of measured rows and a dash for failed ones', () => {
  const table = markdownTable([measured, failed]).split('\n');
  expect(table[2]).toContain('| 0.27x |');
  expect(table[3]).toContain('| failed | 150 ms RTT | n/a (Failed to fetch) | n/a (Failed to fetch) | - |');
});
