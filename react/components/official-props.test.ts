// Each component `authworker/react` exports under an official name accepts the props of `@stackframe/react`
// 2.8.108's component of that name (checked by `npm run typecheck`, which compiles this file), and the official
// props it does not support fail to compile and throw a setup error naming the prop.
import type * as Official from '@stackframe/react';
import { createElement, type ComponentProps, type JSX } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Team } from '../../runtime/client/user/teams.ts';
import { StackSetupError } from '../../runtime/protocol/setup-error.ts';
// The consumer suite's app written for the official SDK (e2e/consumer/stack-react-app.consumer.ts builds it with
// authworker): importing it here compiles it against @stackframe/react itself.
import type { App as OfficialSdkApp } from '../../e2e/consumer/templates/stack-react-app/src/app.tsx';
import * as Ours from '../index.ts';
import { AuthHandler } from '../handler/auth-handler.tsx';
import { AccountSettings } from './account-settings.tsx';

type OfficialTeam = Official.Team;
/** The official team's data, which is what a callback written for the official switchers can read of ours. */
type OfficialTeamData = Pick<OfficialTeam, 'id' | 'displayName' | 'profileImageUrl' | 'clientMetadata' | 'clientReadOnlyMetadata'>;

const MOCK_PROPS = ['mockUser', 'mockApiKeys', 'mockProject', 'mockSessions'] as const;

describe('the official props', () => {
  it('the consumer suite\'s drop-in app is an app of the official SDK (it compiles against @stackframe/react)', () => {
    expectTypeOf<typeof OfficialSdkApp>().toEqualTypeOf<() => JSX.Element>();
  });

  it('every component takes the official props (switchers: with the official team objects where the props carry one)', () => {
    expectTypeOf<ComponentProps<typeof Official.SignIn>>().toExtend<ComponentProps<typeof Ours.SignIn>>();
    expectTypeOf<ComponentProps<typeof Official.SignUp>>().toExtend<ComponentProps<typeof Ours.SignUp>>();
    expectTypeOf<ComponentProps<typeof Official.AuthPage>>().toExtend<ComponentProps<typeof Ours.AuthPage>>();
    expectTypeOf<ComponentProps<typeof Official.CredentialSignIn>>().toExtend<ComponentProps<typeof Ours.CredentialSignIn>>();
    expectTypeOf<ComponentProps<typeof Official.CredentialSignUp>>().toExtend<ComponentProps<typeof Ours.CredentialSignUp>>();
    expectTypeOf<ComponentProps<typeof Official.MagicLinkSignIn>>().toExtend<ComponentProps<typeof Ours.MagicLinkSignIn>>();
    expectTypeOf<ComponentProps<typeof Official.OAuthButton>>().toExtend<ComponentProps<typeof Ours.OAuthButton>>();
    expectTypeOf<ComponentProps<typeof Official.OAuthButtonGroup>>().toExtend<ComponentProps<typeof Ours.OAuthButtonGroup>>();
    expectTypeOf<ComponentProps<typeof Official.ForgotPassword>>().toExtend<ComponentProps<typeof Ours.ForgotPassword>>();
    expectTypeOf<ComponentProps<typeof Official.PasswordReset>>().toExtend<ComponentProps<typeof Ours.PasswordReset>>();
    expectTypeOf<ComponentProps<typeof Official.EmailVerification>>().toExtend<ComponentProps<typeof Ours.EmailVerification>>();
    expectTypeOf<ComponentProps<typeof Official.MessageCard>>().toExtend<ComponentProps<typeof Ours.MessageCard>>();
    expectTypeOf<ComponentProps<typeof Official.UserAvatar>>().toExtend<ComponentProps<typeof Ours.UserAvatar>>();
    expectTypeOf<ComponentProps<typeof Official.StackTheme>>().toExtend<ComponentProps<typeof Ours.StackTheme>>();
    expectTypeOf<Omit<ComponentProps<typeof Official.AccountSettings>, (typeof MOCK_PROPS)[number]>>().toExtend<ComponentProps<typeof Ours.AccountSettings>>();
    expectTypeOf<ComponentProps<typeof Official.UserButton>>().toExtend<ComponentProps<typeof Ours.UserButton>>();
  });

  it('StackProvider takes the official props (with our app where the official takes its own)', () => {
    type OfficialProvider = ComponentProps<typeof Official.StackProvider>;
    type OurProvider = ComponentProps<typeof Ours.StackProvider>;
    expectTypeOf<Omit<OfficialProvider, 'app'>>().toExtend<Omit<OurProvider, 'app'>>();
    expectTypeOf<OurProvider['app']>().toEqualTypeOf<Ours.StackClientApp>();
    // Every official prop is one of ours: none is dropped by the Omit above but `app`.
    expectTypeOf<Exclude<keyof OfficialProvider, keyof OurProvider>>().toEqualTypeOf<never>();
  });

  it('StackHandler takes the official props but componentProps, which fails to compile with the reason and throws', () => {
    type OfficialHandler = ComponentProps<typeof Official.StackHandler>;
    type OurHandler = ComponentProps<typeof Ours.StackHandler>;
    expectTypeOf<Omit<OfficialHandler, 'componentProps'>>().toExtend<OurHandler>();
    expectTypeOf<Exclude<keyof OfficialHandler, keyof OurHandler>>().toEqualTypeOf<never>();
    expectTypeOf<Pick<OfficialHandler, 'componentProps'> extends Pick<OurHandler, 'componentProps'> ? true : false>().toEqualTypeOf<false>();
    // The form of the official React guide: the app given, the page full.
    expectTypeOf<{ fullPage: true; app: Official.StackClientApp<true>; location: string }>().toExtend<OurHandler>();
    // @ts-expect-error authworker: StackHandler does not take componentProps; render your own component … through `pages`
    createElement(Ours.StackHandler, { fullPage: true, componentProps: { SignIn: { extraInfo: 'Terms' } } });
    const render = () => renderToString(createElement(AuthHandler, { componentProps: {} } as unknown as ComponentProps<typeof AuthHandler>));
    expect(render).toThrow(StackSetupError);
    expect(render).toThrow('authworker: <StackHandler> does not support the componentProps prop');
  });

  it('redirectMethod takes the form of the official React guide, { useNavigate }, and the other official forms', () => {
    type OfficialMethod = NonNullable<ConstructorParameters<typeof Official.StackClientApp>[0]['redirectMethod']>;
    type OurMethod = NonNullable<Ours.StackClientAppOptions['redirectMethod']>;
    expectTypeOf<Exclude<OfficialMethod, 'nextjs'>>().toExtend<OurMethod>();
    expectTypeOf<{ useNavigate: () => (to: string) => void }>().toExtend<OurMethod>();
  });

  it('the switchers take the official props, team objects included; their callbacks get our teams, which carry the official team data', () => {
    type OfficialSelected<AllowNull extends boolean> = Parameters<typeof Official.SelectedTeamSwitcher<AllowNull>>[0];
    type OurSelected<AllowNull extends boolean> = Parameters<typeof Ours.SelectedTeamSwitcher<AllowNull>>[0];
    type OfficialSwitcher<AllowNull extends boolean> = Parameters<typeof Official.TeamSwitcher<AllowNull>>[0];
    type OurSwitcher<AllowNull extends boolean> = Parameters<typeof Ours.TeamSwitcher<AllowNull>>[0];
    type Callbacks = 'onChange' | 'urlMap';
    expectTypeOf<Omit<OfficialSelected<false>, Callbacks>>().toExtend<OurSelected<false>>();
    expectTypeOf<Omit<OfficialSelected<true>, Callbacks>>().toExtend<OurSelected<true>>();
    expectTypeOf<Omit<OfficialSwitcher<false>, Callbacks>>().toExtend<OurSwitcher<false>>();
    expectTypeOf<Omit<OfficialSwitcher<true>, Callbacks>>().toExtend<OurSwitcher<true>>();
    expectTypeOf<OfficialTeam>().toExtend<NonNullable<OurSelected<false>['selectedTeam']>>();
    expectTypeOf<OfficialTeam[]>().toExtend<NonNullable<OurSwitcher<false>['teams']>>();
    // A callback written for the official team's data (what the switchers pass) is one of ours.
    expectTypeOf<Team>().toExtend<OfficialTeamData>();
    expectTypeOf<(team: OfficialTeamData) => void>().toExtend<NonNullable<OurSelected<false>['onChange']>>();
    expectTypeOf<(team: OfficialTeamData | null) => string>().toExtend<NonNullable<OurSelected<true>['urlMap']>>();
    expectTypeOf<(team: OfficialTeamData) => Promise<void>>().toExtend<NonNullable<OurSwitcher<false>['onChange']>>();
  });

  it('the mock props of AccountSettings fail to compile, with the reason, and throw a setup error naming the prop', () => {
    type OfficialSettings = ComponentProps<typeof Official.AccountSettings>;
    type OurSettings = ComponentProps<typeof Ours.AccountSettings>;
    type Accepted = { [Prop in (typeof MOCK_PROPS)[number]]: Pick<OfficialSettings, Prop> extends Pick<OurSettings, Prop> ? true : false };
    expectTypeOf<Accepted>().toEqualTypeOf<{ mockUser: false; mockApiKeys: false; mockProject: false; mockSessions: false }>();
    // @ts-expect-error authworker: AccountSettings shows the signed-in user only; its mock props … are not supported
    createElement(Ours.AccountSettings, { mockUser: { displayName: 'Preview' } });
    for (const prop of MOCK_PROPS) {
      const render = () => renderToString(createElement(AccountSettings, { [prop]: {} } as ComponentProps<typeof AccountSettings>));
      expect(render).toThrow(StackSetupError);
      expect(render).toThrow(`authworker: <AccountSettings> does not support the ${prop} prop`);
    }
  });
});

describe('UserButton', () => {
  it('takes initials from the name, else from the e-mail', async () => {
    const { initials } = await import('./user-avatar.tsx');
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Cher')).toBe('CH');
    expect(initials('a-very-long@example.com')).toBe('AV');
  });
});
