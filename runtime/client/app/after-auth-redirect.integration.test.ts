// Where each sign-in method sends the user afterwards (issue 5): new users of magic link or
// OAuth go to after-sign-up, credential sign-up too, everyone else to after-sign-in; an `after_auth_return_to`
// in the current URL wins over both. StackClientApp (page-hosted, memory) against the in-process emulator.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emulatorClientKit } from '../../../testing/runtime/client/emulator-client.ts';
import { fakeBrowserPage } from '../../../testing/runtime/client/fake-browser.ts';

const { emulator, clientApp, allowAtConsentPage } = emulatorClientKit();
afterEach(() => {
  vi.unstubAllGlobals();
});

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';
const RETURN_TO = '/projects/42?tab=members';

/** A page of the app, with `after_auth_return_to` in its URL when `returnTo` is given. */
function pageUrl(path: string, returnTo: string | null): string {
  const url = new URL(path, ORIGIN);
  if (returnTo !== null) url.searchParams.set('after_auth_return_to', returnTo);
  return url.href;
}

function makeApp() {
  const navigations: string[] = [];
  const app = clientApp({
    urls: { afterSignIn: '/in', afterSignUp: '/up' },
    redirectMethod: { navigate: (to) => navigations.push(to) },
  });
  return { app, navigations };
}

const email = (label: string) => `${label}-${crypto.randomUUID()}@example.com`;

async function lastMailText(address: string): Promise<string> {
  const response = await emulator().app.request(`http://localhost:8102/emulator/api/outbox?mailbox=${encodeURIComponent(address.split('@')[0] ?? '')}`);
  const mails = (await response.json()) as { text: string }[];
  return mails.at(-1)?.text ?? '';
}

/** The link of the last magic-link mail to `address`, as the browser opens it. */
async function magicLink(address: string): Promise<URL> {
  const link = /https?:\/\/\S+[?&]code=[0-9a-z]{45}\S*/.exec(await lastMailText(address))?.[0];
  if (!link) throw new Error(`no magic link for ${address}`);
  return new URL(link);
}

/** Sends a magic link from the sign-in page, opens it from the e-mail and finishes the sign-in there. */
async function signInByMagicLink(address: string, returnTo: string | null) {
  fakeBrowserPage(pageUrl('/handler/sign-in', returnTo));
  const { app, navigations } = makeApp();
  expect((await app.sendMagicLinkEmail(address)).status).toBe('ok');
  const link = await magicLink(address);
  fakeBrowserPage(link.href);
  const result = await app.signInWithMagicLink(link.searchParams.get('code') ?? '');
  expect(result.status).toBe('ok');
  return { isNewUser: result.status === 'ok' && result.data.isNewUser, navigations, link };
}

/** Signs in with GitHub from the sign-in page; returns where the app went after the callback. */
async function signInByOAuth(address: string, returnTo: string | null) {
  const page = fakeBrowserPage(pageUrl('/handler/sign-in', returnTo));
  const { app, navigations } = makeApp();
  await app.signInWithOAuth('github');
  const callback = (await allowAtConsentPage(page.assigned.at(-1) ?? '', { email: address, account_id: address })).landing;
  page.href = callback;
  expect(await app.callOAuthCallback()).toBe(true);
  return { navigations, callback: new URL(callback) };
}

async function signUpWithCredential(address: string, returnTo: string | null) {
  fakeBrowserPage(pageUrl('/handler/sign-up', returnTo));
  const { app, navigations } = makeApp();
  expect((await app.signUpWithCredential({ email: address, password: PASSWORD })).status).toBe('ok');
  return navigations;
}

for (const returnTo of [null, RETURN_TO]) {
  const expected = (configured: string) => returnTo ?? configured;

  describe(returnTo === null ? 'after authentication, no after_auth_return_to' : `after authentication, after_auth_return_to=${returnTo}`, () => {
    it(`credential sign-up goes to ${expected('/up')}`, async () => {
      expect(await signUpWithCredential(email('up'), returnTo)).toEqual([expected('/up')]);
    });

    it(`credential sign-in goes to ${expected('/in')}`, async () => {
      const address = email('in');
      await signUpWithCredential(address, null);
      fakeBrowserPage(pageUrl('/handler/sign-in', returnTo));
      const { app, navigations } = makeApp();
      expect((await app.signInWithCredential({ email: address, password: PASSWORD })).status).toBe('ok');
      expect(navigations).toEqual([expected('/in')]);
    });

    it(`magic link: a new user goes to ${expected('/up')}, an existing one to ${expected('/in')}`, async () => {
      const address = email('magic');
      const first = await signInByMagicLink(address, returnTo);
      // The link carries the page's after_auth_return_to, so the tab that opens it knows where to go.
      expect(first.link.searchParams.get('after_auth_return_to')).toBe(returnTo);
      expect(first.isNewUser).toBe(true);
      expect(first.navigations).toEqual([expected('/up')]);

      const again = await signInByMagicLink(address, returnTo);
      expect(again.isNewUser).toBe(false);
      expect(again.navigations).toEqual([expected('/in')]);
    });

    it(`OAuth: a new user goes to ${expected('/up')}, an existing one to ${expected('/in')}`, async () => {
      const address = email('oauth');
      const first = await signInByOAuth(address, returnTo);
      // The provider comes back to the callback URL the page built, after_auth_return_to included.
      expect(first.callback.pathname).toBe('/handler/oauth-callback');
      expect(first.callback.searchParams.get('after_auth_return_to')).toBe(returnTo);
      expect(first.navigations).toEqual([expected('/up')]);

      const again = await signInByOAuth(address, returnTo);
      expect(again.navigations).toEqual([expected('/in')]);
    });
  });
}

describe('an after_auth_return_to that leaves the origin', () => {
  it('is refused with the SDK message after the sign-in, and nothing navigates', async () => {
    const address = email('untrusted');
    await signUpWithCredential(address, null);
    fakeBrowserPage(pageUrl('/handler/sign-in', 'https://evil.example/steal'));
    const { app, navigations } = makeApp();
    await expect(app.signInWithCredential({ email: address, password: PASSWORD })).rejects.toThrow(
      'Redirect URL https://evil.example/steal is not trusted; should be relative.',
    );
    expect(navigations).toEqual([]);
  });
});

describe('an absolute after-sign-in URL (relative, or on the allowed domains list)', () => {
  it("on the app's own origin is followed after the sign-in instead of throwing", async () => {
    const address = email('absolute');
    await signUpWithCredential(address, null);
    fakeBrowserPage(pageUrl('/handler/sign-in', null));
    const navigations: string[] = [];
    const app = clientApp({ urls: { afterSignIn: `${ORIGIN}/dashboard?code=leak&state=leak` }, redirectMethod: { navigate: (to) => navigations.push(to) } });
    expect((await app.signInWithCredential({ email: address, password: PASSWORD })).status).toBe('ok');
    expect(navigations).toEqual(['/dashboard']);
    // Joins the user read the sign-in started, so it does not outlive the file's emulator.
    expect((await app.getUser())?.primaryEmail).toBe(address);
  });

  // The emulator speaks the older dialect to this client (no trusted domains sent): the app's own list counts.
  it("on another origin listed in the app's trustedDomains is followed after the sign-in", async () => {
    const address = email('absolute-other');
    await signUpWithCredential(address, null);
    const page = fakeBrowserPage(pageUrl('/handler/sign-in', null));
    const navigations: string[] = [];
    const app = clientApp({
      urls: { afterSignIn: 'https://app.example.com/welcome?code=leak' },
      trustedDomains: ['https://*.example.com'],
      redirectMethod: { navigate: (to) => navigations.push(to) },
    });
    expect((await app.signInWithCredential({ email: address, password: PASSWORD })).status).toBe('ok');
    // Another origin: a full page load (the app's router navigates within its own origin), code and state removed.
    expect(page.replaced).toEqual(['https://app.example.com/welcome']);
    expect(navigations).toEqual([]);
    expect((await app.getUser())?.primaryEmail).toBe(address);
  });

  it('on an origin nobody trusts is refused after the sign-in, and the user stays signed in', async () => {
    const address = email('absolute-untrusted');
    await signUpWithCredential(address, null);
    fakeBrowserPage(pageUrl('/handler/sign-in', null));
    const navigations: string[] = [];
    const app = clientApp({ urls: { afterSignIn: 'https://app.example.com/welcome' }, redirectMethod: { navigate: (to) => navigations.push(to) } });
    await expect(app.signInWithCredential({ email: address, password: PASSWORD })).rejects.toThrow(
      'Redirect URL https://app.example.com/welcome is not trusted; should be relative.',
    );
    expect(navigations).toEqual([]);
    expect((await app.getUser())?.primaryEmail).toBe(address);
  });
});
