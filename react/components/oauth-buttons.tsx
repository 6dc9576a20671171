import { useStackApp } from '../hooks.ts';
import { useProject } from '../project.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Scope } from './frame.tsx';
import { BrandMark } from './icons.tsx';
import { Button, useAction } from './kit.tsx';

const PROVIDER_NAMES: Record<string, string> = { github: 'GitHub', google: 'Google', microsoft: 'Microsoft', spotify: 'Spotify', facebook: 'Facebook', gitlab: 'GitLab', apple: 'Apple', discord: 'Discord', bitbucket: 'Bitbucket', linkedin: 'LinkedIn', x: 'X' };

/** The display name of a provider id (`github` -> GitHub): brand names, the same in every language. */
export function providerName(id: string): string {
  return PROVIDER_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** The official `OAuthButton`'s props. */
export interface OAuthButtonProps {
  provider: string;
  /** Sign-in and sign-up are the same OAuth flow; the button reads "Continue with …" for both. */
  type: 'sign-in' | 'sign-up';
  /** A preview without a project: the official button then hides its "last used" badge, which ours does not have. */
  isMock?: boolean;
  /** Runs instead of the OAuth sign-in. */
  onAuthenticate?: () => Promise<void>;
}

/** Signs in (or up) with one OAuth provider: the browser leaves for the provider and comes back to the oauth-callback page. */
export function OAuthButton({ provider, onAuthenticate }: OAuthButtonProps) {
  const app = useStackApp();
  const t = useTranslation();
  const { run, busy, error } = useAction(() => (onAuthenticate ? onAuthenticate() : app.signInWithOAuth(provider)));
  return (
    <Scope className="aw-field">
      <Button variant="secondary" busy={busy} icon={<BrandMark provider={provider} />} onClick={() => void run()}>
        {t('Continue with {provider}', { provider: providerName(provider) })}
      </Button>
      {error && (
        <p className="aw-error" role="alert">
          {error}
        </p>
      )}
    </Scope>
  );
}

/** The project's config as the official components' `mockProject` gives it. */
interface MockOAuthProject {
  config: { oauthProviders: { id: string }[] };
}

/** The official `OAuthButtonGroup`'s props. */
export interface OAuthButtonGroupProps {
  type: 'sign-in' | 'sign-up';
  /** Shows these providers instead of the project's (a preview). */
  mockProject?: MockOAuthProject;
}

function ProjectOAuthButtons({ type }: { type: OAuthButtonGroupProps['type'] }) {
  return <OAuthButtons type={type} providers={useProject().config.oauthProviders} />;
}

/** One button per OAuth provider, as a list the other components reuse. */
export function OAuthButtons({ type, providers, isMock }: { type: OAuthButtonGroupProps['type']; providers: { id: string }[]; isMock?: boolean }) {
  if (providers.length === 0) return null;
  return (
    <Scope className="aw-oauth">
      {providers.map((p) => (
        <OAuthButton key={p.id} provider={p.id} type={type} isMock={isMock} />
      ))}
    </Scope>
  );
}

/** One button per OAuth provider the project enables. */
export function OAuthButtonGroup({ type, mockProject }: OAuthButtonGroupProps) {
  return mockProject ? <OAuthButtons type={type} providers={mockProject.config.oauthProviders} isMock /> : <ProjectOAuthButtons type={type} />;
}
