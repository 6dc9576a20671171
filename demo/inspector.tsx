import { useState, type FormEvent } from 'react';
import { useSession, useStackApp, useUserState } from '../react/index.ts';
import type { AuthDevtoolsControls, CurrentUser } from '../runtime/client/index.ts';

declare global {
  interface Window {
    /** The devtools' fault controls, for the console and the e2e suite (`window.authDevtools.expireAccessToken()`). */
    authDevtools?: AuthDevtoolsControls;
  }
}

export function exposeDevtools(devtools: AuthDevtoolsControls): void {
  window.authDevtools = devtools;
}

/**
 * The session as this tab sees it. The worker's side (its session, the tabs, every request and event, and the
 * fault controls) is in the Auth devtools panel, the button at the bottom right of every page.
 */
export function SessionInspector() {
  const session = useSession();
  return (
    <section aria-labelledby="inspector-title">
      <h1 id="inspector-title">Session inspector</h1>
      <p>
        Open this page in several tabs, then sign in or out in any of them: every tab follows. The worker’s own view, its requests and its
        events are in <strong>Auth devtools</strong> (bottom right), which can also break things on purpose.
      </p>
      <h2>This tab's session</h2>
      <pre data-testid="inspector-snapshot">{JSON.stringify(session, null, 2)}</pre>
      <UserFields />
      <AccessTokenProbe />
    </section>
  );
}

/**
 * The user as this tab sees it, and its client metadata to edit: saved in one tab, every open tab shows it
 * (the session host tells them all).
 */
function UserFields() {
  const { user } = useUserState();
  if (!user) return null;
  const { displayName, primaryEmail, selectedTeamId, clientMetadata } = user;
  return (
    <>
      <h2>This tab's user</h2>
      <pre data-testid="inspector-user">{JSON.stringify({ displayName, primaryEmail, selectedTeamId, clientMetadata }, null, 2)}</pre>
      <ClientMetadataForm user={user} />
    </>
  );
}

function ClientMetadataForm({ user }: { user: CurrentUser }) {
  const [text, setText] = useState(() => JSON.stringify(user.clientMetadata ?? {}));
  const [message, setMessage] = useState('');
  const save = (event: FormEvent) => {
    event.preventDefault();
    let metadata: unknown;
    try {
      metadata = JSON.parse(text);
    } catch {
      setMessage('Not JSON.');
      return;
    }
    setMessage('Saving…');
    user.setClientMetadata(metadata).then(
      () => setMessage('Saved.'),
      (error: unknown) => setMessage(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <form onSubmit={save}>
      <label>
        Client metadata (JSON) <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>{' '}
      <button type="submit">Save metadata</button> <span role="status">{message}</span>
    </form>
  );
}

/**
 * What page code gets when it asks for the access token, as the official SDK's getAccessToken(): this demo's worker
 * keeps it (no `exposeAccessToken`), so the call is refused with the error that says what to use instead.
 */
function AccessTokenProbe() {
  const app = useStackApp();
  const [answer, setAnswer] = useState('');
  const ask = () =>
    app.getAccessToken().then(
      (token) => setAnswer(token === null ? 'null (signed out)' : `a token of ${token.length} characters`),
      (error: unknown) => setAnswer(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
    );
  return (
    <>
      <h2>The access token, from page code</h2>
      <button type="button" onClick={() => void ask()}>
        Ask for the access token
      </button>
      <p role="status" data-testid="inspector-access-token">
        {answer}
      </p>
    </>
  );
}
