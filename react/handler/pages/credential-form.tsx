import { useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { ActionForm, TextField } from '../kit.tsx';
import { errorText } from '../../error-text.ts';

/** E-mail + password for sign-in and sign-up: keeps its input on failure, announces errors. */
export function CredentialForm({ mode }: { mode: 'sign-in' | 'sign-up' }) {
  const app = useStackApp();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const isSignIn = mode === 'sign-in';
  const action = async () => {
    const result = isSignIn ? await app.signInWithCredential({ email, password }) : await app.signUpWithCredential({ email, password });
    return result.status === 'error' ? errorText(result.error) : null;
  };
  return (
    <ActionForm action={action} submitLabel={isSignIn ? 'Sign in' : 'Sign up'} busyLabel={isSignIn ? 'Signing in…' : 'Creating account…'}>
      <TextField label="E-mail" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete={isSignIn ? 'current-password' : 'new-password'}
        value={password}
        onChange={setPassword}
      />
    </ActionForm>
  );
}
