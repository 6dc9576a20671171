import { useProject } from '../../project.ts';
import { useStackApp } from '../../hooks.ts';
import { HandlerPage } from '../kit.tsx';
import { carryReturnTo } from '../use-handler-navigation.ts';
import { CredentialForm } from './credential-form.tsx';
import { MagicLinkForm } from './magic-link-form.tsx';
import { OAuthButtons } from './sign-in-buttons.tsx';

export default function SignUpPage() {
  const app = useStackApp();
  const { config } = useProject();
  return (
    <HandlerPage title="Create an account">
      {!config.signUpEnabled && <p role="alert">Creating new accounts is not enabled for this project.</p>}
      {config.signUpEnabled && <OAuthButtons providers={config.oauthProviders} />}
      {config.signUpEnabled && config.credentialEnabled && <CredentialForm mode="sign-up" />}
      {config.signUpEnabled && config.magicLinkEnabled && <MagicLinkForm />}
      <p className="aw-alt">
        Already have an account? <a href={carryReturnTo(app.urls.signIn)}>Sign in</a>
      </p>
    </HandlerPage>
  );
}
