// Known errors with a code the page's catalogue does not know (a newer service): they cross the worker bridge
// as KnownErrors with code, status and details, and result-returning methods return them (issue 22, item 3).
import { describe, expect, it } from 'vitest';
import { toBridgeError } from '../../host/api.ts';
import { KnownError, UnknownKnownError } from '../../protocol/errors/base.ts';
import { rebuildBridgeError } from './bridge-errors.ts';
import { StackClientApp } from '../app/client-app.ts';

const NEW_CODE = 'SIGN_IN_TEMPORARILY_BLOCKED';

describe('an unknown code over the bridge', () => {
  it('is rebuilt as a KnownError with its code, status, message and details', async () => {
    const sent = toBridgeError(new KnownError(NEW_CODE, 403, 'Too many attempts from this network.', { retry_after: 30 }));
    const error = await rebuildBridgeError(structuredClone(sent));
    expect(error).toBeInstanceOf(KnownError);
    expect(error).toBeInstanceOf(UnknownKnownError);
    expect(error).toMatchObject({ code: NEW_CODE, status: 403, details: { retry_after: 30 }, serverMessage: 'Too many attempts from this network.' });
    expect(error.message).toContain(`${NEW_CODE}: Too many attempts from this network.`);
  });

  it('makes a sign-in method return { status: "error" } instead of throwing', async () => {
    const app = new StackClientApp({
      projectId: 'p',
      publishableClientKey: 'k',
      tokenStore: 'memory',
      noAutomaticPrefetch: true,
      redirectMethod: 'none',
      // The API answers with a known-error envelope whose code this client has never heard of.
      fetch: async () =>
        new Response(JSON.stringify({ code: NEW_CODE, error: 'Too many attempts from this network.', details: { retry_after: 30 } }), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-stack-known-error': NEW_CODE, 'x-stack-actual-status': '403' },
        }),
    });
    const result = await app.signInWithCredential({ email: 'a@example.com', password: 'whatever-long' });
    if (result.status !== 'error') throw new Error('expected an error result');
    expect(result.error).toBeInstanceOf(UnknownKnownError);
    expect(result.error).toMatchObject({ code: NEW_CODE, status: 403, details: { retry_after: 30 } });
  });
});
