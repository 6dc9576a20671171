import { useEffect, useState } from 'react';
import { signInRedirectTarget } from '../../../runtime/flows/callback-urls.ts';
import { useSession, useStackApp } from '../../hooks.ts';
import { errorText } from '../../components/error-text.ts';
import { codeFromUrl, useAction } from '../../components/kit.tsx';
import { Card } from '../../components/frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

// A refusal keeps the error itself (or null: the link has no code); its words are chosen at render, in the page's language.
type State = { kind: 'checking' } | { kind: 'invalid'; error: unknown } | { kind: 'signed-out' } | { kind: 'details'; teamDisplayName: string };

/** The link's `code`, or the one carried in the fragment on the way back from signing in. */
function invitationCode(): string | null {
  return codeFromUrl() ?? (typeof location === 'undefined' ? null : new URLSearchParams(location.hash.slice(1)).get('code'));
}

/** The link of a team invitation: check the code, show the team, join it. */
export default function TeamInvitationPage() {
  const app = useStackApp();
  const t = useTranslation();
  const session = useSession();
  const [code] = useState(invitationCode);
  const [state, setState] = useState<State>({ kind: 'checking' });
  useEffect(() => {
    if (!code) return setState({ kind: 'invalid', error: null });
    if (session.status === 'loading') return;
    let live = true;
    const show = (next: State) => live && setState(next);
    void (async () => {
      const checked = await app.verifyTeamInvitationCode(code);
      if (checked.status === 'error') return show({ kind: 'invalid', error: checked.error });
      if (session.status === 'signed-out') return show({ kind: 'signed-out' });
      const details = await app.getTeamInvitationDetails(code);
      show(details.status === 'error' ? { kind: 'invalid', error: details.error } : { kind: 'details', teamDisplayName: details.data.teamDisplayName });
    })().catch((error: unknown) => show({ kind: 'invalid', error }));
    return () => {
      live = false;
    };
  }, [app, code, session.status]);

  const accept = useAction(async () => {
    const result = await app.acceptTeamInvitation(code ?? '');
    if (result.status === 'error') return errorText(result.error, t);
    app.redirectToHome();
    return null;
  });
  // Back here after signing in: redirects drop a `code` query parameter (the OAuth replay guard), so the way back carries it in the fragment.
  const signInHref =
    typeof location === 'undefined' || !code
      ? app.urls.signIn
      : signInRedirectTarget(app.urls.signIn, new URL(`${location.pathname}#code=${encodeURIComponent(code)}`, location.href));
  return (
    <Card title={t('Team invitation')} fullPage>
      {state.kind === 'checking' && <p aria-busy="true">{t('Checking your invitation…')}</p>}
      {state.kind === 'invalid' && (
        <p className="aw-error" role="alert">
          {state.error === null ? t('This invitation link has no code. Ask for a new one.') : errorText(state.error, t)}
        </p>
      )}
      {state.kind === 'signed-out' && (
        <p>
          {t('You were invited to a team.')} <a href={signInHref}>{t('Sign in to join it')}</a>
        </p>
      )}
      {state.kind === 'details' && (
        <>
          <p>
            {t('You are invited to join this team:')} <strong data-testid="invited-team">{state.teamDisplayName}</strong>
          </p>
          <button className="aw-button" type="button" onClick={() => void accept.run()} disabled={accept.busy}>
            {accept.busy ? t('Joining…') : t('Join team')}
          </button>
          {accept.error && (
            <p className="aw-error" role="alert">
              {accept.error}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
