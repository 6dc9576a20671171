// The admin page's project section: the project's name and config as the admin app reads them, and a
// form that renames it and switches sign-in methods (PATCH /projects/current through the admin app).
import { useCallback, useState, type FormEvent } from 'react';
import type { AdminProject, AdminProjectUpdateOptions, StackAdminApp } from '../runtime/admin/index.ts';
import { ErrorText, LoadingText, useAction, useLoaded } from './admin-kit.tsx';

type ConfigUpdate = NonNullable<AdminProjectUpdateOptions['config']>;
type OAuthProviderConfig = AdminProject['config']['oauthProviders'][number];

/** The providers the backend offers with shared (development) keys. */
const SHARED_PROVIDERS: Record<string, string> = { github: 'GitHub', google: 'Google', microsoft: 'Microsoft', spotify: 'Spotify' };

const providerName = (id: string) => SHARED_PROVIDERS[id] ?? id;
const onOff = (on: boolean) => (on ? 'on' : 'off');

interface SettingsDraft {
  displayName: string;
  magicLinkEnabled: boolean;
  passkeyEnabled: boolean;
  /** Provider id -> enabled, for the configured providers and every shared one. */
  providers: Record<string, boolean>;
}

function draftOf(project: AdminProject): SettingsDraft {
  const providers: Record<string, boolean> = Object.fromEntries(Object.keys(SHARED_PROVIDERS).map((id) => [id, false]));
  for (const provider of project.config.oauthProviders) providers[provider.id] = provider.enabled;
  return { displayName: project.displayName, magicLinkEnabled: project.config.magicLinkEnabled, passkeyEnabled: project.config.passkeyEnabled, providers };
}

/** The provider list to send: every configured provider (the API requires them all), plus newly enabled shared ones. */
function providersAfter(configured: OAuthProviderConfig[], wanted: Record<string, boolean>): OAuthProviderConfig[] | undefined {
  const next = configured.map((provider) => ({ ...provider, enabled: wanted[provider.id] ?? provider.enabled }));
  for (const [id, enabled] of Object.entries(wanted)) {
    if (enabled && !configured.some((provider) => provider.id === id)) next.push({ id, enabled: true, type: 'shared' });
  }
  const changed = next.length !== configured.length || next.some((provider, i) => provider.enabled !== configured[i]?.enabled);
  return changed ? next : undefined;
}

/** Only what the form changed, so a save does not overwrite settings changed elsewhere meanwhile. */
function changesOf(project: AdminProject, draft: SettingsDraft): AdminProjectUpdateOptions | null {
  const config: ConfigUpdate = {};
  if (draft.magicLinkEnabled !== project.config.magicLinkEnabled) config.magicLinkEnabled = draft.magicLinkEnabled;
  if (draft.passkeyEnabled !== project.config.passkeyEnabled) config.passkeyEnabled = draft.passkeyEnabled;
  const oauthProviders = providersAfter(project.config.oauthProviders, draft.providers);
  if (oauthProviders) config.oauthProviders = oauthProviders;
  const update: AdminProjectUpdateOptions = {};
  const displayName = draft.displayName.trim();
  if (displayName !== project.displayName) update.displayName = displayName;
  if (Object.keys(config).length > 0) update.config = config;
  return Object.keys(update).length > 0 ? update : null;
}

function ProjectConfig({ project }: { project: AdminProject }) {
  const { config } = project;
  return (
    <dl data-testid="project-config">
      <dt>Project id</dt>
      <dd>
        <code>{project.id}</code> ({project.userCount} users)
      </dd>
      <dt>Sign-in methods</dt>
      <dd>
        <ul>
          <li data-testid="config-password">Password: {onOff(config.credentialEnabled)}</li>
          <li data-testid="config-magic-link">Magic link: {onOff(config.magicLinkEnabled)}</li>
          <li data-testid="config-passkey">Passkey: {onOff(config.passkeyEnabled)}</li>
          <li>Sign-up: {onOff(config.signUpEnabled)}</li>
        </ul>
      </dd>
      <dt>OAuth providers</dt>
      <dd>
        {config.oauthProviders.length === 0 ? (
          'none'
        ) : (
          <ul data-testid="config-oauth-providers">
            {config.oauthProviders.map((provider) => (
              <li key={provider.id}>
                {providerName(provider.id)} ({provider.type} keys): {onOff(provider.enabled)}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>Domains</dt>
      <dd>
        Localhost allowed: {config.allowLocalhost ? 'yes' : 'no'}
        {config.domains.length === 0 ? (
          '; no trusted domains.'
        ) : (
          <ul>
            {config.domains.map((domain) => (
              <li key={domain.domain}>
                {domain.domain} (handler at <code>{domain.handlerPath}</code>)
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}

function SettingsForm({ project, onSaved }: { project: AdminProject; onSaved: (project: AdminProject) => void }) {
  const [draft, setDraft] = useState(() => draftOf(project));
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useAction();
  const change = (patch: Partial<SettingsDraft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const update = changesOf(project, draft);
    if (update === null) {
      setSaved(true);
      return;
    }
    void run(async () => {
      const updated = await project.update(update);
      onSaved(updated);
      setDraft(draftOf(updated));
      setSaved(true);
    });
  };
  return (
    <form onSubmit={save} aria-labelledby="settings-title">
      <h3 id="settings-title">Change the settings</h3>
      <p>
        <label>
          Display name{' '}
          <input value={draft.displayName} onChange={(event) => change({ displayName: event.target.value })} required maxLength={100} />
        </label>
      </p>
      <fieldset>
        <legend>Sign-in methods</legend>
        <label>
          <input type="checkbox" checked={draft.magicLinkEnabled} onChange={(event) => change({ magicLinkEnabled: event.target.checked })} /> Magic link
        </label>{' '}
        <label>
          <input type="checkbox" checked={draft.passkeyEnabled} onChange={(event) => change({ passkeyEnabled: event.target.checked })} /> Passkey
        </label>
      </fieldset>
      <fieldset>
        <legend>OAuth providers (shared keys)</legend>
        {Object.entries(draft.providers).map(([id, enabled]) => (
          <label key={id}>
            <input type="checkbox" checked={enabled} onChange={(event) => change({ providers: { ...draft.providers, [id]: event.target.checked } })} />{' '}
            {providerName(id)}{' '}
          </label>
        ))}
      </fieldset>
      <p>
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>{' '}
        <span role="status">{saved && !busy ? 'Settings saved.' : ''}</span>
      </p>
      <ErrorText message={error} />
    </form>
  );
}

export function ProjectSection({ admin }: { admin: StackAdminApp }) {
  const load = useCallback(() => admin.getProject(), [admin]);
  const { state, reload, replace } = useLoaded(load);
  return (
    <section aria-labelledby="project-title">
      <h2 id="project-title">
        Project {state.status === 'ready' && <span data-testid="project-name">“{state.value.displayName}”</span>}
      </h2>
      {state.status === 'loading' && <LoadingText>Loading the project…</LoadingText>}
      {state.status === 'failed' && (
        <>
          <ErrorText message={state.message} />
          <button type="button" onClick={reload}>
            Try again
          </button>
        </>
      )}
      {state.status === 'ready' && (
        <>
          <ProjectConfig project={state.value} />
          <SettingsForm project={state.value} onSaved={replace} />
        </>
      )}
    </section>
  );
}
