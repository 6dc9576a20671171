// Chromium (Playwright library API) against a real emulator port: the OAuth consent page driven like a user,
// and a passkey registered and used through a CDP virtual authenticator. Skipped where no Chromium is installed.
import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutable, chromiumLaunchOptions } from '../../e2e/support/chromium.ts';
import { startEmulator, type RunningEmulator } from '../index.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';
import { pkcePair } from '../../testing/emulator/oauth.ts';

/** The "app": any path answers a blank page, so redirects land somewhere on a localhost origin. */
function startSite(): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><title>app</title><p>app</p>'));
  return new Promise((resolve) => {
    server.listen(0, 'localhost', () => {
      const address = server.address();
      resolve({ server, url: `http://localhost:${typeof address === 'object' && address ? address.port : 0}` });
    });
  });
}

const clientHeaders = { 'x-stack-project-id': DEMO_PROJECT.id, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey };

describe.skipIf(chromiumExecutable() === undefined)('consent page and passkeys in Chromium', () => {
  let emu: RunningEmulator;
  let site: { server: Server; url: string };
  let browser: Browser;

  beforeAll(async () => {
    [emu, site] = await Promise.all([startEmulator({ port: 0, mailPort: 0 }), startSite()]);
    browser = await chromium.launch(chromiumLaunchOptions());
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.server.close(resolve));
    await emu?.close();
  });

  it('signs in with GitHub through the consent page', async () => {
    const { verifier, challenge } = await pkcePair();
    const redirectUri = `${site.url}/handler/oauth-callback`;
    const query = new URLSearchParams({
      client_id: DEMO_PROJECT.id,
      client_secret: DEMO_PROJECT.publishableClientKey,
      redirect_uri: redirectUri,
      scope: 'legacy',
      state: 'browser-state',
      grant_type: 'authorization_code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      response_type: 'code',
      type: 'authenticate',
      error_redirect_url: `${site.url}/handler/error`,
    });
    const page = await browser.newPage();
    await page.goto(`${emu.url}/api/v1/auth/oauth/authorize/github?${query.toString()}`);
    await expect.poll(() => page.title()).toBe('Sign in with github');
    await page.getByLabel('E-mail', { exact: true }).fill('chromium@example.com');
    await page.getByLabel('Display name (optional)').fill('Chrome');
    await Promise.all([page.waitForURL((url) => url.toString().startsWith(redirectUri)), page.getByRole('button', { name: 'Allow' }).click()]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('browser-state');
    const token = await fetch(`${emu.url}/api/v1/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: landed.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: DEMO_PROJECT.id,
        client_secret: DEMO_PROJECT.publishableClientKey,
      }),
    });
    const body = (await token.json()) as { access_token: string; is_new_user: boolean };
    expect(body.is_new_user).toBe(true);
    const me = await fetch(`${emu.url}/api/v1/users/me`, { headers: { ...clientHeaders, 'x-stack-access-token': body.access_token } });
    expect(await me.json()).toMatchObject({ display_name: 'Chrome', primary_email: 'chromium@example.com' });

    // The second time the identity is offered as a button.
    await page.goto(`${emu.url}/api/v1/auth/oauth/authorize/github?${query.toString()}`);
    await page.getByRole('button', { name: 'Continue as chromium@example.com' }).waitFor({ state: 'visible' });
    await page.close();
  });

  it('registers a passkey and signs in with it (CDP virtual authenticator)', async () => {
    const row = await emu.db.selectFrom('projects').select('config').where('id', '=', DEMO_PROJECT.id).executeTakeFirstOrThrow();
    await emu.db.updateTable('projects').set({ config: JSON.stringify({ ...(row.config as object), passkey_enabled: true }) }).where('id', '=', DEMO_PROJECT.id).execute();
    const signUp = await fetch(`${emu.url}/api/v1/auth/password/sign-up`, {
      method: 'POST',
      headers: { ...clientHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'passkey@example.com', password: 'hunter2-password', verification_callback_url: `${site.url}/verify` }),
    });
    const { access_token: accessToken, user_id: userId } = (await signUp.json()) as { access_token: string; user_id: string };

    const page = await browser.newPage();
    await page.goto(site.url);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const result = await page.evaluate(
      async ({ api, headers, accessToken }) => {
        const b64urlToBytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0));
        const bytesToB64url = (b: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        const post = async (path: string, body: unknown, token?: string) => {
          const res = await fetch(`${api}/api/v1${path}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', ...(token ? { 'x-stack-access-token': token } : {}) },
            body: JSON.stringify(body),
          });
          return (await res.json()) as Record<string, unknown>;
        };
        type Options = Record<string, unknown> & { challenge: string; user: { id: string; name: string; displayName: string }; rp: { id: string; name: string } };
        const reg = (await post('/auth/passkey/initiate-passkey-registration', {}, accessToken)) as { options_json: Options; code: string };
        const o = reg.options_json;
        const created = (await navigator.credentials.create({
          publicKey: {
            challenge: b64urlToBytes(o.challenge),
            rp: { id: location.hostname, name: o.rp.name },
            user: { id: b64urlToBytes(o.user.id), name: o.user.name, displayName: o.user.displayName },
            pubKeyCredParams: [{ alg: -7, type: 'public-key' }, { alg: -257, type: 'public-key' }],
            authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
            attestation: 'none',
            timeout: 60000,
          },
        })) as PublicKeyCredential;
        const att = created.response as AuthenticatorAttestationResponse;
        const registered = await post(
          '/auth/passkey/register',
          {
            code: reg.code,
            credential: {
              id: created.id,
              rawId: bytesToB64url(created.rawId),
              type: 'public-key',
              response: { clientDataJSON: bytesToB64url(att.clientDataJSON), attestationObject: bytesToB64url(att.attestationObject), transports: att.getTransports() },
              clientExtensionResults: {},
            },
          },
          accessToken,
        );
        const auth = (await post('/auth/passkey/initiate-passkey-authentication', {})) as { options_json: { challenge: string; rpId: string }; code: string };
        const got = (await navigator.credentials.get({
          publicKey: { challenge: b64urlToBytes(auth.options_json.challenge), rpId: location.hostname, allowCredentials: [], userVerification: 'preferred', timeout: 60000 },
        })) as PublicKeyCredential;
        const assertion = got.response as AuthenticatorAssertionResponse;
        const signedIn = await post('/auth/passkey/sign-in', {
          code: auth.code,
          authentication_response: {
            id: got.id,
            rawId: bytesToB64url(got.rawId),
            type: 'public-key',
            response: {
              clientDataJSON: bytesToB64url(assertion.clientDataJSON),
              authenticatorData: bytesToB64url(assertion.authenticatorData),
              signature: bytesToB64url(assertion.signature),
              userHandle: assertion.userHandle ? bytesToB64url(assertion.userHandle) : undefined,
            },
            clientExtensionResults: {},
          },
        });
        return { rpId: o.rp.id, registered, signedIn };
      },
      { api: emu.url, headers: clientHeaders, accessToken },
    );
    expect(result.rpId).toBe('THIS_VALUE_WILL_BE_REPLACED.example.com');
    expect(result.registered).toEqual({ user_handle: expect.any(String) });
    expect(result.signedIn).toMatchObject({ is_new_user: false, user_id: userId });
    await page.close();
  });
});
