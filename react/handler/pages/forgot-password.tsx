import { useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { ActionForm, HandlerPage, TextField } from '../kit.tsx';
import { errorText } from '../../error-text.ts';

export default function ForgotPasswordPage() {
  const app = useStackApp();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const send = async () => {
    const result = await app.sendForgotPasswordEmail(email);
    if (result.status === 'error') return errorText(result.error);
    setSent(true);
    return null;
  };
  return (
    <HandlerPage title="Reset your password">
      {sent ? (
        <p role="status">If an account uses {email}, we sent it a link to choose a new password.</p>
      ) : (
        <ActionForm action={send} submitLabel="Send reset link" busyLabel="Sending…">
          <TextField label="E-mail" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        </ActionForm>
      )}
      <p className="aw-alt">
        <a href={app.urls.signIn}>Back to sign in</a>
      </p>
    </HandlerPage>
  );
}
