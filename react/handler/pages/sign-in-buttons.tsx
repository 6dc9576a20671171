import { useStackApp } from '../../hooks.ts';
import { useAction } from '../kit.tsx';
import { errorText } from '../../error-text.ts';

const PROVIDER_NAMES: Record<string, string> = { github: 'GitHub', google: 'Google', microsoft: 'Microsoft', spotify: 'Spotify', facebook: 'Facebook', gitlab: 'GitLab', apple: 'Apple', discord: 'Discord', bitbucket: 'Bitbucket', linkedin: 'LinkedIn', x: 'X' };

/** The display name of a provider id (`github` -> GitHub). */
export function providerName(id: string): string {
  return PROVIDER_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** One button per enabled OAuth provider of the project. */
export function OAuthButtons({ providers }: { providers: { id: string }[] }) {
  if (providers.length === 0) return null;
  return (
    <div className="aw-form">
      {providers.map((p) => (
        <OAuthButton key={p.id} provider={p.id} />
      ))}
    </div>
  );
}

function OAuthButton({ provider }: { provider: string }) {
  const app = useStackApp();
  const { run, busy, error } = useAction(() => app.signInWithOAuth(provider));
  return (
    <>
      <button className="aw-button" type="button" disabled={busy} onClick={() => void run()}>
        Continue with {providerName(provider)}
      </button>
      {error && (
        <p className="aw-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** Sign-in with a passkey of this site. */
export function PasskeyButton() {
  const app = useStackApp();
  const { run, busy, error } = useAction(async () => {
    const result = await app.signInWithPasskey();
    return result.status === 'error' ? errorText(result.error) : null;
  });
  return (
    <div className="aw-form">
      <button className="aw-button" type="button" disabled={busy} onClick={() => void run()}>
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      {error && (
        <p className="aw-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
