import { describe, expect, it } from 'vitest';
import { err, ok } from './result.ts';

describe('Result', () => {
  it('has the SDK shape', () => {
    expect(ok(1)).toEqual({ status: 'ok', data: 1 });
    expect(err({ errorMessage: 'x' })).toEqual({ status: 'error', error: { errorMessage: 'x' } });
  });
});
