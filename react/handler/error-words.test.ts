// @vitest-environment happy-dom
// The words of a sign-in that did not happen: the callback pages title their error with what happened, the error
// page says something specific (never "Something went wrong" twice), and every card shows the offline banner
// while the browser is offline, on a page that sends nothing as it opens too.
import { createElement, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../../runtime/bridge/messages.ts';
import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import type { CurrentUser } from '../../runtime/client/user/current-user.ts';
import { UserCache } from '../../runtime/client/reads/user-cache.ts';
import { SessionStore } from '../../runtime/client/session/session-store.ts';
import { resolveHandlerUrls } from '../../runtime/flows/handler-urls.ts';
import { changeReader } from '../../testing/runtime/client/user-change.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { Card } from '../components/frame.tsx';
import { format, type Translate } from '../i18n/translator.ts';
import deHandler from '../i18n/translations/de-DE/handler.ts';
import { AuthProvider } from '../provider.tsx';
import { CompletingSignInPage } from './pages/completing-sign-in.tsx';
import { errorFromQuery } from './pages/error.tsx';

function signedOutApp(): StackClientApp {
  const userCache = new UserCache(async () => null as unknown as CurrentUser, changeReader(() => null as unknown as CurrentUser));
  const session = new SessionStore(async () => ({ status: 'signed-out', userId: null, network: 'online', seq: 1 }) satisfies SessionSnapshot, null, (next) => userCache.sync(next));
  return { session, userCache, urls: resolveHandlerUrls() } as unknown as StackClientApp;
}

let unmount = () => {};
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
});

async function render(tree: ReactNode, ready: (container: HTMLElement) => void): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(createElement(AuthProvider, { app: signedOutApp(), totpPrompt: false }, createElement(Suspense, { fallback: null }, tree)));
  unmount = () => root.unmount();
  await vi.waitFor(() => ready(container), { timeout: 5_000 });
  return container;
}

describe('the callback pages', () => {
  it('say "Signing you in…" while they work, and "You are not signed in" with the reason and a way back once it failed', async () => {
    let fail: (message: string) => void = () => undefined;
    const complete = () => new Promise<string | null>((resolve) => (fail = resolve));
    const container = await render(createElement(CompletingSignInPage, { complete }), (c) => expect(c.querySelector('h1')?.textContent).toBe('Signing you in…'));
    fail('This link or code is not valid. Ask for a new one.');
    await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('You are not signed in'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('This link or code is not valid. Ask for a new one.');
    expect(container.querySelector('a')?.textContent).toBe('Back to sign in');
  });
});

describe('the error page', () => {
  it('a code with words of its own: those words', () => {
    expect(errorFromQuery('?errorCode=EMAIL_PASSWORD_MISMATCH').text).toBe('Wrong e-mail or password.');
  });

  it.each([
    ['?errorCode=BODY_PARSING_ERROR', 'The server stopped this with the code BODY_PARSING_ERROR. Go back and try again, or tell the app’s owner.'],
    ['?errorCode=SOME_NEWER_CODE&message=x', 'The server stopped this with the code SOME_NEWER_CODE. Go back and try again, or tell the app’s owner.'],
    ['', 'This page was opened without saying what went wrong. Go back and try again.'],
    // Anyone can write the link: words in place of a code are not shown.
    ['?errorCode=Call%20555-0100%20now', 'This page was opened without saying what went wrong. Go back and try again.'],
  ])('a code without words of its own (%s): what is known and what to do, never "Something went wrong"', (search, text) => {
    expect(errorFromQuery(search).text).toBe(text);
  });

  it('in the page\'s language', () => {
    const t: Translate = (key, values) => format((deHandler as Record<string, string>)[key] ?? key, values);
    expect(errorFromQuery('?errorCode=SOME_NEWER_CODE', t).text).toBe('Der Server hat dies mit dem Code SOME_NEWER_CODE abgebrochen. Geh zurück und versuche es erneut, oder sag dem Betreiber der App Bescheid.');
  });
});

describe('a component that failed', () => {
  it('an error with nothing to say for people: a title and a sentence that differ, saying what to do', () => {
    const boundary = new ErrorBoundary({ fullPage: true, children: 'the page' });
    boundary.state = ErrorBoundary.getDerivedStateFromError(new Error('boom'));
    const html = renderToStaticMarkup(boundary.render()).replace(/^<style [^>]*>[^<]*<\/style>/, '');
    expect(html).toContain('<h1>This could not be shown</h1><p class="aw-error" role="alert">An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.</p>');
    expect(html).not.toContain('Something went wrong');
  });
});

describe('the offline banner', () => {
  it('shows on a card opened while the browser is offline (no request failed yet), and goes when it is back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const banner = (c: HTMLElement) => c.querySelector('.aw-banner[role="status"]')?.textContent ?? null;
    const container = await render(createElement(Card, { title: 'Reset your password', fullPage: true }), (c) => expect(banner(c)).toBe('You are offline. This needs a connection.'));
    onLine.mockReturnValue(true);
    dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(banner(container)).toBeNull());
  });
});
