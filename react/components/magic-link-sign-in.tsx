import { useEffect, useRef, useState } from 'react';
import { useStackApp } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useErrorText } from './error-text.ts';
import { Scope } from './frame.tsx';
import { ActionForm, TextField } from './kit.tsx';

/**
 * The official `MagicLinkSignIn`: sends a sign-in link; the 6-character code from the e-mail can then be typed
 * here, or in any other tab of this browser through "I have a code" (the worker keeps the e-mail's nonce, even
 * across its restarts).
 */
export function MagicLinkSignIn() {
  const errorText = useErrorText();
  const app = useStackApp();
  const t = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [announcement, setAnnouncement] = useState('');
  const area = useRef<HTMLDivElement>(null);
  const shown = useRef(step);

  // The form that replaces the other takes the focus, so keyboard users carry on where they type.
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    area.current?.querySelector('input')?.focus();
  }, [step]);

  const send = async () => {
    const result = await app.sendMagicLinkEmail(email);
    if (result.status === 'error') return errorText(result.error);
    setAnnouncement(t('We sent a link and a code to {email}. Open the link, or type the code:', { email }));
    setStep('code');
    return null;
  };
  const signIn = async () => {
    const typed = code.trim();
    if (typed.length !== 6 && typed.length !== 45) return { field: 'code', message: t('The code from the e-mail has 6 characters.') };
    const result = await app.signInWithMagicLink(typed);
    return result.status === 'error' ? errorText(result.error) : null;
  };
  const enterCode = () => {
    setAnnouncement(t('Type the 6-character code from the sign-in e-mail this browser asked for:'));
    setStep('code');
  };
  const backToEmail = () => {
    setAnnouncement('');
    setStep('email');
  };

  return (
    <Scope>
      <div ref={area}>
        {/* One live region for both steps: it exists before its text changes, so the change is announced. */}
        <p className="aw-note aw-status" role="status" aria-live="polite">
          {announcement}
        </p>
        <div className="aw-stack">
        {step === 'email' ? (
          <>
            <ActionForm action={send} submitLabel={t('Email me a sign-in link')} busyLabel={t('Sending…')}>
              <TextField label={t('E-mail for a sign-in link')} name="magic-email" type="email" autoComplete="email" value={email} onChange={setEmail} />
            </ActionForm>
            <p className="aw-alt">
              <button className="aw-link" type="button" onClick={enterCode}>
                {t('I have a code')}
              </button>
            </p>
          </>
        ) : (
          <>
            <ActionForm action={signIn} submitLabel={t('Sign in with code')} busyLabel={t('Signing in…')}>
              <TextField label={t('Code from the e-mail')} name="code" autoComplete="one-time-code" value={code} onChange={(v) => setCode(v.toUpperCase())} />
            </ActionForm>
            <p className="aw-alt">
              <button className="aw-link" type="button" onClick={backToEmail}>
                {t('Send a new e-mail instead')}
              </button>
            </p>
          </>
        )}
        </div>
      </div>
    </Scope>
  );
}
