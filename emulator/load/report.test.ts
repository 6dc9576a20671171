import { describe, expect, it } from 'vitest';
import { cpuPerRequest, formatReport, LoadRecorder, percentile } from './report.ts';

describe('percentile', () => {
  it('is the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('cpuPerRequest', () => {
  it("divides the phase's CPU time by its requests, and one core's second by that", () => {
    expect(cpuPerRequest({ elapsedMs: 1000, cpuMicros: 500_000 }, 250)).toEqual({ cpuMs: 2, perCoreCeiling: 500 });
    expect(cpuPerRequest({ elapsedMs: 1000, cpuMicros: null }, 250)).toBeNull();
    expect(cpuPerRequest(undefined, 250)).toBeNull();
    expect(cpuPerRequest({ elapsedMs: 1000, cpuMicros: 5 }, 0)).toBeNull();
  });
});

describe('formatReport', () => {
  it('lists every operation per phase, its CPU cost and each distinct error', () => {
    const recorder = new LoadRecorder();
    recorder.record('sign-up', 10, null);
    recorder.record('sign-up', 30, '409 USER_EMAIL_ALREADY_EXISTS');
    recorder.phaseDone('sign-up', 2000, 200_000);
    recorder.record('refresh', 2, null);
    recorder.phaseDone('refresh', 2000, null);
    const report = formatReport(recorder, { concurrency: 4, storage: 'PGlite in a scratch folder', load: 'load average 1.0' });
    expect(report).toContain('4 concurrent clients, phases of 2.0 s over localhost (PGlite in a scratch folder); load average 1.0');
    expect(report).toMatch(/sign-up\s+2\s+1\.0\s+10\.0 ms\s+30\.0 ms\s+30\.0 ms\s+1\s+100\.00 ms\s+10\/s\n/);
    expect(report).toMatch(/sign-in\s+0\s+-\s+-\s+-\s+-\s+0\s+-\s+-\n/);
    expect(report).toMatch(/refresh\s+1\s+0\.5\s+2\.0 ms\s+2\.0 ms\s+2\.0 ms\s+0\s+-\s+-/);
    expect(report).toContain('sign-up error x1: 409 USER_EMAIL_ALREADY_EXISTS');
    expect(recorder.errorCount()).toBe(1);
    expect(recorder.elapsedMs()).toBe(4000);
  });
});
