import { describe, expect, it } from 'vitest';
import { formatReport, LoadRecorder, percentile } from './report.ts';

describe('percentile', () => {
  it('is the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('formatReport', () => {
  it('lists every operation, the total and each distinct error', () => {
    const recorder = new LoadRecorder();
    recorder.record('sign-up', 10, null);
    recorder.record('sign-up', 30, '409 USER_EMAIL_ALREADY_EXISTS');
    recorder.record('refresh', 2, null);
    const report = formatReport(recorder, { elapsedMs: 2000, concurrency: 4, storage: 'PGlite in memory' });
    expect(report).toContain('4 concurrent clients for 2.0 s');
    expect(report).toMatch(/sign-up\s+2\s+1\.0\s+10\.0 ms\s+30\.0 ms\s+30\.0 ms\s+1\n/);
    expect(report).toMatch(/sign-in\s+0\s+0\.0\s+-\s+-\s+-\s+0\n/);
    expect(report).toMatch(/total\s+3\s+1\.5/);
    expect(report).toContain('sign-up error x1: 409 USER_EMAIL_ALREADY_EXISTS');
    expect(recorder.errorCount()).toBe(1);
  });
});
