// A missing project id or publishable key is a setup error, the same typed one the server and
// admin apps throw.
import { describe, expect, it } from 'vitest';
import { StackClientApp, StackSetupError } from '../index.ts';

const valid = { projectId: 'p', publishableClientKey: 'k', tokenStore: 'memory', noAutomaticPrefetch: true } as const;

describe('StackClientApp setup errors', () => {
  it.each([
    ['projectId', { ...valid, projectId: '' }],
    ['projectId', { ...valid, projectId: undefined as unknown as string }],
    ['publishableClientKey', { ...valid, publishableClientKey: '' }],
  ])('a missing %s throws StackSetupError naming it', (option, options) => {
    const build = () => new StackClientApp({ ...options, uniqueIdentifier: crypto.randomUUID() });
    expect(build).toThrow(StackSetupError);
    expect(build).toThrow(`authworker: StackClientApp needs the ${option} option; it was not provided.`);
  });
});
