import { useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { ActionForm, TextField } from '../kit.tsx';

/** Sends a sign-in link; then the 6-character code from the e-mail can be typed here (or in any tab). */
export function MagicLinkForm() {
  const app = useStackApp();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo === null) {
    const send = async () => {
      const result = await app.sendMagicLinkEmail(email);
      if (result.status === 'error') return result.error.message;
      setSentTo(email);
      return null;
    };
    return (
      <ActionForm action={send} submitLabel="Email me a sign-in link" busyLabel="Sending…">
        <TextField label="E-mail for a sign-in link" name="magic-email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      </ActionForm>
    );
  }
  const signIn = async () => {
    const result = await app.signInWithMagicLink(code.trim());
    return result.status === 'error' ? result.error.message : null;
  };
  return (
    <>
      <p role="status">We sent a link and a code to {sentTo}. Open the link, or type the code:</p>
      <ActionForm action={signIn} submitLabel="Sign in with code" busyLabel="Signing in…">
        <TextField label="Code" name="code" autoComplete="one-time-code" value={code} onChange={(v) => setCode(v.toUpperCase())} />
      </ActionForm>
    </>
  );
}
