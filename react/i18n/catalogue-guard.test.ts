// The guard of the catalogue: every component and handler page, rendered in a pseudo-locale where each of the
// catalogue's words reads ⟦…⟧, prints no text (text nodes, aria-label, placeholder, title, alt) that did not come
// from the catalogue. What the app gives (props, user and team data) is written «…» here and is not counted.
import { Window } from 'happy-dom';
import { createElement, type ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../runtime/bridge/messages.ts';
import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import { ProjectCache } from '../../runtime/client/reads/project-cache.ts';
import { handlerRouteForPath, resolveHandlerUrls } from '../../runtime/flows/handler-urls.ts';
import { HttpError, OfflineError } from '../../runtime/http/errors.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { loadComponent, type ComponentRegistry } from '../components/registry.ts';
import { LoadingNotice, RetryingWhileUnreachable } from '../components/waiting.tsx';
import AuthHandler from '../handler/auth-handler.tsx';
import { AuthProvider } from '../provider.tsx';
import { TotpDialog } from '../totp-dialog.tsx';
import { MESSAGE_KEYS } from './keys/index.ts';

/** The pseudo-locale: every key's words marked, placeholders kept so values are filled in. */
const PSEUDO = Object.fromEntries(MESSAGE_KEYS.map((key) => [key, `⟦${key}⟧`]));

const CONFIG = {
  signUpEnabled: true,
  credentialEnabled: true,
  passkeyEnabled: true,
  magicLinkEnabled: true,
  oauthProviders: [{ id: 'github' }, { id: 'google' }],
  clientTeamCreationEnabled: true,
  clientUserDeletionEnabled: true,
};

/** What the components read of the app while server-rendered: URLs, the session, the project. */
function fakeApp(): StackClientApp {
  const snapshot: SessionSnapshot = { status: 'signed-out', userId: null, network: 'online', seq: 1 };
  const project = { id: 'p', displayName: '«Project»', config: CONFIG };
  return {
    urls: resolveHandlerUrls(),
    session: { subscribe: () => () => undefined, getSnapshot: () => snapshot },
    userCache: { subscribe: () => () => undefined, getSnapshot: () => ({ status: 'ready', user: null, error: null }) },
    getProject: async () => project,
    projectCache: new ProjectCache(async () => project as never),
    setTotpPrompt: () => () => undefined,
  } as unknown as StackClientApp;
}

const teams = [
  { id: 't1', displayName: '«Red team»' },
  { id: 't2', displayName: '«Blue team»' },
];

/** Each public component with the props an app passes (the app's words written «…»). */
const COMPONENT_PROPS: { [Name in keyof ComponentRegistry]: object } = {
  AuthPage: { type: 'sign-in', fullPage: true },
  SignIn: { extraInfo: '«By signing in you accept the terms.»' },
  SignUp: {},
  CredentialSignIn: {},
  CredentialSignUp: {},
  MagicLinkSignIn: {},
  OAuthButton: { provider: 'github', type: 'sign-in' },
  OAuthButtonGroup: { type: 'sign-up' },
  ForgotPassword: {},
  PasswordReset: { searchParams: { code: '«code»' } },
  EmailVerification: { searchParams: { code: '«code»' } },
  MessageCard: { title: '«Title»', primaryButtonText: '«Go»', secondaryButtonText: '«Back»', children: '«Message»' },
  UserButton: {},
  UserAvatar: { user: null },
  TeamSwitcher: { mockUser: {}, mockTeams: teams },
  SelectedTeamSwitcher: { mockUser: { selectedTeam: teams[1] }, mockTeams: teams, allowNull: true },
  AccountSettings: { fullPage: true },
};

/**
 * Renders server rendering cannot show, named with why (todo in the test output, never skipped silently): they
 * need a signed-in user, which server rendering never has (the session is loading there).
 */
const NOT_SERVER_RENDERED: Readonly<Record<string, string>> = {
  AccountSettings: 'it suspends until the user loads',
  '/handler/account-settings': 'it suspends until the user loads',
  UserButton: 'it renders nothing while the session loads',
};

/** Names that are the same in every language: the OAuth providers' brands. */
const PROPER_NAMES = /\b(GitHub|Google|Microsoft|Facebook|Apple|Discord|GitLab|Bitbucket|LinkedIn|Spotify|Twitch|X)\b/g;

/** The handler's pages, each at its path (and a path the handler has no page for). */
const HANDLER_PATHS = [
  ...Object.values(resolveHandlerUrls()).filter((path) => handlerRouteForPath('/handler', path) !== null),
  '/handler/«no-such-page»',
];

/**
 * Renders still pending their owner's conversion to the catalogue (issue 38 item 1/3), each with who converts it.
 * This list only shrinks: a render on it that prints nothing outside the catalogue fails, so it is taken off.
 */
const PENDING: Readonly<Record<string, string>> = {};

async function html(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(createElement(AuthProvider, { app: fakeApp(), translationOverrides: PSEUDO }, element));
  return (await new Response(prelude).text()).replace(/<style [^>]*>[^<]*<\/style>/g, '');
}

const PEOPLE_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'];

/** What `markup` prints to people outside the catalogue (⟦…⟧) and the app's own words («…»). */
function stray(markup: string): string[] {
  const { document } = new Window();
  document.body.innerHTML = markup;
  const printed: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) printed.push(node.textContent ?? '');
    if (node.nodeType === 1) {
      const element = node as Element;
      if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(element.tagName)) return;
      for (const name of PEOPLE_ATTRIBUTES) {
        const value = element.getAttribute(name);
        if (value !== null) printed.push(value);
      }
    }
    node.childNodes.forEach(walk);
  };
  walk(document.body as unknown as Node);
  return printed
    .map((text) => text.replace(/⟦[^⟧]*⟧/g, '').replace(/«[^»]*»/g, '').replace(PROPER_NAMES, '').trim())
    .filter((rest) => /[\p{L}\p{N}]/u.test(rest));
}

type Render = [name: string, element: () => Promise<ReactElement>];

const ALL_RENDERS: Render[] = [
  ...Object.entries(COMPONENT_PROPS).map(([name, props]): Render => [
    name,
    async () => createElement((await loadComponent(name as keyof ComponentRegistry)).default, props),
  ]),
  ...HANDLER_PATHS.map((path): Render => [path, async () => createElement(AuthHandler, { location: path })]),
  ['TotpDialog', async () => createElement(TotpDialog, { wrongCode: true, onDone: () => undefined })],
  ['LoadingNotice', async () => createElement(LoadingNotice)],
  ['RetryingWhileUnreachable', async () => createElement(RetryingWhileUnreachable, { error: new OfflineError(), retry: () => undefined, className: 'aw-card' })],
  [
    'ErrorBoundary (failed)',
    async () => {
      const boundary = new ErrorBoundary({ fullPage: true });
      boundary.state = ErrorBoundary.getDerivedStateFromError(new HttpError('u', 500, 'oops'));
      return boundary.render() as ReactElement;
    },
  ],
];
const RENDERS = ALL_RENDERS.filter(([name]) => !(name in NOT_SERVER_RENDERED));

describe('the catalogue guard', () => {
  it('renders every public component and handler page', () => {
    expect(RENDERS.length + Object.keys(NOT_SERVER_RENDERED).length).toBeGreaterThanOrEqual(Object.keys(COMPONENT_PROPS).length + 11);
  });

  for (const [name, reason] of Object.entries(NOT_SERVER_RENDERED)) it.todo(`${name}: not server-rendered here, ${reason}`);

  for (const [name, element] of RENDERS) {
    it(`${name} prints only the catalogue's words${name in PENDING ? ` (pending: ${PENDING[name]})` : ''}`, async () => {
      const markup = await html(await element());
      const found = stray(markup);
      if (name in PENDING) return expect(found, `${name} is clean: take it off PENDING`).not.toEqual([]);
      expect(found).toEqual([]);
      // It did render words (a render of nothing would pass the check above): the catalogue's, or the app's.
      expect(markup).toMatch(/[⟦«]/);
    });
  }
});
