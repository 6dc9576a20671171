// @vitest-environment happy-dom
// usePasskeyAutofill, the hook an app's own sign-in form uses: it marks the e-mail input for the browser's passkey
// list while a conditional request waits, and ends that request when it is no longer wanted.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../runtime/bridge/messages.ts';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import type { KnownError } from '../runtime/protocol/errors/base.ts';
import type { Result } from '../runtime/protocol/result.ts';
import { usePasskeyAutofill } from './hooks.ts';
import { AuthProvider } from './provider.tsx';

type Answer = Result<undefined, KnownError> | null;

/** An app whose session can be switched and whose autofill request is answered by the test. */
function fakeApp() {
  let session: SessionSnapshot = { status: 'signed-out', userId: null, network: 'online', seq: 0 };
  const listeners = new Set<() => void>();
  const requests: { signal: AbortSignal; answer: (value: Answer) => void }[] = [];
  const signInWithPasskeyAutofill = vi.fn(
    ({ signal }: { signal: AbortSignal }) => new Promise<Answer>((answer) => requests.push({ signal, answer })),
  );
  const store = { subscribe: () => () => undefined, getSnapshot: () => ({ status: 'signed-out', user: null, error: null }) };
  const app = {
    session: {
      subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
      getSnapshot: () => session,
    },
    userCache: { ...store, whenReady: () => Promise.resolve() },
    signInWithPasskeyAutofill,
  } as unknown as StackClientApp;
  const signIn = () => {
    session = { status: 'signed-in', userId: 'u1', network: 'online', seq: 1 };
    for (const listener of listeners) listener();
  };
  return { app, requests, signInWithPasskeyAutofill, signIn };
}

let root: Root | null = null;
let container = document.createElement('div');
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

function render(app: StackClientApp, enabled?: boolean) {
  function Form() {
    const { autoComplete, error } = usePasskeyAutofill(enabled === undefined ? undefined : { enabled });
    return createElement('form', null, createElement('input', { name: 'email', autoComplete }), error && createElement('p', null, error.message));
  }
  if (!root) {
    container = document.createElement('div');
    root = createRoot(container);
  }
  act(() => root?.render(createElement(AuthProvider, { app, totpPrompt: false }, createElement(Form))));
  return { autoComplete: () => container.querySelector('input')?.getAttribute('autocomplete'), text: () => container.querySelector('p')?.textContent ?? null };
}

describe('usePasskeyAutofill', () => {
  it('marks the input and waits on one conditional request while nobody is signed in; unmounting aborts it', () => {
    const { app, requests } = fakeApp();
    const form = render(app);
    expect(form.autoComplete()).toBe('username webauthn');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal.aborted).toBe(false);
    act(() => root?.unmount());
    root = null;
    expect(requests[0]?.signal.aborted).toBe(true);
  });

  it('is a plain e-mail input with no request when not enabled, and ends the request when enabled turns false', () => {
    const { app, requests, signInWithPasskeyAutofill } = fakeApp();
    const off = render(app, false);
    expect(off.autoComplete()).toBe('email');
    expect(signInWithPasskeyAutofill).not.toHaveBeenCalled();
    render(app, true);
    expect(requests).toHaveLength(1);
    const again = render(app, false);
    expect(again.autoComplete()).toBe('email');
    expect(requests[0]?.signal.aborted).toBe(true);
  });

  it('ends the request when the session signs in by another method or in another tab', () => {
    const { app, requests, signIn } = fakeApp();
    const form = render(app);
    act(signIn);
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(form.autoComplete()).toBe('email');
  });

  it('gives the failed sign-in as its error; a request that was aborted or found no autofill gives none', async () => {
    const { app, requests } = fakeApp();
    const form = render(app);
    await act(async () => requests[0]?.answer(null));
    expect(form.text()).toBeNull();
    act(() => root?.unmount());
    root = null;
    const second = fakeApp();
    const failing = render(second.app);
    const failure = Object.assign(new Error('The passkey was not accepted.'), { errorCode: 'PASSKEY_AUTHENTICATION_FAILED' }) as unknown as KnownError;
    await act(async () => second.requests[0]?.answer({ status: 'error', error: failure }));
    expect(failing.text()).toBe('The passkey was not accepted.');
  });
});
