// The form kit of the components: labelled fields, forms with busy and error states, actions, account reads.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { OfflineError } from '../../runtime/http/errors.ts';
import { useStackApp } from '../hooks.ts';
import { errorText } from './error-text.ts';

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
 * Runs an async action: a write while offline is refused at once with the reason, thrown errors and returned
 * messages become the error text. Resolve with a string to show it as the error. `local` actions (a
 * navigation) run offline too.
 */
export function useAction(action: () => Promise<string | null | void>, local = false): { run: () => Promise<void>; busy: boolean; error: string | null } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async () => {
    setError(null);
    if (!local && typeof navigator !== 'undefined' && navigator.onLine === false) {
      setError(errorText(new OfflineError()));
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
  }, [action, local]);
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

/** The `code` query parameter of an e-mail link, or the one the app passes in `searchParams`. */
export function codeFromUrl(searchParams?: Record<string, string>): string | null {
  if (searchParams) return searchParams.code ?? null;
  return typeof location === 'undefined' ? null : new URL(location.href).searchParams.get('code');
}

/**
 * Runs `effect` once per mounted component, even where StrictMode runs effects twice: for the single-use codes
 * of e-mail and callback links.
 */
export function useOnce(effect: () => void): void {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    effect();
  });
}
