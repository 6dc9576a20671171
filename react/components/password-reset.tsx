import { useState } from 'react';
import { passwordConfirmationError } from '../../runtime/flows/password-rules.ts';
import { useStackApp } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useErrorText } from './error-text.ts';
import { Card } from './frame.tsx';
import { ActionForm, codeFromUrl, TextField, useOnce } from './kit.tsx';

type State = { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'form' } | { kind: 'done' };

/** The official `PasswordReset`'s props. */
export interface PasswordResetProps {
  /** The link's query (`code`); the page's own URL when left out. */
  searchParams?: Record<string, string>;
  fullPage?: boolean;
}

/** The official `PasswordReset`: checks the e-mailed link's code, then sets the new password typed twice. */
export function PasswordReset({ searchParams, fullPage }: PasswordResetProps) {
  const errorText = useErrorText();
  const app = useStackApp();
  const t = useTranslation();
  const [code] = useState(() => codeFromUrl(searchParams));
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  useOnce(() => {
    if (!code) return setState({ kind: 'invalid', message: t('This reset link has no code. Ask for a new one.') });
    void app.verifyPasswordResetCode(code).then(
      (result) => setState(result.status === 'ok' ? { kind: 'form' } : { kind: 'invalid', message: errorText(result.error) }),
      (caught: unknown) => setState({ kind: 'invalid', message: errorText(caught) }),
    );
  });

  const reset = async () => {
    const mismatch = passwordConfirmationError(password, confirmation);
    if (mismatch) return { field: 'confirmation', message: errorText(mismatch) };
    const result = await app.resetPassword({ code: code ?? '', password });
    if (result.status === 'error') return errorText(result.error);
    setState({ kind: 'done' });
    return null;
  };
  return (
    <Card title={t('Choose a new password')} fullPage={fullPage} centered>
      {state.kind === 'checking' && <p aria-busy="true">{t('Checking your link…')}</p>}
      {state.kind === 'invalid' && (
        <p className="aw-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'form' && (
        <ActionForm action={reset} submitLabel={t('Set new password')} busyLabel={t('Saving…')}>
          <TextField label={t('New password')} name="password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
          <TextField label={t('Repeat the new password')} name="confirmation" type="password" autoComplete="new-password" value={confirmation} onChange={setConfirmation} />
        </ActionForm>
      )}
      {state.kind === 'done' && <p role="status">{t('Your password was changed. Every other session was signed out.')}</p>}
      <p className="aw-alt">
        <a href={app.urls.signIn}>{t('Sign in')}</a>
      </p>
    </Card>
  );
}
