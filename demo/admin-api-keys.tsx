// The admin page's API keys section: create a key set (its secrets shown once), list the keys, revoke one.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiKey, ApiKeyFirstView, StackAdminApp } from '../runtime/admin/index.ts';
import { ErrorText, LoadingText, TABLE_STYLE, useAction, useLoaded } from './admin-kit.tsx';

const DAY_MS = 24 * 3600 * 1000;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

function statusOf(key: ApiKey): string {
  const why = key.whyInvalid();
  return why === null ? 'valid' : why === 'expired' ? 'expired' : 'revoked';
}

function lastFours(key: ApiKey): string {
  const parts = [
    key.publishableClientKey && `publishable …${key.publishableClientKey.lastFour}`,
    key.secretServerKey && `secret server …${key.secretServerKey.lastFour}`,
    key.superSecretAdminKey && `admin …${key.superSecretAdminKey.lastFour}`,
  ];
  return parts.filter(Boolean).join(', ');
}

/** The full keys of a new key set: the only time the API returns them. */
function NewKey({ created, onDone }: { created: ApiKeyFirstView; onDone: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div ref={panel} tabIndex={-1} role="region" aria-labelledby="new-key-title" data-testid="new-api-key">
      <h3 id="new-key-title">New key “{created.description}”</h3>
      <p>Copy the keys now: they are shown this once, the list below only keeps their last four characters.</p>
      <dl>
        {created.publishableClientKey !== null && (
          <>
            <dt>Publishable client key</dt>
            <dd>
              <code data-testid="new-publishable-client-key">{created.publishableClientKey}</code>
            </dd>
          </>
        )}
        {created.secretServerKey !== null && (
          <>
            <dt>Secret server key</dt>
            <dd>
              <code data-testid="new-secret-server-key">{created.secretServerKey}</code>
            </dd>
          </>
        )}
      </dl>
      <button type="button" onClick={onDone}>
        Done, hide the keys
      </button>
    </div>
  );
}

function CreateKeyForm({ admin, onCreated }: { admin: StackAdminApp; onCreated: (created: ApiKeyFirstView) => void }) {
  const [description, setDescription] = useState('');
  const [days, setDays] = useState('90');
  const [withPublishable, setWithPublishable] = useState(true);
  const { busy, error, run } = useAction();
  const create = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const created = await admin.createApiKey({
        description: description.trim(),
        expiresAt: new Date(Date.now() + Number(days) * DAY_MS),
        hasPublishableClientKey: withPublishable,
        hasSecretServerKey: true,
        hasSuperSecretAdminKey: false,
      });
      setDescription('');
      onCreated(created);
    });
  };
  return (
    <form onSubmit={create} aria-labelledby="create-key-title">
      <h3 id="create-key-title">Create an API key</h3>
      <p>
        <label>
          Description <input value={description} onChange={(event) => setDescription(event.target.value)} required maxLength={100} />
        </label>{' '}
        <label>
          Expires in (days) <input type="number" min={1} max={3650} value={days} onChange={(event) => setDays(event.target.value)} required />
        </label>{' '}
        <label>
          <input type="checkbox" checked={withPublishable} onChange={(event) => setWithPublishable(event.target.checked)} /> with a publishable client key
        </label>
      </p>
      <p>
        A secret server key is always included; super secret admin keys are not offered here.{' '}
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </p>
      <ErrorText message={error} />
    </form>
  );
}

function KeyRow({ apiKey, usedByDemo, onRevoked }: { apiKey: ApiKey; usedByDemo: boolean; onRevoked: (key: ApiKey) => void }) {
  const { busy, error, run } = useAction();
  const status = statusOf(apiKey);
  const statusCell = useRef<HTMLTableCellElement>(null);
  const [revokedHere, setRevokedHere] = useState(false);
  // The Revoke button goes away with the key's validity: the focus moves to the new status.
  useEffect(() => {
    if (revokedHere && status === 'revoked') statusCell.current?.focus();
  }, [revokedHere, status]);
  const revoke = () =>
    void run(async () => {
      onRevoked(await apiKey.revoke());
      setRevokedHere(true);
    });
  return (
    <tr data-testid="api-key-row">
      <td>{apiKey.description}</td>
      <td>{lastFours(apiKey)}</td>
      <td>{utcDay(apiKey.createdAt)}</td>
      <td>{utcDay(apiKey.expiresAt)}</td>
      <td ref={statusCell} tabIndex={-1} data-testid="api-key-status">
        {status}
      </td>
      <td>
        {usedByDemo ? (
          'used by this demo'
        ) : status === 'valid' ? (
          <button type="button" disabled={busy} onClick={revoke} aria-label={`Revoke ${apiKey.description}`}>
            {busy ? 'Revoking…' : 'Revoke'}
          </button>
        ) : null}
        <ErrorText message={error} />
      </td>
    </tr>
  );
}

/** `demoPublishableClientKey`: the key this demo runs on, which the page will not revoke. */
export function ApiKeysSection({ admin, demoPublishableClientKey }: { admin: StackAdminApp; demoPublishableClientKey: string }) {
  const load = useCallback(async () => (await admin.listApiKeys()).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()), [admin]);
  const { state, reload, replace } = useLoaded(load);
  const [created, setCreated] = useState<ApiKeyFirstView | null>(null);
  const keys = state.status === 'ready' ? state.value : state.status === 'loading' ? state.previous : undefined;
  const onCreated = (key: ApiKeyFirstView) => {
    setCreated(key);
    reload();
  };
  const onRevoked = (revoked: ApiKey) => keys && replace(keys.map((key) => (key.id === revoked.id ? revoked : key)));
  const usedByDemo = (key: ApiKey) => key.publishableClientKey?.lastFour === demoPublishableClientKey.slice(-4);

  return (
    <section aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      {created !== null && <NewKey created={created} onDone={() => setCreated(null)} />}
      <CreateKeyForm admin={admin} onCreated={onCreated} />
      {keys === undefined && state.status === 'loading' && <LoadingText>Loading the keys…</LoadingText>}
      {state.status === 'failed' && <ErrorText message={state.message} />}
      {keys !== undefined && (
        <table aria-busy={state.status === 'loading'} data-testid="api-keys-table" style={TABLE_STYLE}>
          <caption>Key sets of the project, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Keys</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <KeyRow key={key.id} apiKey={key} usedByDemo={usedByDemo(key)} onRevoked={onRevoked} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
