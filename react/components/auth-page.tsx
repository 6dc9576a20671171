import { Suspense, useEffect, type ReactNode } from 'react';
import { useSession, useStackApp } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useProject } from '../project.ts';
import { CredentialSignInForm, CredentialSignUp } from './credential-forms.tsx';
import { Card } from './frame.tsx';
import { MagicLinkSignIn } from './magic-link-sign-in.tsx';
import { MessageCard } from './message-card.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';
import { PasskeyButton } from './passkey-button.tsx';
import { carryReturnTo } from './return-to.ts';
import { Separator, Tabs, type TabItem } from './tabs.tsx';
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

function SwitchLink({ isSignIn }: { isSignIn: boolean }) {
  const app = useStackApp();
  const t = useTranslation();
  return isSignIn ? (
    <p>
      {t('No account yet?')} <a href={carryReturnTo(app.urls.signUp)}>{t('Sign up')}</a>
    </p>
  ) : (
    <p>
      {t('Already have an account?')} <a href={carryReturnTo(app.urls.signIn)}>{t('Sign in')}</a>
    </p>
  );
}

function Methods({ type, config, firstTab = 'magic-link', noPasswordRepeat, extraInfo }: AuthPageProps & { config: Config }) {
  const t = useTranslation();
  const isSignIn = type === 'sign-in';
  if (!isSignIn && !config.signUpEnabled) {
    return (
      <>
        <p role="alert">{t('Creating new accounts is not enabled for this project.')}</p>
        <div className="aw-alt">
          <SwitchLink isSignIn={false} />
        </div>
      </>
    );
  }
  const password = config.credentialEnabled && (isSignIn ? <CredentialSignInForm passkeyAutofill={config.passkeyEnabled} /> : <CredentialSignUp noPasswordRepeat={noPasswordRepeat} />);
  const magicLink = config.magicLinkEnabled && <MagicLinkSignIn />;
  const passkey = isSignIn && config.passkeyEnabled;
  const quick = config.oauthProviders.length > 0 || passkey;
  const none = !config.credentialEnabled && !config.magicLinkEnabled && !passkey && config.oauthProviders.length === 0;
  const tabs: TabItem[] = [
    { value: 'magic-link', label: t('Email'), content: magicLink },
    { value: 'password', label: t('Email & Password'), content: password },
  ];
  return (
    <div className="aw-stack">
      {quick && (
        <div className="aw-oauth">
          <OAuthButtons type={type} providers={config.oauthProviders} />
          {passkey && <PasskeyButton />}
        </div>
      )}
      {quick && (password || magicLink) && <Separator>{t('Or continue with')}</Separator>}
      {password && magicLink ? <Tabs label={t('Sign-in method')} items={firstTab === 'password' ? tabs.reverse() : tabs} defaultValue={firstTab} /> : password || magicLink}
      {none && <p>{t('No sign-in method is enabled for this project.')}</p>}
      {(isSignIn ? config.signUpEnabled : true) && (
        <div className="aw-alt">
          <SwitchLink isSignIn={isSignIn} />
        </div>
      )}
      {extraInfo && <div className="aw-alt">{extraInfo}</div>}
    </div>
  );
}

function ProjectMethods(props: AuthPageProps) {
  return <Methods {...props} config={useProject().config} />;
}

/** The sign-in and sign-up pages' one implementation; `whenSignedIn` is the handler's choice (`form`). */
export function AuthPageView({ whenSignedIn, ...props }: AuthPageProps & { whenSignedIn: WhenSignedIn }) {
  const app = useStackApp();
  const session = useSession();
  const t = useTranslation();
  const signedIn = !props.mockProject && session.status === 'signed-in' && whenSignedIn !== 'form';
  const redirect = signedIn && whenSignedIn === 'redirect';
  useEffect(() => {
    if (redirect) void (props.type === 'sign-in' ? app.redirectToAfterSignIn({ replace: true }) : app.redirectToAfterSignUp({ replace: true }));
  }, [app, redirect, props.type]);
  if (redirect) return null;
  if (signedIn) {
    return (
      <MessageCard
        title={t('You are already signed in')}
        fullPage={props.fullPage}
        primaryButtonText={t('Go home')}
        primaryAction={() => app.redirectToHome()}
        secondaryButtonText={t('Sign out')}
        secondaryAction={() => app.signOut()}
      />
    );
  }
  return (
    <Card title={props.type === 'sign-in' ? t('Sign in') : t('Create an account')} fullPage={props.fullPage} centered>
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
