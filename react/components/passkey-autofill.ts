// Passkey autofill behind a sign-in e-mail field: while the field is shown (and nobody is signed in), a conditional
// WebAuthn request waits for the user to pick a passkey from the browser's list (app.signInWithPasskeyAutofill).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession, useStackApp } from '../hooks.ts';
import { errorText } from './error-text.ts';

export interface PasskeyAutofill {
  /** The e-mail field's `autocomplete`: `username webauthn` while autofill is on, so the browser lists passkeys there. */
  autoComplete: string;
  /** A failed autofill sign-in, in words for people. */
  error: string | null;
  /** Ends the waiting request: another method (a password, the passkey button) starts. */
  abort: () => void;
}

/** Autofill while `enabled`; ends when another method starts, the component goes, or the session is signed in (in any tab). */
export function usePasskeyAutofill(enabled: boolean): PasskeyAutofill {
  const app = useStackApp();
  const signedIn = useSession().status === 'signed-in';
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const on = enabled && !signedIn;
  useEffect(() => {
    if (!on) return;
    const current = new AbortController();
    controller.current = current;
    app.signInWithPasskeyAutofill({ signal: current.signal }).then(
      (result) => result?.status === 'error' && !current.signal.aborted && setError(errorText(result.error)),
      (caught: unknown) => !current.signal.aborted && setError(errorText(caught)),
    );
    return () => current.abort();
  }, [app, on]);
  const abort = useCallback(() => controller.current?.abort(), []);
  return { autoComplete: on ? 'username webauthn' : 'email', error, abort };
}
