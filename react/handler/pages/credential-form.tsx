import { useId, useState, type FormEvent } from 'react';
import { useSession, useStackApp } from '../../hooks.ts';
import { carryReturnTo } from '../use-handler-navigation.ts';
import { OFFLINE_MESSAGE } from '../../../runtime/http/errors.ts';

export interface CredentialFormProps {
  mode: 'sign-in' | 'sign-up';
}

/** E-mail + password form for sign-in and sign-up: keeps its input on failure, announces errors. */
export function CredentialForm({ mode }: CredentialFormProps) {
  const app = useStackApp();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const isSignIn = mode === 'sign-in';
  const offline = session.network === 'offline';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setError(OFFLINE_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      const result = isSignIn
        ? await app.signInWithCredential({ email, password })
        : await app.signUpWithCredential({ email, password });
      if (result.status === 'error') setError(result.error.message);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="aw-page">
      <h1>{isSignIn ? 'Sign in' : 'Create an account'}</h1>
      {offline && (
        <p className="aw-banner" role="status">
          You are offline. Signing in needs a connection.
        </p>
      )}
      <form className="aw-form" onSubmit={submit} aria-busy={busy} noValidate>
        <label htmlFor={`${id}-email`}>
          E-mail
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label htmlFor={`${id}-password`}>
          Password
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete={isSignIn ? 'current-password' : 'new-password'}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <p className="aw-error" role="alert" aria-live="assertive" data-testid="auth-error">
          {error}
        </p>
        <button className="aw-button" type="submit" disabled={busy}>
          {busy ? (isSignIn ? 'Signing in…' : 'Creating account…') : isSignIn ? 'Sign in' : 'Sign up'}
        </button>
      </form>
      <p className="aw-alt">
        {isSignIn ? 'No account yet? ' : 'Already have an account? '}
        <a href={carryReturnTo(isSignIn ? app.urls.signUp : app.urls.signIn)}>{isSignIn ? 'Sign up' : 'Sign in'}</a>
      </p>
    </div>
  );
}
