import { useEffect, useState, type FormEvent } from 'react';
import { useSession, useStackApp, useUserState } from '../react/index.ts';
import type { CurrentUser } from '../runtime/client/index.ts';
import { broadcastChannelName } from '../runtime/bridge/messages.ts';

interface SeenEvent {
  at: string;
  data: string;
}

/**
 * Shows the session as this tab sees it, and every session event the worker posted to this tab since the page
 * opened, plus the content-free hints on the project's channel (for page-hosted tabs).
 */
export function SessionInspector() {
  const app = useStackApp();
  const session = useSession();
  const [events, setEvents] = useState<SeenEvent[]>([]);
  useEffect(() => {
    const record = (event: MessageEvent) => {
      setEvents((seen) => [{ at: new Date().toISOString().slice(11, 23), data: JSON.stringify(event.data) }, ...seen].slice(0, 50));
    };
    const channel = new BroadcastChannel(broadcastChannelName(app.projectId));
    channel.onmessage = record;
    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    container?.addEventListener('message', record);
    return () => {
      channel.close();
      container?.removeEventListener('message', record);
    };
  }, [app]);
  return (
    <section aria-labelledby="inspector-title">
      <h1 id="inspector-title">Session inspector</h1>
      <p>Open this page in several tabs, then sign in or out in any of them: every tab receives the same events.</p>
      <h2>This tab's session</h2>
      <pre data-testid="inspector-snapshot">{JSON.stringify(session, null, 2)}</pre>
      <UserFields />
      <h2>Events from the worker (newest first)</h2>
      <ol data-testid="inspector-events" aria-live="polite">
        {events.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <code>{event.at}</code> <code>{event.data}</code>
          </li>
        ))}
      </ol>
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
