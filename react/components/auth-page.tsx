import { Suspense, useEffect, type ReactNode } from 'react';
import { useSession, useStackApp } from '../hooks.ts';
import { useProject } from '../project.ts';
import { CredentialSignIn, CredentialSignUp } from './credential-forms.tsx';
import { Card } from './frame.tsx';
import { MagicLinkSignIn } from './magic-link-sign-in.tsx';
import { MessageCard } from './message-card.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';
import { PasskeyButton } from './passkey-button.tsx';
import { carryReturnTo } from './return-to.ts';
import { LoadingText } from './waiting.tsx';

/** The sign-in methods of a project, as the official components' `mockProject` gives them. */
interface MockAuthProject {
  config: { signUpEnabled: boolean; credentialEnabled: boolean; passkeyEnabled: boolean; magicLinkEnabled: boolean; oauthProviders: { id: string }[] };
}

/** The official `AuthPage`'s props. */
export interface AuthPageProps {
  type: 'sign-in' | 'sign-up';
  /** The page's main content: a level-one heading, the card in the middle of the page. */
  fullPage?: boolean;
  /** A signed-in user is sent on to the after-sign-in (or after-sign-up) URL; otherwise the card says they are signed in. */
  automaticRedirect?: boolean;
  /** Shown below the forms (terms of service, say). */
  extraInfo?: ReactNode;
  /** With both password and magic link enabled, which form comes first; the magic link by default. */
  firstTab?: 'magic-link' | 'password';
  /** Sign-up asks for the password once instead of twice. */
  noPasswordRepeat?: boolean;
  /** Shows these sign-in methods instead of the project's (a preview: a signed-in user sees the forms too). */
  mockProject?: MockAuthProject;
}

export type SignInProps = Omit<AuthPageProps, 'type' | 'noPasswordRepeat'>;
export type SignUpProps = Omit<AuthPageProps, 'type' | 'mockProject'>;

/** What a signed-in user sees: the forms (the handler pages: another account, or offline), a card saying so, or nothing while being sent on. */
export type WhenSignedIn = 'form' | 'card' | 'redirect';

type Config = MockAuthProject['config'];

function Methods({ type, config, firstTab = 'magic-link', noPasswordRepeat, extraInfo }: AuthPageProps & { config: Config }) {
  const app = useStackApp();
  const isSignIn = type === 'sign-in';
  if (!isSignIn && !config.signUpEnabled) {
    return (
      <>
        <p role="alert">Creating new accounts is not enabled for this project.</p>
        <p className="aw-alt">
          Already have an account? <a href={carryReturnTo(app.urls.signIn)}>Sign in</a>
        </p>
      </>
    );
  }
  const password = config.credentialEnabled && (isSignIn ? <CredentialSignIn /> : <CredentialSignUp noPasswordRepeat={noPasswordRepeat} />);
  const magicLink = config.magicLinkEnabled && <MagicLinkSignIn />;
  const passwordFirst = firstTab === 'password';
  const none = !config.credentialEnabled && !config.magicLinkEnabled && !config.passkeyEnabled && config.oauthProviders.length === 0;
  return (
    <>
      <OAuthButtons type={type} providers={config.oauthProviders} />
      {isSignIn && config.passkeyEnabled && <PasskeyButton />}
      {passwordFirst ? password : magicLink}
      {password && magicLink && <p className="aw-alt">or</p>}
      {passwordFirst ? magicLink : password}
      {none && <p>No sign-in method is enabled for this project.</p>}
      {isSignIn && config.credentialEnabled && (
        <p className="aw-alt">
          <a href={app.urls.forgotPassword}>Forgot your password?</a>
        </p>
      )}
      {isSignIn && config.signUpEnabled && (
        <p className="aw-alt">
          No account yet? <a href={carryReturnTo(app.urls.signUp)}>Sign up</a>
        </p>
      )}
      {!isSignIn && (
        <p className="aw-alt">
          Already have an account? <a href={carryReturnTo(app.urls.signIn)}>Sign in</a>
        </p>
      )}
      {extraInfo && <div className="aw-alt">{extraInfo}</div>}
    </>
  );
}

function ProjectMethods(props: AuthPageProps) {
  return <Methods {...props} config={useProject().config} />;
}

/** The sign-in and sign-up pages' one implementation; `whenSignedIn` is the handler's choice (`form`). */
export function AuthPageView({ whenSignedIn, ...props }: AuthPageProps & { whenSignedIn: WhenSignedIn }) {
  const app = useStackApp();
  const session = useSession();
  const signedIn = !props.mockProject && session.status === 'signed-in' && whenSignedIn !== 'form';
  const redirect = signedIn && whenSignedIn === 'redirect';
  useEffect(() => {
    if (redirect) void (props.type === 'sign-in' ? app.redirectToAfterSignIn({ replace: true }) : app.redirectToAfterSignUp({ replace: true }));
  }, [app, redirect, props.type]);
  if (redirect) return null;
  if (signedIn) {
    return (
      <MessageCard
        title="You are already signed in"
        fullPage={props.fullPage}
        primaryButtonText="Go home"
        primaryAction={() => app.redirectToHome()}
        secondaryButtonText="Sign out"
        secondaryAction={() => app.signOut()}
      />
    );
  }
  return (
    <Card title={props.type === 'sign-in' ? 'Sign in' : 'Create an account'} fullPage={props.fullPage}>
      <Suspense fallback={<LoadingText />}>
        {props.mockProject ? <Methods {...props} config={props.mockProject.config} /> : <ProjectMethods {...props} />}
      </Suspense>
    </Card>
  );
}

/** The official `AuthPage`: the sign-in or sign-up card with every method the project enables. */
export function AuthPage(props: AuthPageProps) {
  return <AuthPageView {...props} whenSignedIn={props.automaticRedirect ? 'redirect' : 'card'} />;
}

/** The official `SignIn`: OAuth buttons, passkey, password and magic-link forms as the project enables them. */
export function SignIn(props: SignInProps) {
  return <AuthPage {...props} type="sign-in" />;
}

/** The official `SignUp`: the sign-up methods the project enables (a refusal when sign-up is off). */
export function SignUp(props: SignUpProps) {
  return <AuthPage {...props} type="sign-up" />;
}
