// Small pieces the admin page's sections share: loading a value, running an action, showing its error.
import { useCallback, useEffect, useState, type CSSProperties } from 'react';

/** What to show for a failed call: known errors carry the catalogue's message. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** While a reload runs, `previous` is the value shown before (so a list can stay on screen). */
export type Loaded<T> = { status: 'loading'; previous: T | undefined } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

const shownValue = <T,>(state: Loaded<T>): T | undefined => (state.status === 'ready' ? state.value : state.status === 'loading' ? state.previous : undefined);

/**
 * Runs `load` (keep it stable with useCallback) on mount, whenever it changes, and on `reload()`. An
 * answer that arrives after a newer load started, or after unmount, is dropped. `replace` swaps in a
 * value an action returned.
 */
export function useLoaded<T>(load: () => Promise<T>): { state: Loaded<T>; reload: () => void; replace: (value: T) => void } {
  // The loader each state belongs to: a new loader reads as loading in the very render it arrives.
  const [held, setHeld] = useState<{ state: Loaded<T>; source: () => Promise<T> }>({ state: { status: 'loading', previous: undefined }, source: load });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setHeld((shown) => ({ state: { status: 'loading', previous: shownValue(shown.state) }, source: load }));
    load().then(
      (value) => current && setHeld({ state: { status: 'ready', value }, source: load }),
      (error: unknown) => current && setHeld({ state: { status: 'failed', message: messageOf(error) }, source: load }),
    );
    return () => {
      current = false;
    };
  }, [load, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const replace = useCallback((value: T) => setHeld((shown) => ({ state: { status: 'ready', value }, source: shown.source })), []);
  const state: Loaded<T> = held.source === load ? held.state : { status: 'loading', previous: shownValue(held.state) };
  return { state, reload, replace };
}

/** One action at a time per hook: `busy` while it runs, its error message afterwards. */
export function useAction(): { busy: boolean; error: string | null; run: (action: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}

export function ErrorText({ message }: { message: string | null }) {
  return message === null ? null : <p role="alert">{message}</p>;
}

export function LoadingText({ children }: { children: string }) {
  return <p aria-busy="true">{children}</p>;
}

/** Tables of the admin page: left-aligned, with some air between the columns. */
export const TABLE_STYLE: CSSProperties = { textAlign: 'left', borderSpacing: '1rem 0.25rem', marginLeft: '-1rem' };
