import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import { ProjectCache } from '../../runtime/client/reads/project-cache.ts';
import { resolveHandlerUrls, type HandlerRoute, type HandlerUrls } from '../../runtime/flows/handler-urls.ts';
import { AuthProvider } from '../provider.tsx';
import { AuthHandler } from './auth-handler.tsx';

/** Just what the sign-in page reads: the URLs, the session and a project with password sign-in. */
function fakeApp(urls: Partial<HandlerUrls> = {}): StackClientApp {
  const project = { config: { oauthProviders: [], passkeyEnabled: false, credentialEnabled: true, magicLinkEnabled: false, signUpEnabled: true } };
  const session = { subscribe: () => () => undefined, getSnapshot: () => ({ status: 'signed-out', userId: null, network: 'online', seq: 0 }) };
  return { urls: resolveHandlerUrls(urls), session, getProject: async () => project, projectCache: new ProjectCache(async () => project as never) } as unknown as StackClientApp;
}

/** The page's location: the handler reads the query from it and leaves with `location.replace`. */
function visit(path: string) {
  const url = new URL(path, 'https://app.example/');
  const replace = vi.fn();
  vi.stubGlobal('location', { href: url.href, pathname: url.pathname, search: url.search, hash: url.hash, replace });
  return replace;
}

function handler(app: StackClientApp, pages?: Partial<Record<HandlerRoute, ComponentType>>) {
  return createElement(AuthProvider, { app }, createElement(AuthHandler, { pages }));
}

/** Renders until every lazy page and suspended read has settled. */
async function renderSettled(element: ReturnType<typeof handler>): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthHandler', () => {
  it('sends /handler/sign-in to the sign-in URL the app points elsewhere, with the query, and renders no page', () => {
    const replace = visit('/handler/sign-in?after_auth_return_to=%2Fx');
    const html = renderToString(handler(fakeApp({ signIn: '/my-sign-in' })));
    expect(replace).toHaveBeenCalledWith('/my-sign-in?after_auth_return_to=%2Fx');
    expect(html).toBe('');
  });

  it('does not leave for an app page on another origin before it is found trusted (code and state go with it)', () => {
    const replace = visit('/handler/oauth-callback?code=c&state=s');
    const html = renderToString(handler(fakeApp({ oauthCallback: 'https://evil.example/cb' })));
    expect(replace).not.toHaveBeenCalled();
    expect(html).toBe('');
  });

  it('sends the log-in alias there too', () => {
    const replace = visit('/handler/log-in?after_auth_return_to=%2Fx');
    renderToString(handler(fakeApp({ signIn: '/my-sign-in' })));
    expect(replace).toHaveBeenCalledWith('/my-sign-in?after_auth_return_to=%2Fx');
  });

  it('renders the built-in sign-in page when the app keeps the default URL', async () => {
    const replace = visit('/handler/sign-in?after_auth_return_to=%2Fx');
    const html = await renderSettled(handler(fakeApp()));
    expect(replace).not.toHaveBeenCalled();
    expect(html).toContain('<h1>Sign in</h1>');
    expect(html).toContain('name="password"');
  });

  it('renders a page the app passes in `pages` at the built-in path, and the built-in pages for the others', async () => {
    visit('/handler/sign-in');
    const MySignIn = () => createElement('p', null, 'my sign-in');
    expect(renderToString(handler(fakeApp(), { signIn: MySignIn }))).toContain('<p>my sign-in</p>');
    visit('/handler/sign-up');
    expect(await renderSettled(handler(fakeApp(), { signIn: MySignIn }))).toContain('<h1>Create an account</h1>');
  });
});
