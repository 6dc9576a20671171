// The TOTP prompt AuthProvider installs: loaded with the first sign-in that needs the second factor.
import { Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SessionSnapshot } from '../runtime/bridge/messages.ts';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import { textForCode } from './components/error-text.ts';
import { ComponentStyles } from './components/frame.tsx';
import { useTranslation } from './i18n/use-translation.ts';

export interface TotpDialogProps {
  /** Why it asks again: the last code signed nobody in (the dialog opens with the words for INVALID_TOTP_CODE). */
  wrongCode?: boolean;
  /** The code entered, or null when the user cancels (the Cancel button or Escape). */
  onDone: (code: string | null) => void;
}

/**
 * A modal asking for the six-digit code: focus goes to its input, and back where it was once it closes. It opens
 * once its words are there (the provider renders it outside the app's Suspense boundaries).
 */
export function TotpDialog(props: TotpDialogProps) {
  return (
    <Suspense>
      <TotpDialogView {...props} />
    </Suspense>
  );
}

function TotpDialogView({ wrongCode = false, onDone }: TotpDialogProps) {
  const t = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState(() => (wrongCode ? textForCode('INVALID_TOTP_CODE', undefined, t) : null));
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
    setError(t('Enter the six-digit code from your authenticator app.'));
    input.current?.focus();
  };
  return (
    <dialog ref={dialog} className="aw-page aw-card aw-dialog" aria-labelledby={`${id}-title`} onCancel={() => onDone(null)}>
      <ComponentStyles />
      <h1 id={`${id}-title`}>{t('Two-factor authentication')}</h1>
      <form className="aw-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-code`}>
          {t('Code from your authenticator app')}
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
            {t('Verify')}
          </button>
          <button className="aw-button aw-secondary" type="button" onClick={() => onDone(null)}>
            {t('Cancel')}
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
 * opens with the words people read for INVALID_TOTP_CODE (`wrongCode`).
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
    show(<TotpDialog key={state.asks} wrongCode={retry} onDone={done} />);
  });
}
