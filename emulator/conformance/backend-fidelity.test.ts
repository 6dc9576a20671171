// The answers the real backend gives where the emulator differed (issue 32, each checked against the backend's
// source): the token endpoint's expires_in and pragma, a logged-out send-verification-code, account linking by
// e-mail, the membership webhooks of team creation, and the published 2.8 client's authorize, anonymous and
// analytics calls. Runs on PGlite and, with run-postgres.sh, on PostgreSQL.
import { gzipSync } from 'node:zlib';
import { StackClientApp } from '@stackframe/js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, latestCode, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { authorizeUrl, CookieJar, emulatorRequest, exchangeCode, pkcePair, signInViaConsent } from '../../testing/emulator/oauth.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';
import { svixApi } from '../../testing/emulator/svix-api.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/emulator/webhook-receiver.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';
import { startConformanceEmulator, type ConformanceEmulator } from '../../testing/emulator/conformance-emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const CALLBACK = 'http://localhost:3000/handler/magic-link-callback';

async function otpSignIn(email: string): Promise<{ userId: string; accessToken: string; isNewUser: boolean }> {
  const sent = await call(emu, 'POST', '/auth/otp/send-sign-in-code', { json: { email, callback_url: CALLBACK } });
  expect(sent.status).toBe(200);
  const res = await call(emu, 'POST', '/auth/otp/sign-in', { json: { code: await latestCode(emu, email) } });
  expect(res.status).toBe(200);
  const body = res.body as { user_id: string; access_token: string; is_new_user: boolean };
  return { userId: body.user_id, accessToken: body.access_token, isNewUser: body.is_new_user };
}

async function onlyChannel(accessToken: string) {
  const res = await call(emu, 'GET', '/contact-channels?user_id=me', { token: accessToken });
  const items = (res.body as { items: { id: string; user_id: string; value: string; is_verified: boolean; used_for_auth: boolean }[] }).items;
  expect(items).toHaveLength(1);
  return items[0] as NonNullable<(typeof items)[number]>;
}

describe('POST /auth/oauth/token', () => {
  it('answers expires_in as the whole seconds left (3599) and pragma: no-cache beside cache-control: no-store', async () => {
    const signedIn = await signInViaConsent(emu, 'github', { email: `tok-${crypto.randomUUID()}@example.com` });
    expect(signedIn.body.expires_in).toBe(3599);
    expect(signedIn.token.headers.get('pragma')).toBe('no-cache');
    expect(signedIn.token.headers.get('cache-control')).toMatch(/no-store/);
    const refreshed = await emu.app.request('http://localhost:8102/api/v1/auth/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: String(signedIn.body.refresh_token), client_id: DEMO_PROJECT.id, client_secret: DEMO_PROJECT.publishableClientKey }).toString(),
    });
    expect(((await refreshed.json()) as { expires_in: number }).expires_in).toBe(3599);
    expect(refreshed.headers.get('pragma')).toBe('no-cache');
  });
});

describe('POST /contact-channels/{user_id}/{id}/send-verification-code', () => {
  it('without a user session is 400 CANNOT_GET_OWN_USER_WITHOUT_USER with the known-error header, also for an id', async () => {
    const user = await signUp(emu);
    const channel = await onlyChannel(user.accessToken);
    for (const userId of [user.userId, 'me']) {
      const res = await call(emu, 'POST', `/contact-channels/${userId}/${channel.id}/send-verification-code`, { json: { callback_url: 'http://localhost:12345' } });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
      expect(res.body).toEqual({ code: 'CANNOT_GET_OWN_USER_WITHOUT_USER', error: "You have specified 'me' as a userId, but did not provide authentication for a user." });
    }
  });
});

describe('account linking by e-mail (the backend merge strategy link_method)', () => {
  it('OTP first, then OAuth with the same e-mail: the same account, its channel verified and used for auth', async () => {
    const email = `otp-oauth-${crypto.randomUUID()}@example.com`;
    const otp = await otpSignIn(email);
    const oauth = await signInViaConsent(emu, 'github', { email });
    expect(oauth.body).toMatchObject({ is_new_user: false, newUser: false });
    const channel = await onlyChannel(String(oauth.body.access_token));
    expect(channel).toMatchObject({ user_id: otp.userId, value: email, is_verified: true, used_for_auth: true });
  });

  it('password first, then OAuth with the same e-mail: the same account, its channel still unverified and used for auth', async () => {
    const password = await signUp(emu);
    const oauth = await signInViaConsent(emu, 'google', { email: password.email });
    expect(oauth.body).toMatchObject({ is_new_user: false });
    const channel = await onlyChannel(String(oauth.body.access_token));
    expect(channel).toMatchObject({ user_id: password.userId, value: password.email, is_verified: false, used_for_auth: true });
    const me = await call(emu, 'GET', '/users/me', { token: String(oauth.body.access_token) });
    expect(me.body).toMatchObject({ has_password: true, oauth_providers: [{ id: 'google', account_id: password.email, email: password.email }] });
  });

  it('OAuth first, the e-mail verified, then OTP: the OTP sign-in is the same account', async () => {
    const email = `oauth-otp-${crypto.randomUUID()}@example.com`;
    const oauth = await signInViaConsent(emu, 'github', { email });
    expect(oauth.body).toMatchObject({ is_new_user: true });
    const channel = await onlyChannel(String(oauth.body.access_token));
    const verified = await call(emu, 'PATCH', `/contact-channels/me/${channel.id}`, { accessType: 'server', token: String(oauth.body.access_token), json: { is_verified: true } });
    expect(verified.status).toBe(200);
    const otp = await otpSignIn(email);
    expect(otp.isNewUser).toBe(false);
    expect((await onlyChannel(otp.accessToken)).user_id).toBe(channel.user_id);
  });
});

describe('team membership webhooks', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());
  const { svixToken, svix } = svixApi(() => emu);

  it('a team created with a creator sends team.created only; adding and removing a member send one event each', async () => {
    const token = await svixToken();
    expect((await svix(`/api/v1/app/${DEMO_PROJECT.id}/endpoint`, token, { method: 'POST', body: JSON.stringify({ url: receiver.url }) })).status).toBe(201);
    const creator = await signUp(emu);
    const member = await signUp(emu);
    const team = (await call(emu, 'POST', '/teams', { accessType: 'server', json: { display_name: 'Fidelity', creator_user_id: creator.userId } })).body as { id: string };
    expect((await call(emu, 'POST', `/team-memberships/${team.id}/${member.userId}`, { accessType: 'server', json: {} })).status).toBe(201);
    expect((await call(emu, 'DELETE', `/team-memberships/${team.id}/${member.userId}`, { accessType: 'server', json: {} })).status).toBe(200);
    await emu.webhookDelivery.settled();
    const forTeam = receiver.deliveries
      .filter((d) => d.payload.data.id === team.id || d.payload.data.team_id === team.id)
      .map((d) => [d.payload.type, d.payload.data.user_id ?? null]);
    expect(forTeam).toEqual([
      ['team.created', null],
      ['team_membership.created', member.userId],
      ['team_membership.deleted', member.userId],
    ]);
  });
});

describe('the published 2.8 client', () => {
  it('authorize with hexclave_response_mode=json (or stack_response_mode) answers 200 {location} without a cookie, and the flow completes without one', async () => {
    for (const mode of ['hexclave_response_mode', 'stack_response_mode']) {
      const { verifier, challenge } = await pkcePair();
      const email = `json-mode-${crypto.randomUUID()}@example.com`;
      const extra = { [mode]: 'json', bot_challenge_unavailable: 'true' };
      const authorize = await emulatorRequest(emu, authorizeUrl('github', { challenge, state: 'json-state', extra }), new CookieJar());
      expect(authorize.status).toBe(200);
      expect(authorize.headers.get('set-cookie')).toBeNull();
      const { location } = (await authorize.json()) as { location: string };
      const jar = new CookieJar();
      const innerState = new URL(location, 'http://localhost:8102').searchParams.get('state') ?? '';
      const posted = await emulatorRequest(emu, location, jar, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state: innerState, action: 'allow', email }).toString(),
      });
      const callback = await emulatorRequest(emu, posted.headers.get('location') ?? '', jar);
      expect(callback.status).toBe(303);
      const code = new URL(callback.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const token = await exchangeCode(emu, code, verifier);
      expect(token.status).toBe(200);
    }
  });

  describe('over a socket', () => {
    let conformance: ConformanceEmulator;
    beforeAll(async () => {
      conformance = await startConformanceEmulator();
    });
    afterAll(() => conformance.close());

    it('getUser({or: "anonymous"}) signs up an anonymous user; its analytics batch is accepted; a sign-up with its session upgrades it', async () => {
      const app = new StackClientApp({ tokenStore: 'memory', baseUrl: conformance.url, projectId: DEMO_PROJECT.id, publishableClientKey: DEMO_PROJECT.publishableClientKey });
      const anonymous = await app.getUser({ or: 'anonymous' });
      expect(anonymous.isAnonymous).toBe(true);
      expect(await app.getUser()).toBeNull();
      // The 2.8 client's own headers (x-hexclave-*, the allow header it always sends) on an anonymous session of its own.
      const headers = { 'x-hexclave-project-id': DEMO_PROJECT.id, 'x-hexclave-access-type': 'client', 'x-hexclave-publishable-client-key': DEMO_PROJECT.publishableClientKey };
      const session = (await (await fetch(`${conformance.url}/api/v1/auth/anonymous/sign-up`, { method: 'POST', headers })).json()) as { access_token: string };
      const batch = { session_replay_segment_id: crypto.randomUUID(), batch_id: crypto.randomUUID(), sent_at_ms: Date.now(), events: [{ event_type: '$page-view', event_at_ms: Date.now(), data: { path: '/' } }] };
      const analytics = await fetch(`${conformance.url}/api/v1/analytics/events/batch`, {
        method: 'POST',
        headers: { ...headers, 'x-hexclave-access-token': session.access_token, 'x-hexclave-allow-anonymous-user': 'true', 'content-type': 'application/octet-stream' },
        body: gzipSync(JSON.stringify(batch)),
      });
      expect(analytics.status).toBe(200);
      expect(await analytics.json()).toEqual({ inserted: 1 });
      // Without the allow header an anonymous session is refused, as the service does.
      const refused = await fetch(`${conformance.url}/api/v1/users/me`, { headers: { ...headers, 'x-hexclave-access-token': session.access_token } });
      expect(refused.headers.get('x-stack-known-error')).toBe('ANONYMOUS_AUTHENTICATION_NOT_ALLOWED');

      const email = `upgraded-${crypto.randomUUID()}@example.com`;
      const signUpResult = await app.signUpWithCredential({ email, password: 'correct horse battery staple', noRedirect: true, noVerificationCallback: true });
      expect(signUpResult.status).toBe('ok');
      const user = await app.getUser({ or: 'throw' });
      expect(user.id).toBe(anonymous.id);
      expect(user.isAnonymous).toBe(false);
      expect(user.primaryEmail).toBe(email);
      expect(conformance.calls.filter((c) => c.status === 404)).toEqual([]);
    });
  });
});
