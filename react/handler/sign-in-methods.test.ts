// The sign-in and sign-up pages over a matrix of project configs: each shows exactly the methods the project
// enables (password, magic link with its code entry, passkey, one button per enabled OAuth provider), nothing else.
import { createElement, type ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import { ProjectCache } from '../../runtime/client/reads/project-cache.ts';
import { resolveHandlerUrls } from '../../runtime/flows/handler-urls.ts';
import type { ClientProjectData } from '../../runtime/protocol/schemas/project.ts';
import { AuthProvider } from '../provider.tsx';
import SignInPage from './pages/sign-in.tsx';
import SignUpPage from './pages/sign-up.tsx';

type Methods = Pick<ClientProjectData['config'], 'credentialEnabled' | 'magicLinkEnabled' | 'passkeyEnabled' | 'signUpEnabled'> & { oauth: string[] };

/** Just what the pages read: the URLs, the session and the project's client config. */
function fakeApp(methods: Methods): StackClientApp {
  const { oauth, ...flags } = methods;
  const config = { ...flags, oauthProviders: oauth.map((id) => ({ id })), clientTeamCreationEnabled: false, clientUserDeletionEnabled: false };
  const project = { id: 'p', displayName: 'Project', config };
  const snapshot = { status: 'signed-out', userId: null, network: 'online', seq: 0 };
  const session = { subscribe: () => () => undefined, getSnapshot: () => snapshot };
  return { urls: resolveHandlerUrls(), session, getProject: async () => project, projectCache: new ProjectCache(async () => project as never) } as unknown as StackClientApp;
}

/** Renders the page until its project read has settled. */
async function render(page: ComponentType, methods: Methods): Promise<string> {
  const { prelude } = await prerender(createElement(AuthProvider, { app: fakeApp(methods) }, createElement(page)));
  return new Response(prelude).text();
}

/** The controls of the rendered page, by method. */
function controlsIn(html: string) {
  return {
    password: html.includes('name="password"'),
    passwordSubmit: /<button[^>]*type="submit"[^>]*><span>Sign (in|up)<\/span><\/button>/.test(html),
    forgotPassword: html.includes('>Forgot password?</a>'),
    magicLink: html.includes('name="magic-email"') && html.includes('Email me a sign-in link'),
    // The 6-character code can be typed without sending from this tab (the worker holds the nonce); styled as a link.
    magicLinkCodeEntry: html.includes('<button class="aw-link" type="button">I have a code</button>'),
    passkey: html.includes('Sign in with a passkey'),
    oauth: [...html.matchAll(/<span>Continue with ([^<]+)<\/span>/g)].map((m) => m[1]),
    signUpLink: html.includes('>Sign up</a>'),
    signUpRefused: html.includes('Creating new accounts is not enabled for this project.'),
  };
}

const NONE: Methods = { credentialEnabled: false, magicLinkEnabled: false, passkeyEnabled: false, signUpEnabled: true, oauth: [] };

const MATRIX: { name: string; methods: Methods; oauthNames: string[] }[] = [
  { name: 'password only', methods: { ...NONE, credentialEnabled: true }, oauthNames: [] },
  { name: 'magic link only', methods: { ...NONE, magicLinkEnabled: true }, oauthNames: [] },
  { name: 'passkey only', methods: { ...NONE, passkeyEnabled: true }, oauthNames: [] },
  { name: 'OAuth only, known and unknown providers', methods: { ...NONE, oauth: ['github', 'google', 'acme'] }, oauthNames: ['GitHub', 'Google', 'Acme'] },
  { name: 'password and magic link', methods: { ...NONE, credentialEnabled: true, magicLinkEnabled: true }, oauthNames: [] },
  {
    name: 'every method',
    methods: { credentialEnabled: true, magicLinkEnabled: true, passkeyEnabled: true, signUpEnabled: true, oauth: ['microsoft', 'spotify'] },
    oauthNames: ['Microsoft', 'Spotify'],
  },
  { name: 'no method at all', methods: NONE, oauthNames: [] },
  { name: 'every method, sign-up disabled', methods: { credentialEnabled: true, magicLinkEnabled: true, passkeyEnabled: true, signUpEnabled: false, oauth: ['github'] }, oauthNames: ['GitHub'] },
];

describe('sign-in page: exactly the methods the project enables', () => {
  it.each(MATRIX)('$name', async ({ methods, oauthNames }) => {
    const controls = controlsIn(await render(SignInPage, methods));
    expect(controls).toEqual({
      password: methods.credentialEnabled,
      passwordSubmit: methods.credentialEnabled,
      forgotPassword: methods.credentialEnabled,
      magicLink: methods.magicLinkEnabled,
      magicLinkCodeEntry: methods.magicLinkEnabled,
      passkey: methods.passkeyEnabled,
      oauth: oauthNames,
      signUpLink: methods.signUpEnabled,
      signUpRefused: false,
    });
  });
});

describe('sign-up page: exactly the methods the project enables', () => {
  it.each(MATRIX)('$name', async ({ methods, oauthNames }) => {
    const controls = controlsIn(await render(SignUpPage, methods));
    const open = methods.signUpEnabled;
    expect(controls).toEqual({
      password: open && methods.credentialEnabled,
      passwordSubmit: open && methods.credentialEnabled,
      forgotPassword: false,
      magicLink: open && methods.magicLinkEnabled,
      magicLinkCodeEntry: open && methods.magicLinkEnabled,
      // As in the official SDK: a passkey signs in an existing account; there is no passkey sign-up.
      passkey: false,
      oauth: open ? oauthNames : [],
      signUpLink: false,
      signUpRefused: !open,
    });
  });
});

describe('the pages name the method a control is for', () => {
  it('labels every field and gives each OAuth button the provider name', async () => {
    const html = await render(SignInPage, { credentialEnabled: true, magicLinkEnabled: true, passkeyEnabled: true, signUpEnabled: true, oauth: ['github'] });
    for (const label of ['E-mail', 'Password', 'E-mail for a sign-in link']) {
      const id = new RegExp(`<label class="aw-label" for="([^"]+)">${label}</label>`).exec(html)?.[1];
      expect(html, label).toContain(`<input id="${id}"`);
    }
    expect(html).toMatch(/<button type="button" class="aw-button aw-secondary"><svg [^>]*><path [^>]*><\/path><\/svg><span>Continue with GitHub<\/span><\/button>/);
  });
});
