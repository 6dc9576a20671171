import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorText, OFFLINE_TEXT } from '../error-text.ts';
import { useSession, useStackApp } from '../hooks.ts';

/** The frame of every handler page: title, offline banner, content. */
export function HandlerPage({ title, children }: { title: string; children: ReactNode }) {
  const session = useSession();
  return (
    <div className="aw-page">
      <h1>{title}</h1>
      {session.network === 'offline' && (
        <p className="aw-banner" role="status">
          You are offline. This needs a connection.
        </p>
      )}
      {children}
    </div>
  );
}

export function TextField(props: {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <label htmlFor={id}>
      {props.label}
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        required={props.required ?? true}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

/** A form whose submit runs `action`, with a busy state, an announced error and kept input. */
export function ActionForm(props: { action: () => Promise<string | null | void>; submitLabel: string; busyLabel: string; children?: ReactNode }) {
  const { run, busy, error } = useAction(props.action);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
  return (
    <form className="aw-form" onSubmit={submit} aria-busy={busy} noValidate>
      {props.children}
      <p className="aw-error" role="alert" aria-live="assertive">
        {error}
      </p>
      <button className="aw-button" type="submit" disabled={busy}>
        {busy ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}

/**
 * Runs an async action: offline is reported at once, thrown errors and returned messages become the
 * error text. Resolve with a string to show it as the error.
 */
export function useAction(action: () => Promise<string | null | void>): { run: () => Promise<void>; busy: boolean; error: string | null } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async () => {
    setError(null);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setError(OFFLINE_TEXT);
      return;
    }
    setBusy(true);
    try {
      const message = await action();
      if (typeof message === 'string') setError(message);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }, [action]);
  return { run, busy, error };
}

/**
 * A read shown by an account page: fetched on mount, and again whenever a mutation names `key`
 * (runtime/client/read-keys.ts), so a page never refetches what did not change. The last value stays
 * shown while a refetch runs; a failure is shown as the error.
 */
export function useAccountRead<T>(key: string, load: () => Promise<T>): { value: T | null; error: string | null } {
  const app = useStackApp();
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    let live = true;
    // The SDK's cache rules (async-cache.ts): one fetch at a time, 300 ms apart, a burst of changes batched.
    const fetches = app.userCache.cacheFor(() => latest.current());
    const fetch = () =>
      fetches.refresh('').then(
        (next) => {
          if (!live) return;
          setValue(next);
          setError(null);
        },
        (caught: unknown) => live && setError(errorText(caught)),
      );
    void fetch();
    const reader = (keys: readonly string[]) => (keys.includes(key) ? fetch() : Promise.resolve());
    app.userCache.readers.add(reader);
    return () => {
      live = false;
      app.userCache.readers.delete(reader);
    };
  }, [app, key]);
  return { value, error };
}

/** The `code` query parameter of an e-mail link. */
export function codeFromUrl(): string | null {
  return typeof location === 'undefined' ? null : new URL(location.href).searchParams.get('code');
}

// One run per callback URL: StrictMode runs effects twice, and the codes in these URLs are single-use.
const callbackRuns = new Map<string, Promise<string | null>>();

/**
 * A page that completes a sign-in from its URL: runs `complete` once, then shows its error (a
 * message, or a thrown error) with a way back to sign-in. `complete` resolves null on success.
 */
export function CompletingSignInPage({ complete }: { complete: () => Promise<string | null> }) {
  const app = useStackApp();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const href = typeof location === 'undefined' ? '' : location.href;
    let run = callbackRuns.get(href);
    if (!run) {
      run = complete();
      callbackRuns.set(href, run);
    }
    run.then(setError, (caught: unknown) => setError(errorText(caught)));
  }, [complete]);
  return (
    <HandlerPage title="Signing you in…">
      <p className="aw-error" role="alert" aria-busy={!error}>
        {error}
      </p>
      {error && (
        <p className="aw-alt">
          <a href={app.urls.signIn}>Back to sign in</a>
        </p>
      )}
    </HandlerPage>
  );
}
