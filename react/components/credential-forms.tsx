import { useState } from 'react';
import { passwordConfirmationError } from '../../runtime/flows/password-rules.ts';
import { usePasskeyAutofill, useStackApp } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useProject } from '../project.ts';
import { useErrorText } from './error-text.ts';
import { Scope } from './frame.tsx';
import { ActionForm, TextField } from './kit.tsx';

/** E-mail + password, for sign-in and sign-up: keeps its input on failure, announces errors. */
function CredentialForm({ mode, repeatPassword, passkeyAutofill = false }: { mode: 'sign-in' | 'sign-up'; repeatPassword: boolean; passkeyAutofill?: boolean }) {
  const errorText = useErrorText();
  const app = useStackApp();
  const t = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const isSignIn = mode === 'sign-in';
  const autofill = usePasskeyAutofill({ enabled: isSignIn && passkeyAutofill });
  const action = async () => {
    if (repeatPassword && password !== repeated) return { field: 'passwordRepeat', message: errorText(passwordConfirmationError(password, repeated)) };
    const result = isSignIn ? await app.signInWithCredential({ email, password }) : await app.signUpWithCredential({ email, password });
    return result.status === 'error' ? errorText(result.error) : null;
  };
  const forgot = isSignIn && (
    <a className="aw-link" href={app.urls.forgotPassword}>
      {t('Forgot password?')}
    </a>
  );
  return (
    <Scope>
      {autofill.error && (
        <p className="aw-error aw-status" role="alert">
          {errorText(autofill.error)}
        </p>
      )}
      <ActionForm action={action} submitLabel={isSignIn ? t('Sign in') : t('Sign up')} busyLabel={isSignIn ? t('Signing in…') : t('Creating account…')}>
        <TextField label={t('E-mail')} name="email" type="email" autoComplete={autofill.autoComplete} value={email} onChange={setEmail} />
        <TextField
          label={t('Password')}
          name="password"
          type="password"
          autoComplete={isSignIn ? 'current-password' : 'new-password'}
          value={password}
          onChange={setPassword}
          labelAside={forgot}
        />
        {repeatPassword && (
          <TextField label={t('Repeat the password')} name="passwordRepeat" type="password" autoComplete="new-password" value={repeated} onChange={setRepeated} />
        )}
      </ActionForm>
    </Scope>
  );
}

/** The official `CredentialSignIn`: e-mail and password, a "Forgot password?" link; signs in and follows the after-sign-in redirect. */
export function CredentialSignIn() {
  return <CredentialSignInForm passkeyAutofill={useProject().config.passkeyEnabled} />;
}

/** The sign-in form, with passkey autofill on its e-mail field where the project (or the card's mock) has passkeys on. */
export function CredentialSignInForm({ passkeyAutofill }: { passkeyAutofill: boolean }) {
  return <CredentialForm mode="sign-in" repeatPassword={false} passkeyAutofill={passkeyAutofill} />;
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
