import { useState } from 'react';
import { passwordConfirmationError } from '../../runtime/flows/password-rules.ts';
import { useStackApp } from '../hooks.ts';
import { useErrorText } from './error-text.ts';
import { Scope } from './frame.tsx';
import { ActionForm, TextField } from './kit.tsx';

/** E-mail + password, for sign-in and sign-up: keeps its input on failure, announces errors. */
function CredentialForm({ mode, repeatPassword }: { mode: 'sign-in' | 'sign-up'; repeatPassword: boolean }) {
  const errorText = useErrorText();
  const app = useStackApp();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const isSignIn = mode === 'sign-in';
  const action = async () => {
    if (repeatPassword && password !== repeated) return errorText(passwordConfirmationError(password, repeated));
    const result = isSignIn ? await app.signInWithCredential({ email, password }) : await app.signUpWithCredential({ email, password });
    return result.status === 'error' ? errorText(result.error) : null;
  };
  return (
    <Scope>
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
        {repeatPassword && (
          <TextField label="Repeat the password" name="passwordRepeat" type="password" autoComplete="new-password" value={repeated} onChange={setRepeated} />
        )}
      </ActionForm>
    </Scope>
  );
}

/** The official `CredentialSignIn`: e-mail and password; signs in and follows the after-sign-in redirect. */
export function CredentialSignIn() {
  return <CredentialForm mode="sign-in" repeatPassword={false} />;
}

/** The official `CredentialSignUp`'s props. */
export interface CredentialSignUpProps {
  /** Asks for the password once instead of twice. */
  noPasswordRepeat?: boolean;
}

/** The official `CredentialSignUp`: e-mail and password (twice unless `noPasswordRepeat`); signs up and follows the after-sign-up redirect. */
export function CredentialSignUp({ noPasswordRepeat }: CredentialSignUpProps) {
  return <CredentialForm mode="sign-up" repeatPassword={!noPasswordRepeat} />;
}
