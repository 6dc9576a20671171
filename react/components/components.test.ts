// The components rendered as an app renders them, with a fake app: what each shows for the official props.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../runtime/bridge/messages.ts';
import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import { ProjectCache } from '../../runtime/client/reads/project-cache.ts';
import { resolveHandlerUrls } from '../../runtime/flows/handler-urls.ts';
import { StackSetupError } from '../../runtime/protocol/setup-error.ts';
import { AuthProvider } from '../provider.tsx';
import { AuthPage, SignIn, SignUp } from './auth-page.tsx';
import { CredentialSignIn, CredentialSignUp } from './credential-forms.tsx';
import { MessageCard } from './message-card.tsx';
import { StackTheme } from './stack-theme.tsx';
import { SelectedTeamSwitcher, TeamSwitcher } from './team-switcher.tsx';
import { themeCss } from './theme-css.ts';
import { UserAvatar } from './user-avatar.tsx';

const PASSWORD_ONLY = { signUpEnabled: true, credentialEnabled: true, passkeyEnabled: false, magicLinkEnabled: false, oauthProviders: [] };

/** What the components read of the app: URLs, the session, the project. (Server rendering sees the session as loading: the signed-in cases are in e2e/components.spec.ts.) */
function fakeApp() {
  const snapshot: SessionSnapshot = { status: 'signed-out', userId: null, network: 'online', seq: 1 };
  const project = { id: 'p', displayName: 'Project', config: { ...PASSWORD_ONLY, clientTeamCreationEnabled: true, clientUserDeletionEnabled: false } };
  const app = {
    urls: resolveHandlerUrls(),
    session: { subscribe: () => () => undefined, getSnapshot: () => snapshot },
    getProject: async () => project,
    projectCache: new ProjectCache(async () => project as never),
    setTotpPrompt: () => () => undefined,
  } as unknown as StackClientApp;
  return { app };
}

/** Renders until every suspended read has settled; the components' hoisted styles left out. */
async function render(element: ReactNode, app = fakeApp().app): Promise<string> {
  const { prelude } = await prerender(createElement(AuthProvider, { app }, element));
  return (await new Response(prelude).text()).replace(/<style [^>]*>[^<]*<\/style>/g, '');
}

describe('SignIn, SignUp and AuthPage', () => {
  it('show exactly the methods of `mockProject`, with the magic link first unless `firstTab` says password', async () => {
    const mockProject = { config: { ...PASSWORD_ONLY, magicLinkEnabled: true, oauthProviders: [{ id: 'github' }] } };
    const html = await render(createElement(SignIn, { mockProject, extraInfo: 'By signing in you accept the terms.' }));
    expect(html).toContain('<div class="aw-card-head"><h2 class="aw-title">Sign in</h2></div>');
    expect(html).toContain('<span>Continue with GitHub</span>');
    expect(html.indexOf('name="magic-email"')).toBeLessThan(html.indexOf('name="password"'));
    expect(html).toContain('By signing in you accept the terms.');
    const passwordFirst = await render(createElement(AuthPage, { type: 'sign-in', mockProject, firstTab: 'password', fullPage: true }));
    expect(passwordFirst).toContain('<div class="aw-page aw-card aw-full-page"><div class="aw-card-head"><h1>Sign in</h1></div>');
    expect(passwordFirst.indexOf('name="password"')).toBeLessThan(passwordFirst.indexOf('name="magic-email"'));
  });

  it('sign-up asks for the password twice unless `noPasswordRepeat`', async () => {
    expect(await render(createElement(SignUp))).toContain('name="passwordRepeat"');
    expect(await render(createElement(SignUp, { noPasswordRepeat: true }))).not.toContain('name="passwordRepeat"');
    expect(await render(createElement(CredentialSignUp, {}))).toContain('name="passwordRepeat"');
    expect(await render(createElement(CredentialSignIn))).not.toContain('name="passwordRepeat"');
  });
});

describe('the component root', () => {
  it('is one `.aw-page` per component: nested ones add none', async () => {
    const standalone = await render(createElement(CredentialSignIn));
    expect(standalone.match(/class="aw-page/g)).toHaveLength(1);
    const page = await render(createElement(SignIn, { mockProject: { config: { ...PASSWORD_ONLY, magicLinkEnabled: true } } }));
    expect(page.match(/class="aw-page/g)).toHaveLength(1);
  });

  it('puts the styles in the document once, however many components render them', async () => {
    const { prelude } = await prerender(createElement(AuthProvider, { app: fakeApp().app }, createElement(UserAvatar), createElement(CredentialSignIn)));
    const html = await new Response(prelude).text();
    expect(html.match(/data-href="authworker-components"/g)).toHaveLength(1);
  });
});

describe('StackTheme', () => {
  it('maps the official colours and radius onto the --aw-* variables, the dark ones under the app\'s dark root', () => {
    const css = themeCss({ light: { primary: 'hsl(160 84% 39%)', primaryForeground: '#fff', card: '#fafafa', ring: 'red' }, dark: { primary: '#34d399' }, radius: '4px' });
    expect(css).toContain('.aw-page{--aw-bg:#fafafa;--aw-accent:hsl(160 84% 39%);--aw-accent-fg:#fff;--aw-ring:red;--aw-radius:4px;}');
    expect(css).toMatch(/:root:is\(\[data-theme\*=dark\][^)]*\) \.aw-page\{[^}]*--aw-accent:#34d399;/);
  });

  it('refuses a value that would end its rule, naming the colour', () => {
    expect(() => themeCss({ light: { primary: 'red} body{display:none' } })).toThrow(StackSetupError);
    expect(() => themeCss({ light: { primary: 'red} body{display:none' } })).toThrow('StackTheme theme.light.primary is not a CSS value');
  });

  // (Its nonce reaches the style elements in the browser, e2e/components.spec.ts: React's server rendering takes the nonce of renderToReadableStream.)
  it('gives its theme to the components below it', async () => {
    const { prelude } = await prerender(
      createElement(AuthProvider, { app: fakeApp().app }, createElement(StackTheme, { theme: { light: { primary: 'teal' } }, nonce: 'n0nce' }, createElement(UserAvatar))),
    );
    const html = await new Response(prelude).text();
    expect(html).toMatch(/data-href="authworker-components authworker-theme-\w+"/);
    expect(html).toContain('.aw-page{--aw-accent:teal;}');
  });
});

describe('UserAvatar', () => {
  it('shows the image, else two letters of the name or e-mail, else an outline; named for assistive technology', () => {
    const avatar = (props: Parameters<typeof UserAvatar>[0]) => renderToStaticMarkup(createElement(UserAvatar, props)).replace(/<style [^>]*>[^<]*<\/style>/g, '');
    expect(avatar({ user: { displayName: 'ada lovelace', profileImageUrl: 'https://img.example/a.png' }, size: 40 })).toContain('<img src="https://img.example/a.png" alt=""/>');
    expect(avatar({ user: { primaryEmail: 'kay@example.com' } })).toMatch(/role="img" aria-label="Avatar of kay@example.com" style="width:34px;height:34px;[^"]*">KA<\/span>/);
    expect(avatar({ user: null, border: true })).toMatch(/class="aw-avatar aw-avatar-border" role="img" aria-label="Avatar"[^>]*><svg/);
  });
});

describe('MessageCard', () => {
  it('has its title as the heading of its level and the two actions, secondary first', () => {
    const html = renderToStaticMarkup(
      createElement(AuthProvider, { app: fakeApp().app }, createElement(MessageCard, { title: 'Email sent!', fullPage: true, primaryButtonText: 'Go home', secondaryButtonText: 'Back' }, 'Check your inbox.')),
    );
    expect(html).toContain('<h1>Email sent!</h1>Check your inbox.<div class="aw-actions"><button class="aw-button aw-secondary" type="button">Back</button><button class="aw-button" type="button">Go home</button></div>');
  });
});

describe('TeamSwitcher and SelectedTeamSwitcher', () => {
  const teams = [
    { id: 't1', displayName: 'Red' },
    { id: 't2', displayName: 'Blue' },
  ];

  it('with mock data: a labelled listbox button showing the chosen team (server-rendered too)', async () => {
    const html = await render(createElement(SelectedTeamSwitcher, { mockUser: { selectedTeam: teams[1] }, mockTeams: teams, allowNull: true, nullLabel: 'Personal' }));
    expect(html).toMatch(/<button type="button" role="combobox" aria-expanded="false"[^>]*aria-label="Team"[^>]*><span[^>]*>Blue<\/span>/);
    const none = await render(createElement(SelectedTeamSwitcher, { mockUser: {}, mockTeams: teams, allowNull: true, nullLabel: 'Personal' }));
    expect(none).toMatch(/aria-label="Team"[^>]*><span[^>]*>Personal<\/span>/);
    // A preview has no links to the account settings.
    expect(html).not.toContain('<a ');
  });

  it('asks to pick a team when none is chosen', async () => {
    const html = await render(createElement(TeamSwitcher, { mockUser: {}, mockTeams: teams }));
    expect(html).toMatch(/data-placeholder=""[^>]*aria-label="Team"[^>]*><span[^>]*>Select team<\/span>/);
  });
});
