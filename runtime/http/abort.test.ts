import { describe, expect, it } from 'vitest';
import { raceAbort } from './abort.ts';

describe('raceAbort', () => {
  it('passes the promise through without a signal', async () => {
    await expect(raceAbort(Promise.resolve(1), undefined)).resolves.toBe(1);
  });

  it('settles like the promise when the signal stays quiet', async () => {
    const signal = new AbortController().signal;
    await expect(raceAbort(Promise.resolve('v'), signal)).resolves.toBe('v');
    await expect(raceAbort(Promise.reject(new Error('e')), signal)).rejects.toThrow('e');
  });

  it('rejects with the reason when the signal aborts first', async () => {
    const controller = new AbortController();
    const never = new Promise<never>(() => undefined);
    const raced = raceAbort(never, controller.signal);
    controller.abort(new Error('aborted'));
    await expect(raced).rejects.toThrow('aborted');
  });

  it('rejects at once for an already aborted signal', async () => {
    await expect(raceAbort(Promise.resolve(1), AbortSignal.abort(new Error('early')))).rejects.toThrow('early');
  });
});
