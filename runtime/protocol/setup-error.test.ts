import { describe, expect, it } from 'vitest';
import { StackSetupError, requireSetting } from './setup-error.ts';

describe('requireSetting', () => {
  it('returns a provided value', () => {
    expect(requireSetting('abc', 'projectId', 'NEXT_PUBLIC_STACK_PROJECT_ID', 'StackServerApp')).toBe('abc');
  });

  it.each([undefined, ''])('throws a setup error naming the option for %j', (value) => {
    const call = () => requireSetting(value, 'secretServerKey', 'STACK_SECRET_SERVER_KEY', 'StackServerApp');
    expect(call).toThrow(StackSetupError);
    expect(call).toThrow(/StackServerApp needs the secretServerKey option \(or the STACK_SECRET_SERVER_KEY environment variable\)/);
  });

  it('leaves the environment out for an app that reads none', () => {
    expect(() => requireSetting(undefined, 'projectId', null, 'StackClientApp')).toThrow('authworker: StackClientApp needs the projectId option; it was not provided.');
  });
});
