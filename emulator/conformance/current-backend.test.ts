// The current (2.8) backend's behaviour, pinned one test per behaviour (issue 44): what the emulator answers by
// default to x-stack-* callers and x-hexclave-* callers alike, and what `--dialect 2.7` or a 2.7 client version
// still gets. docs/emulator.md#dialects describes the same list.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { consentFlow, signInViaConsent } from '../../testing/emulator/oauth.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
let legacy: TestEmulator;
beforeAll(async () => {
  [emu, legacy] = await Promise.all([createTestEmulator(), createTestEmulator({ dialect: '2.7' })]);
});
afterAll(() => Promise.all([emu.close(), legacy.close()]));

const hexclave = (accessType: 'client' | 'server') => ({
  'x-hexclave-project-id': DEMO_PROJECT.id,
  'x-hexclave-access-type': accessType,
  ...(accessType === 'client' ? { 'x-hexclave-publishable-client-key': DEMO_PROJECT.publishableClientKey } : { 'x-hexclave-secret-server-key': DEMO_PROJECT.secretServerKey }),
});
const FAMILIES = { 'x-stack-*': {}, 'x-hexclave-*': hexclave('client') } as const;
const CURRENT_USER_FIELDS = ['is_anonymous', 'is_restricted', 'restricted_reason'];
const CURRENT_CLAIMS = ['branch_id', 'email', 'email_verified', 'is_anonymous', 'is_restricted', 'name', 'project_id', 'refresh_token_id', 'requires_totp_mfa', 'restricted_reason', 'role', 'selected_team_id', 'signed_up_at'];
const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;

describe('the current backend by default, whatever the header family', () => {
  for (const [family, headers] of Object.entries(FAMILIES)) {
    it(`current user fields for ${family} callers`, async () => {
      const user = await signUp(emu);
      const me = await emu.fetch('/api/v1/users/me', { accessType: family === 'x-stack-*' ? 'client' : undefined, headers: { ...headers, [family === 'x-stack-*' ? 'x-stack-access-token' : 'x-hexclave-access-token']: user.accessToken } });
      expect(Object.keys((await me.json()) as object)).toEqual(expect.arrayContaining(CURRENT_USER_FIELDS));
    });
  }

  it('the current access-token claims from a sign-in, a refresh and an OAuth code exchange, with no flag', async () => {
    const user = await signUp(emu);
    expect(Object.keys(decodeJwt(user.accessToken))).toEqual(expect.arrayContaining(CURRENT_CLAIMS));
    const refreshed = await call(emu, 'POST', '/auth/sessions/current/refresh', { headers: { 'x-stack-refresh-token': user.refreshToken } });
    expect(Object.keys(decodeJwt((refreshed.body as { access_token: string }).access_token))).toEqual(expect.arrayContaining(CURRENT_CLAIMS));
    const oauth = await signInViaConsent(emu, 'github', { email: uniqueEmail('claims') });
    expect(Object.keys(decodeJwt(String(oauth.body.access_token)))).toEqual(expect.arrayContaining(CURRENT_CLAIMS));
  });

  it('the current known-error details, e.g. USER_EMAIL_ALREADY_EXISTS names the e-mail', async () => {
    const user = await signUp(emu);
    const again = await call(emu, 'POST', '/auth/password/sign-up', { json: { email: user.email, password: 'password-123', verification_callback_url: 'http://localhost:3000/handler/email-verification' } });
    expect([again.status, errorCode(again)]).toEqual([409, 'USER_EMAIL_ALREADY_EXISTS']);
    expect((again.body as { details: unknown }).details).toEqual({ email: user.email, would_work_if_email_was_verified: false });
  });

  it('OAuth callback answers 303, not 307', async () => {
    expect((await consentFlow(emu, 'github', { email: uniqueEmail('303') })).callback.status).toBe(303);
    expect((await consentFlow(legacy, 'github', { email: uniqueEmail('307') })).callback.status).toBe(307);
  });

  it('an unknown project is CURRENT_PROJECT_NOT_FOUND (400), before its key is checked', async () => {
    const projectId = crypto.randomUUID();
    const headers = { 'x-stack-project-id': projectId, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': 'pck_wrong' };
    const res = await emu.fetch('/api/v1/users/me', { headers });
    expect([res.status, res.headers.get('x-stack-known-error')]).toEqual([400, 'CURRENT_PROJECT_NOT_FOUND']);
    expect(((await legacy.fetch('/api/v1/users/me', { headers })).headers.get('x-stack-known-error'))).toBe('INVALID_PUBLISHABLE_CLIENT_KEY');
  });

  it('CORS allows the x-hexclave-* names to an x-stack preflight too', async () => {
    const res = await emu.fetch('/api/v1/users/me', { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-stack-project-id' } });
    expect(res.headers.get('access-control-allow-headers')).toContain('x-hexclave-project-id');
  });
});

describe('fields the current backend accepts', () => {
  it('is_impersonation on POST /auth/sessions', async () => {
    const user = await signUp(emu);
    const res = await call(emu, 'POST', '/auth/sessions', { accessType: 'server', json: { user_id: user.userId, is_impersonation: true } });
    expect(res.status).toBe(200);
  });

  it('bot_challenge_token and its phase on password sign-up and send-sign-in-code', async () => {
    const challenge = { bot_challenge_token: 'tok', bot_challenge_phase: 'invisible' };
    const signUpRes = await call(emu, 'POST', '/auth/password/sign-up', { json: { email: uniqueEmail('bot'), password: 'password-123', ...challenge } });
    expect(signUpRes.status).toBe(200);
    const otp = await call(emu, 'POST', '/auth/otp/send-sign-in-code', { json: { email: uniqueEmail('bot'), callback_url: 'http://localhost:3000/handler/magic-link-callback', bot_challenge_unavailable: 'true' } });
    expect(otp.status).toBe(200);
  });

  it('owner_team_id and allow_team_api_keys / allow_user_api_keys in project creation', async () => {
    const owner = await signUp(emu, { project: INTERNAL_PROJECT });
    const created = await emu.fetch('/api/v1/internal/projects', {
      method: 'POST',
      accessType: 'client',
      project: INTERNAL_PROJECT,
      headers: { 'x-stack-access-token': owner.accessToken },
      json: { display_name: 'Keys', owner_team_id: null, config: { allow_user_api_keys: true, allow_team_api_keys: false } },
    });
    expect(created.status).toBe(201);
  });
});

describe('no 5xx', () => {
  it('PATCH /users/{id} primary_email to one of the user’s other channels promotes it (200)', async () => {
    const res = await call(emu, 'POST', '/users', { accessType: 'server', json: { primary_email: uniqueEmail('one'), primary_email_auth_enabled: true } });
    const id = (res.body as { id: string }).id;
    const other = uniqueEmail('two');
    expect((await call(emu, 'POST', '/contact-channels', { accessType: 'server', json: { user_id: id, type: 'email', value: other, used_for_auth: false } })).status).toBe(201);
    const patched = await call(emu, 'PATCH', `/users/${id}`, { accessType: 'server', json: { primary_email: other } });
    expect([patched.status, (patched.body as { primary_email: string }).primary_email]).toEqual([200, other]);
  });
});

describe('routes the current SDK and its components call', () => {
  it('session list and revocation: GET /auth/sessions?user_id=me, DELETE /auth/sessions/{id}', async () => {
    const user = await signUp(emu);
    const second = await call(emu, 'POST', '/auth/password/sign-in', { json: { email: user.email, password: user.password } });
    const listed = await call(emu, 'GET', '/auth/sessions?user_id=me', { token: user.accessToken });
    const items = (listed.body as { items: { id: string; is_current_session: boolean }[] }).items;
    expect(items).toHaveLength(2);
    const current = items.find((s) => s.is_current_session);
    const other = items.find((s) => !s.is_current_session);
    expect(current && other).toBeTruthy();
    const self = await call(emu, 'DELETE', `/auth/sessions/${current?.id ?? ''}?user_id=me`, { token: user.accessToken });
    expect(errorCode(self)).toBe('CANNOT_DELETE_CURRENT_SESSION');
    expect((await call(emu, 'DELETE', `/auth/sessions/${other?.id ?? ''}?user_id=me`, { token: user.accessToken })).status).toBe(200);
    const refresh = await call(emu, 'POST', '/auth/sessions/current/refresh', { headers: { 'x-stack-refresh-token': (second.body as { refresh_token: string }).refresh_token } });
    expect(errorCode(refresh)).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });

  it('the payments reads of AccountSettings answer as a project without payments', async () => {
    const user = await signUp(emu);
    const billing = await call(emu, 'GET', `/payments/billing/user/${user.userId}`, { token: user.accessToken });
    expect([billing.status, billing.body]).toEqual([200, { has_customer: false, default_payment_method: null }]);
    const products = await call(emu, 'GET', `/payments/products/user/${user.userId}?limit=1`, { token: user.accessToken });
    expect(products.body).toEqual({ items: [], is_paginated: true, pagination: { next_cursor: null } });
    const someoneElse = await call(emu, 'GET', `/payments/billing/user/${crypto.randomUUID()}`, { token: user.accessToken });
    expect(someoneElse.status).toBe(403);
  });
});

describe('the 2.7 dialect, where a request says it is old or the emulator is started with --dialect 2.7', () => {
  it('a 2.7 client version gets the 2.7 user view on a current emulator', async () => {
    const user = await signUp(emu);
    const me = await call(emu, 'GET', '/users/me', { token: user.accessToken, headers: { 'x-stack-client-version': 'js @stackframe/stack@2.7.26' } });
    expect(Object.keys(me.body as object)).not.toContain('is_anonymous');
  });

  it('--dialect 2.7 answers x-stack callers with the six 2.7 claims and the 2.7 user view', async () => {
    const user = await signUp(legacy);
    expect(Object.keys(decodeJwt(user.accessToken)).sort()).toEqual(['aud', 'branchId', 'exp', 'iat', 'iss', 'sub']);
    expect(Object.keys((await call(legacy, 'GET', '/users/me', { token: user.accessToken })).body as object)).not.toContain('is_anonymous');
  });

  it('mixing the header families is answered as the current backend, with a warning in the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = await signUp(legacy);
    const me = await legacy.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-access-token': user.accessToken, 'x-hexclave-access-type': 'client' } });
    expect(Object.keys((await me.json()) as object)).toEqual(expect.arrayContaining(CURRENT_USER_FIELDS));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mixes x-stack-* and x-hexclave-* headers'));
    warn.mockRestore();
  });
});
