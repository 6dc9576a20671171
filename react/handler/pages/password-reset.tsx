import { useEffect, useState } from 'react';
import { passwordConfirmationError } from '../../../runtime/flows/password-rules.ts';
import { useStackApp } from '../../hooks.ts';
import { ActionForm, codeFromUrl, HandlerPage, TextField } from '../kit.tsx';
import { errorText } from '../../error-text.ts';

type State = { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'form' } | { kind: 'done' };

export default function PasswordResetPage() {
  const app = useStackApp();
  const [code] = useState(codeFromUrl);
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  useEffect(() => {
    if (!code) return setState({ kind: 'invalid', message: 'This reset link has no code. Ask for a new one.' });
    void app.verifyPasswordResetCode(code).then(
      (result) => setState(result.status === 'ok' ? { kind: 'form' } : { kind: 'invalid', message: errorText(result.error) }),
      (caught: unknown) => setState({ kind: 'invalid', message: errorText(caught) }),
    );
  }, [app, code]);

  const reset = async () => {
    const mismatch = passwordConfirmationError(password, confirmation);
    if (mismatch) return mismatch.message;
    const result = await app.resetPassword({ code: code ?? '', password });
    if (result.status === 'error') return errorText(result.error);
    setState({ kind: 'done' });
    return null;
  };
  return (
    <HandlerPage title="Choose a new password">
      {state.kind === 'checking' && <p aria-busy="true">Checking your link…</p>}
      {state.kind === 'invalid' && (
        <p className="aw-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'form' && (
        <ActionForm action={reset} submitLabel="Set new password" busyLabel="Saving…">
          <TextField label="New password" name="password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
          <TextField label="Repeat the new password" name="confirmation" type="password" autoComplete="new-password" value={confirmation} onChange={setConfirmation} />
        </ActionForm>
      )}
      {state.kind === 'done' && <p role="status">Your password was changed. Every other session was signed out.</p>}
      <p className="aw-alt">
        <a href={app.urls.signIn}>Sign in</a>
      </p>
    </HandlerPage>
  );
}
