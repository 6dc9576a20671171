import { useProject } from '../../project.ts';
import { useStackApp } from '../../hooks.ts';
import { HandlerPage } from '../kit.tsx';
import { carryReturnTo } from '../use-handler-navigation.ts';
import { CredentialForm } from './credential-form.tsx';
import { MagicLinkForm } from './magic-link-form.tsx';
import { OAuthButtons, PasskeyButton } from './sign-in-buttons.tsx';

export default function SignInPage() {
  const app = useStackApp();
  const { config } = useProject();
  return (
    <HandlerPage title="Sign in">
      <OAuthButtons providers={config.oauthProviders} />
      {config.passkeyEnabled && <PasskeyButton />}
      {config.credentialEnabled && <CredentialForm mode="sign-in" />}
      {config.credentialEnabled && config.magicLinkEnabled && <p className="aw-alt">or</p>}
      {config.magicLinkEnabled && <MagicLinkForm />}
      {config.credentialEnabled && (
        <p className="aw-alt">
          <a href={app.urls.forgotPassword}>Forgot your password?</a>
        </p>
      )}
      {config.signUpEnabled && (
        <p className="aw-alt">
          No account yet? <a href={carryReturnTo(app.urls.signUp)}>Sign up</a>
        </p>
      )}
    </HandlerPage>
  );
}
