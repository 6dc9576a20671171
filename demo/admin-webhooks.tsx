// The admin page's webhooks section: the project's webhook endpoints and their recent deliveries, read from the
// emulator's Svix-compatible service with the project's Svix token, as the dashboard does through svix-react.
// A form adds an endpoint; Refresh reads everything again (nothing polls).
import { useId, useState, type FormEvent } from 'react';
import { refreshSvixLists, useEndpointMessageAttempts, useEndpoints, useSvix } from '../react/admin-hooks.ts';
import { SVIX_MESSAGE_STATUS, type SvixEndpoint, type SvixMessage, type SvixMessageAttempt, type StackAdminApp } from '../runtime/admin/index.ts';
import { ErrorText, LoadingText, TABLE_STYLE, messageOf, useAction } from './admin-kit.tsx';

export const RECENT_DELIVERIES = 10;

interface Props {
  admin: StackAdminApp;
  /** The Svix server: the emulator's webhook port. */
  serverUrl: string;
}

/** `2025-02-20 14:03:05 UTC`: the same text in every time zone (and in tests). */
const utcSecond = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function deliveryStatus(attempt: SvixMessageAttempt): string {
  const text = SVIX_MESSAGE_STATUS[attempt.status as keyof typeof SVIX_MESSAGE_STATUS] ?? attempt.statusText ?? String(attempt.status);
  const word = text === 'success' ? 'Delivered' : text === 'fail' ? 'Failed' : text === 'pending' ? 'Pending' : text;
  return `${word} (${attempt.responseStatusCode === 0 ? 'no answer' : `HTTP ${attempt.responseStatusCode}`})`;
}

function AddEndpointForm({ admin, serverUrl }: Props) {
  const svix = useSvix(admin, { serverUrl });
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const errorId = useId();
  const add = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    // The fields are cleared only once the endpoint exists: a refused one stays in the form to be corrected.
    void run(async () => {
      const endpoint = await svix.createEndpoint({ url: url.trim(), ...(description.trim() === '' ? {} : { description: description.trim() }) });
      setUrl('');
      setDescription('');
      setAdded(`Endpoint ${endpoint.url} added.`);
    });
  };
  return (
    <form onSubmit={add} aria-labelledby="add-endpoint-title" aria-busy={busy}>
      <h3 id="add-endpoint-title">Add an endpoint</h3>
      <p>
        <label>
          Endpoint URL{' '}
          <input
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            required
            maxLength={2048}
            placeholder="http://localhost:3000/api/stack-webhooks"
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : errorId}
          />
        </label>{' '}
        <label>
          Note (optional) <input value={description} onChange={(event) => setDescription(event.target.value)} maxLength={200} />
        </label>{' '}
        <button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add endpoint'}
        </button>{' '}
        <span role="status">{added ?? ''}</span>
      </p>
      {error !== null && (
        <p role="alert" id={errorId}>
          {error}
        </p>
      )}
    </form>
  );
}

/** The message of one delivery, read on demand (`getMessage` with its content). */
function Payload({ message }: { message: SvixMessage }) {
  return (
    <div role="region" aria-label={`Payload of ${message.id}`} data-testid="delivery-payload">
      <pre>{JSON.stringify(message.payload, null, 2)}</pre>
    </div>
  );
}

function Deliveries({ admin, serverUrl, endpoint }: Props & { endpoint: SvixEndpoint }) {
  const attempts = useEndpointMessageAttempts(admin, endpoint.id, { serverUrl, limit: RECENT_DELIVERIES, withMsg: true, withContent: false });
  const svix = useSvix(admin, { serverUrl });
  const [shown, setShown] = useState<SvixMessage | null>(null);
  const { busy, error, run } = useAction();
  const togglePayload = (msgId: string) =>
    void run(async () => {
      setShown(shown?.id === msgId ? null : await svix.getMessage(msgId, { withContent: true }));
    });
  const captionId = useId();
  if (attempts.data === undefined) {
    return attempts.error ? <ErrorText message={messageOf(attempts.error)} /> : <LoadingText>Loading the deliveries…</LoadingText>;
  }
  return (
    <>
      {attempts.error && <ErrorText message={messageOf(attempts.error)} />}
      <table aria-busy={attempts.loading} aria-describedby={captionId} data-testid="deliveries-table" style={TABLE_STYLE}>
        <caption id={captionId}>Recent deliveries, newest first (up to {RECENT_DELIVERIES})</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Sent</th>
            <th scope="col">Status</th>
            <th scope="col">Message id</th>
            <th scope="col">Payload</th>
          </tr>
        </thead>
        <tbody>
          {attempts.data.length === 0 ? (
            <tr>
              <td colSpan={5}>No deliveries yet: create or change a user or a team, then choose Refresh.</td>
            </tr>
          ) : (
            attempts.data.map((attempt) => (
              <tr key={attempt.id} data-testid="delivery-row">
                <td data-testid="delivery-event">{attempt.msg?.eventType ?? '(unknown)'}</td>
                <td>
                  <time dateTime={attempt.timestamp.toISOString()}>{utcSecond(attempt.timestamp)}</time>
                </td>
                <td data-testid="delivery-status">{deliveryStatus(attempt)}</td>
                <td>
                  <code data-testid="delivery-msg-id">{attempt.msgId}</code>
                </td>
                <td>
                  <button
                    type="button"
                    disabled={busy}
                    aria-expanded={shown?.id === attempt.msgId}
                    aria-label={`${shown?.id === attempt.msgId ? 'Hide' : 'Show'} payload of ${attempt.msgId}`}
                    onClick={() => togglePayload(attempt.msgId)}
                  >
                    {shown?.id === attempt.msgId ? 'Hide' : 'Show'}
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <ErrorText message={error} />
      {shown !== null && <Payload message={shown} />}
    </>
  );
}

function EndpointPanel({ admin, serverUrl, endpoint }: Props & { endpoint: SvixEndpoint }) {
  const svix = useSvix(admin, { serverUrl });
  const [secret, setSecret] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} data-testid="webhook-endpoint">
      <h3 id={titleId}>{endpoint.url}</h3>
      <p>
        Id <code data-testid="endpoint-id">{endpoint.id}</code>
        {endpoint.description === '' ? '' : ` · ${endpoint.description}`} · added {utcSecond(endpoint.createdAt)}
      </p>
      <p>
        {secret === null ? (
          <button
            type="button"
            disabled={busy}
            aria-label={`Show signing secret of ${endpoint.url}`}
            onClick={() => void run(async () => setSecret((await svix.getEndpointSecret(endpoint.id)).key))}
          >
            Show signing secret
          </button>
        ) : (
          <>
            Signing secret (verify deliveries with it): <code data-testid="endpoint-secret">{secret}</code>
          </>
        )}{' '}
        <button type="button" disabled={busy} aria-label={`Delete endpoint ${endpoint.url}`} onClick={() => void run(() => svix.deleteEndpoint(endpoint.id))}>
          Delete endpoint
        </button>
      </p>
      <ErrorText message={error} />
      <Deliveries admin={admin} serverUrl={serverUrl} endpoint={endpoint} />
    </article>
  );
}

export function WebhooksSection({ admin, serverUrl }: Props) {
  const endpoints = useEndpoints(admin, { serverUrl });
  return (
    <section aria-labelledby="webhooks-title" data-testid="webhooks-section">
      <h2 id="webhooks-title">Webhooks</h2>
      <p>
        User, team and membership events are POSTed to these endpoints with Svix signature headers. The page reads them from the
        emulator's Svix-compatible service (<code>{serverUrl}</code>) with the project's Svix token, as the dashboard does.
      </p>
      <AddEndpointForm admin={admin} serverUrl={serverUrl} />
      <p>
        <button type="button" onClick={() => refreshSvixLists(admin)}>
          Refresh
        </button>{' '}
        <span role="status">{endpoints.loading && endpoints.data !== undefined ? 'Refreshing…' : ''}</span>
      </p>
      {endpoints.error && <ErrorText message={messageOf(endpoints.error)} />}
      {endpoints.data === undefined && endpoints.loading && <LoadingText>Loading the endpoints…</LoadingText>}
      {endpoints.data?.length === 0 && <p>No endpoints yet.</p>}
      {endpoints.data?.map((endpoint) => (
        <EndpointPanel key={endpoint.id} admin={admin} serverUrl={serverUrl} endpoint={endpoint} />
      ))}
      {(endpoints.hasPrevPage || endpoints.hasNextPage) && (
        <p>
          <button type="button" disabled={!endpoints.hasPrevPage || endpoints.loading} onClick={endpoints.prevPage}>
            Previous endpoints
          </button>{' '}
          <button type="button" disabled={!endpoints.hasNextPage || endpoints.loading} onClick={endpoints.nextPage}>
            More endpoints
          </button>
        </p>
      )}
    </section>
  );
}
