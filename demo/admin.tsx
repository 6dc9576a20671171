// /admin: the demo project administered through the admin layer (authworker/admin), on the session of a
// project owner of the emulator's `internal` project. Loaded on demand: the rest of the demo never pays for it.
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { ApiKeysSection } from './admin-api-keys.tsx';
import { ErrorText, LoadingText, messageOf, useAction } from './admin-kit.tsx';
import { adminApiUrl, OwnerSession, type SignedInOwner } from './admin-owner.ts';
import { ProjectSection } from './admin-project.tsx';
import { UsersSection } from './admin-users.tsx';
import { WebhooksSection } from './admin-webhooks.tsx';

const { apiUrl, projectId, publishableClientKey, webhooksUrl } = __AUTHWORKER_DEMO__;
const ownerApiUrl = adminApiUrl(apiUrl);
// Created once, like any app: the owner stays signed in (in memory) when the admin page is left and reopened.
const ownerSession = ownerApiUrl === null ? null : new OwnerSession({ apiUrl: ownerApiUrl, projectId });

/** `focusFirst`: the owner just signed out with the keyboard focus on a button that is gone now. */
function OwnerSignIn({ session, focusFirst, onSignedIn }: { session: OwnerSession; focusFirst: boolean; onSignedIn: (owner: SignedInOwner) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const signIn = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onSignedIn(await session.signIn(email, password)));
  };
  const createAndSignIn = (event: MouseEvent<HTMLButtonElement>) => {
    if (!event.currentTarget.form?.reportValidity()) return;
    void run(async () => {
      await session.createOwner(email, password);
      onSignedIn(await session.signIn(email, password));
    });
  };
  return (
    <form onSubmit={signIn} aria-labelledby="owner-title" aria-busy={busy}>
      <h2 id="owner-title">Sign in as a project owner</h2>
      <p>
        Owners are users of the emulator's <code>internal</code> project who own this project. A fresh emulator has none: type an e-mail
        and a password, then choose <strong>Create this owner</strong> (the page makes the user with the internal project's development
        secret server key, which only the emulator publishes). Later, sign in with the same e-mail and password.
      </p>
      <p>
        <label>
          Owner e-mail <input type="email" autoComplete="username" autoFocus={focusFirst} value={email} onChange={(event) => setEmail(event.target.value)} required />
        </label>{' '}
        <label>
          Owner password{' '}
          <input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required minLength={8} />
        </label>
      </p>
      <p>
        <button type="submit" disabled={busy}>
          Sign in as owner
        </button>{' '}
        <button type="button" disabled={busy} onClick={createAndSignIn}>
          Create this owner
        </button>{' '}
        {busy && <span aria-live="polite">Working…</span>}
      </p>
      <ErrorText message={error} />
    </form>
  );
}

/** `signedInHere`: the owner just used the form, so the focus moves from it to the owner's line. */
function OwnerConsole({ owner, signedInHere, onSignOut }: { owner: SignedInOwner; signedInHere: boolean; onSignOut: () => Promise<void> }) {
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (signedInHere) status.current?.focus();
  }, [signedInHere]);
  const { busy, error, run } = useAction();
  return (
    <>
      <p ref={status} tabIndex={-1}>
        Signed in as owner <strong data-testid="owner-email">{owner.email}</strong>{' '}
        <button type="button" disabled={busy} onClick={() => void run(onSignOut)}>
          Sign out owner
        </button>
      </p>
      <ErrorText message={error} />
      <ProjectSection admin={owner.admin} />
      <UsersSection admin={owner.admin} />
      <ApiKeysSection admin={owner.admin} demoPublishableClientKey={publishableClientKey} />
      <WebhooksSection admin={owner.admin} serverUrl={webhooksUrl} />
    </>
  );
}

type OwnerState =
  | { status: 'restoring' }
  | { status: 'signed-out'; error: string | null; afterSignOut: boolean }
  | { status: 'signed-in'; owner: SignedInOwner; signedInHere: boolean };

function OwnerArea({ session }: { session: OwnerSession }) {
  const [state, setState] = useState<OwnerState>({ status: 'restoring' });
  useEffect(() => {
    let current = true;
    session.restore().then(
      (owner) => current && setState(owner === null ? { status: 'signed-out', error: null, afterSignOut: false } : { status: 'signed-in', owner, signedInHere: false }),
      (error: unknown) => current && setState({ status: 'signed-out', error: messageOf(error), afterSignOut: false }),
    );
    return () => {
      current = false;
    };
  }, [session]);
  if (state.status === 'restoring') return <LoadingText>Checking the owner session…</LoadingText>;
  if (state.status === 'signed-in') {
    const signOut = async () => {
      await session.signOut();
      setState({ status: 'signed-out', error: null, afterSignOut: true });
    };
    return <OwnerConsole owner={state.owner} signedInHere={state.signedInHere} onSignOut={signOut} />;
  }
  return (
    <>
      <ErrorText message={state.error} />
      <OwnerSignIn session={session} focusFirst={state.afterSignOut} onSignedIn={(owner) => setState({ status: 'signed-in', owner, signedInHere: true })} />
    </>
  );
}

export function AdminPage() {
  return (
    <section aria-labelledby="admin-title" className="demo-admin">
      <h1 id="admin-title">Project admin</h1>
      <p data-testid="admin-credentials-note">
        Admin credentials belong on a server: this demo runs the admin layer in the page, on an owner session that lives only in this
        tab's memory (a reload signs the owner out).
      </p>
      {ownerSession === null ? (
        <p role="alert">
          This page needs the emulator on localhost (the API is {apiUrl}): the admin layer reaches it as <code>admin.localhost</code>, an
          origin the demo's service worker leaves alone.
        </p>
      ) : (
        <OwnerArea session={ownerSession} />
      )}
    </section>
  );
}
