// The TOTP prompt AuthProvider installs: loaded with the first sign-in that needs the second factor.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SessionSnapshot } from '../runtime/bridge/messages.ts';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import { textForCode } from './components/error-text.ts';
import { ComponentStyles } from './components/frame.tsx';

const TOTP_FORMAT_TEXT = 'Enter the six-digit code from your authenticator app.';

export interface TotpDialogProps {
  /** Shown as the dialog opens: why it asks again. */
  error?: string | null;
  /** The code entered, or null when the user cancels (the Cancel button or Escape). */
  onDone: (code: string | null) => void;
}

/** A modal asking for the six-digit code: focus goes to its input, and back where it was once it closes. */
export function TotpDialog({ error: shownFirst = null, onDone }: TotpDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState(shownFirst);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement;
    element?.showModal();
    input.current?.focus();
    return () => {
      element?.close();
      returnFocus(opener);
    };
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(digits)) return onDone(digits);
    setError(TOTP_FORMAT_TEXT);
    input.current?.focus();
  };
  return (
    <dialog ref={dialog} className="aw-page aw-card aw-dialog" aria-labelledby={`${id}-title`} onCancel={() => onDone(null)}>
      <ComponentStyles />
      <h1 id={`${id}-title`}>Two-factor authentication</h1>
      <form className="aw-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-code`}>
          Code from your authenticator app
          <input
            ref={input}
            id={`${id}-code`}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={`${id}-error`}
          />
        </label>
        <p id={`${id}-error`} className="aw-error" role="alert" aria-live="assertive">
          {error}
        </p>
        <div className="aw-actions">
          <button className="aw-button" type="submit">
            Verify
          </button>
          <button className="aw-button aw-secondary" type="button" onClick={() => onDone(null)}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Focus back to where it was; a submit button disabled while its sign-in runs gets it once enabled again. */
function returnFocus(opener: Element | null) {
  if (!(opener instanceof HTMLElement)) return;
  opener.focus();
  if (document.activeElement === opener || !(opener instanceof HTMLButtonElement || opener instanceof HTMLInputElement)) return;
  const observer = new MutationObserver(() => {
    if (opener.disabled) return;
    observer.disconnect();
    // Unless the user has moved on meanwhile.
    if (document.activeElement === document.body) opener.focus();
  });
  observer.observe(opener, { attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => observer.disconnect(), 60_000);
}

/** What one provider's prompt remembers between asks (AuthProvider keeps it with the prompt it installs). */
export interface PromptState {
  /** The session when the dialog last gave a code: unchanged at the next ask means that code signed nobody in. */
  answeredIn?: SessionSnapshot;
  asks?: number;
  cancelOpen?: () => void;
}

/**
 * Shows the dialog through `show` (AuthProvider renders what it is given) and resolves with the code. An MFA
 * attempt code is single-use, so after a wrong code the sign-in runs again and asks again: then the dialog
 * opens with the words people read for INVALID_TOTP_CODE.
 */
export function askForTotp(app: StackClientApp, show: (dialog: ReactNode) => void, state: PromptState): Promise<string | null> {
  state.cancelOpen?.();
  const session = app.session.getSnapshot();
  const retry = state.answeredIn === session;
  state.asks = (state.asks ?? 0) + 1;
  return new Promise((resolve) => {
    const done = (code: string | null) => {
      if (state.cancelOpen !== cancel) return;
      state.cancelOpen = undefined;
      state.answeredIn = code === null ? undefined : app.session.getSnapshot();
      show(null);
      resolve(code);
    };
    const cancel = () => done(null);
    state.cancelOpen = cancel;
    show(<TotpDialog key={state.asks} error={retry ? textForCode('INVALID_TOTP_CODE') : null} onDone={done} />);
  });
}
