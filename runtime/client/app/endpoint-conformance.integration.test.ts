// Conformance of the browser client to the endpoint table (issue 3). The page names its endpoints from the
// generated contract (runtime/protocol/contract/api.generated.ts) but builds its bodies and queries by hand (the
// zod table is too heavy for the page bundle), so this drives every operation of StackClientApp (page-hosted,
// memory) against the in-process emulator, records every request it sends, browser navigations to the API included,
// and checks each against the table: a row for the method and path template with the client access type, a body its
// strict schema accepts, only the query keys the row allows, and the user's tokens only where the row takes them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateTotp } from '../../../emulator/domain/totp.ts';
import { ACCESS_TOKEN_LIFETIME_MILLIS } from '../../../emulator/auth/access-tokens.ts';
import { latestCode, outbox, setProjectConfig } from '../../../testing/emulator/emulator.ts';
import { SoftwareAuthenticator } from '../../../testing/emulator/software-authenticator.ts';
import { DEMO_PROJECT } from '../../../emulator/domain/seed.ts';
import { ENDPOINTS, bodySchemaFor, findEndpoints, type EndpointDef } from '../../protocol/endpoints.ts';
import { totpSecretToBase64 } from '../../protocol/totp.ts';
import type { StackClientApp } from './client-app.ts';
import { emulatorClientKit } from '../../../testing/runtime/client/emulator-client.ts';
import { fakeBrowserPage, type FakePage } from '../../../testing/runtime/client/fake-browser.ts';

const PAGE = 'http://localhost:3000';
const API = 'http://localhost:8102';

// The WebAuthn ceremonies of a browser, done by a software authenticator.
const webauthn = vi.hoisted(() => ({ authenticator: null as unknown as SoftwareAuthenticator }));
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: ({ optionsJSON }: { optionsJSON: { challenge: string; rp: { id: string }; user: { id: string } } }) =>
    webauthn.authenticator.register({ challenge: optionsJSON.challenge, origin: 'http://localhost:3000', rpId: optionsJSON.rp.id, userHandle: optionsJSON.user.id }),
  startAuthentication: ({ optionsJSON }: { optionsJSON: { challenge: string; rpId: string } }) =>
    webauthn.authenticator.assert({ challenge: optionsJSON.challenge, origin: 'http://localhost:3000', rpId: optionsJSON.rpId }),
}));

interface SentRequest {
  /** The client operation that was running. */
  operation: string;
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

const sent: SentRequest[] = [];
let operation = 'start-up';

/** Runs one client operation, labelling the requests it sends. */
async function op<T>(name: string, run: () => Promise<T>): Promise<T> {
  operation = name;
  try {
    return await run();
  } finally {
    operation = 'between operations';
  }
}

const { emulator, clientApp, allowAtConsentPage } = emulatorClientKit();
let page: FakePage;

beforeAll(async () => {
  await setProjectConfig(emulator(), DEMO_PROJECT.id, { passkey_enabled: true });
  webauthn.authenticator = new SoftwareAuthenticator();
  // A browser page: location (navigations to the API are requests too), history and cookies for OAuth.
  page = fakeBrowserPage(`${PAGE}/handler/sign-in`, (url) => {
    sent.push({ operation, method: 'GET', url: new URL(url), headers: new Headers(), body: '' });
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

function makeApp(options: { totp?: () => Promise<string | null> } = {}): StackClientApp {
  return clientApp({
    baseUrl: API,
    redirectMethod: { navigate: () => undefined },
    onTotpRequired: options.totp ?? (async () => null),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push({ operation, method: request.method, url: new URL(request.url), headers: new Headers(request.headers), body: await request.clone().text() });
      return emulator().app.fetch(request);
    },
  });
}

const email = (tag: string) => `conf-${tag}-${crypto.randomUUID()}@example.com`;
const PASSWORD = 'correct horse battery';
const codeOf = async (address: string) => latestCode(emulator(), address);

async function signedUp(tag: string, options: { totp?: () => Promise<string | null> } = {}) {
  const app = makeApp(options);
  const address = email(tag);
  const result = await op('app.signUpWithCredential', () => app.signUpWithCredential({ email: address, password: PASSWORD, noRedirect: true }));
  expect(result.status).toBe('ok');
  return { app, address, user: await op('app.getUser', () => app.getUser({ or: 'throw' })) };
}

// ---- the check ----

/** What is wrong with `request` for `def`; empty when the row accepts it. */
function rowProblems(def: EndpointDef, request: SentRequest): string[] {
  const problems: string[] = [];
  const accessType = request.headers.get('x-stack-access-type');
  if (def.body === undefined) {
    if (request.body !== '') problems.push(`sends a body, the row takes none: ${request.body}`);
  } else {
    const form = def.bodyEncoding === 'form';
    const type = request.headers.get('content-type') ?? '';
    if (request.body !== '' && !type.includes(form ? 'application/x-www-form-urlencoded' : 'application/json')) problems.push(`content-type ${type}`);
    let value: unknown;
    try {
      value = request.body === '' ? undefined : form ? Object.fromEntries(new URLSearchParams(request.body)) : JSON.parse(request.body);
    } catch {
      problems.push(`body is not ${form ? 'a form' : 'JSON'}: ${request.body}`);
    }
    const schema = bodySchemaFor(def, accessType === null ? 'client' : (accessType as 'client'));
    const parsed = schema?.safeParse(value);
    if (parsed && !parsed.success) {
      problems.push(`body ${request.body || '(none)'} refused: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    }
  }
  const query = Object.fromEntries(request.url.searchParams);
  if (def.query === undefined) {
    if (request.url.search !== '') problems.push(`query ${request.url.search}, the row allows none`);
  } else {
    const parsed = def.query.safeParse(query);
    if (!parsed.success) problems.push(`query ${request.url.search} refused: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  const hasAccessToken = request.headers.has('x-stack-access-token');
  if (request.headers.has('x-stack-refresh-token') && !def.readsRefreshToken) problems.push('sends x-stack-refresh-token; the row does not read it');
  if (def.withoutSession && hasAccessToken) problems.push("sends the user's access token; the row is called without a session");
  if (def.userRequired && !hasAccessToken) problems.push('sends no access token; the row needs a signed-in user');
  return problems;
}

/** '' when the table has a row that accepts `request`, else why not. */
function mismatch(request: SentRequest): string {
  const prefix = '/api/v1';
  if (request.url.origin !== API || !request.url.pathname.startsWith(`${prefix}/`)) return 'not an /api/v1 request of the configured API';
  const path = request.url.pathname.slice(prefix.length);
  const accessType = request.headers.get('x-stack-access-type');
  if (accessType !== null && accessType !== 'client') return `access type ${accessType}, not client`;
  const byPath = findEndpoints(request.method, path);
  const rows = byPath.filter(({ name }) => {
    const access: readonly string[] = ENDPOINTS[name].access;
    return accessType === null ? access.length === 0 : access.includes('client');
  });
  if (rows.length === 0) {
    return byPath.length === 0 ? 'no table row for this method and path' : `rows ${byPath.map((r) => r.name).join(', ')} do not take access type ${accessType ?? '(none)'}`;
  }
  const verdicts = rows.map(({ name }) => ({ name, problems: rowProblems(ENDPOINTS[name], request) }));
  if (verdicts.some((v) => v.problems.length === 0)) return '';
  return verdicts.map((v) => `${v.name}: ${v.problems.join(' | ')}`).join(' || ');
}

const describeRequest = (r: SentRequest) => `${r.operation}: ${r.method} ${r.url.pathname}${r.url.search.length > 120 ? `${r.url.search.slice(0, 120)}…` : r.url.search}`;

// ---- the operations ----

describe('the check', () => {
  const request = (method: string, path: string, init: { body?: unknown; headers?: Record<string, string>; form?: boolean } = {}): SentRequest => ({
    operation: 'synthetic',
    method,
    url: new URL(`${API}/api/v1${path}`),
    headers: new Headers({ 'x-stack-access-type': 'client', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers }),
    body: init.body === undefined ? '' : JSON.stringify(init.body),
  });
  const token = { 'x-stack-access-token': 'a.b.c' };

  it('accepts what the table takes', () => {
    expect(mismatch(request('PATCH', '/users/me', { body: { display_name: 'A' }, headers: token }))).toBe('');
    expect(mismatch(request('GET', '/team-permissions?team_id=t&user_id=me&recursive=true', { headers: token }))).toBe('');
  });

  it.each([
    ['an unknown path', request('GET', '/users/me/extra', { headers: token }), /no table row/],
    ['a server-only row', request('GET', '/users/u1', { headers: token }), /do not take access type client/],
    ['the server access type', request('GET', '/users/me', { headers: { ...token, 'x-stack-access-type': 'server' } }), /access type server/],
    ['an unknown body key', request('PATCH', '/users/me', { body: { server_metadata: {} }, headers: token }), /Unrecognized key/],
    ['a wrong body type', request('POST', '/teams', { body: { display_name: 1 }, headers: token }), /display_name/],
    ['a body where none is taken', request('GET', '/users/me', { body: {}, headers: token }), /takes none/],
    ['an unknown query key', request('GET', '/teams?user_id=me&limit=1', { headers: token }), /Unrecognized key/],
    ['a query where none is allowed', request('GET', '/users/me?x=1', { headers: token }), /allows none/],
    ['the refresh token elsewhere', request('GET', '/users/me', { headers: { ...token, 'x-stack-refresh-token': 'r' } }), /refresh-token/],
    ['tokens on a session-less row', request('POST', '/auth/password/reset', { body: { code: 'c'.repeat(45), password: 'p' }, headers: token }), /without a session/],
    ['no user on a user row', request('POST', '/auth/password/set', { body: { password: 'p' } }), /needs a signed-in user/],
  ])('flags %s', (_what, sentRequest, problem) => {
    expect(mismatch(sentRequest)).toMatch(problem);
  });
});

describe('every request of the browser client is a row of the endpoint table', () => {
  it('credentials, the current user, the project, e-mail verification and password changes', async () => {
    const { app, address, user } = await signedUp('user');
    await op('user.update', () => user.update({ displayName: 'Ada', profileImageUrl: null, clientMetadata: { theme: 'dark' }, otpAuthEnabled: true }));
    await op('user.setDisplayName', () => user.setDisplayName('Ada L.'));
    await op('user.setClientMetadata', () => user.setClientMetadata({ n: 1 }));
    await op('user.sendVerificationEmail', () => user.sendVerificationEmail({ callbackUrl: `${PAGE}/handler/email-verification` }));
    await op('app.verifyEmail', async () => app.verifyEmail(await codeOf(address)));
    await op('user.updatePassword', () => user.updatePassword({ oldPassword: PASSWORD, newPassword: `${PASSWORD}!` }));
    await op('app.getProject', () => app.getProject());
    const other = makeApp();
    expect((await op('app.signInWithCredential', () => other.signInWithCredential({ email: address, password: `${PASSWORD}!`, noRedirect: true }))).status).toBe('ok');
    await op('app.getAccessToken', () => other.getAccessToken());
    // The access token runs out: the next call refreshes it (the token endpoint's refresh grant).
    emulator().clock.advance(ACCESS_TOKEN_LIFETIME_MILLIS + 60_000);
    await op('app.getUser (after expiry)', () => other.getUser({ or: 'throw' }));
    await op('app.signOut', () => other.signOut());
  });

  it('password recovery and magic links', async () => {
    const { address } = await signedUp('recovery');
    const app = makeApp();
    await op('app.sendForgotPasswordEmail', () => app.sendForgotPasswordEmail(address, { callbackUrl: `${PAGE}/handler/password-reset` }));
    const code = await codeOf(address);
    await op('app.verifyPasswordResetCode', () => app.verifyPasswordResetCode(code));
    await op('app.resetPassword', () => app.resetPassword({ code, password: 'brand new password' }));

    const magic = email('magic');
    await op('app.sendMagicLinkEmail', () => app.sendMagicLinkEmail(magic, { callbackUrl: `${PAGE}/handler/magic-link-callback` }));
    expect((await op('app.signInWithMagicLink (link)', async () => app.signInWithMagicLink(await codeOf(magic), { noRedirect: true }))).status).toBe('ok');
    const second = makeApp();
    await op('app.sendMagicLinkEmail', () => second.sendMagicLinkEmail(magic, { callbackUrl: `${PAGE}/handler/magic-link-callback` }));
    const otp = /Your code is ([0-9A-Z]{6})/.exec((await outbox(emulator(), magic)).at(-1)?.subject ?? '')?.[1] ?? '';
    expect((await op('app.signInWithMagicLink (6 characters)', () => second.signInWithMagicLink(otp, { noRedirect: true }))).status).toBe('ok');
    const user = await op('app.getUser', () => second.getUser({ or: 'throw' }));
    expect(await op('user.setPassword', () => user.setPassword({ password: 'a password at last' }))).toEqual({ status: 'ok', data: undefined });
  });

  it('contact channels', async () => {
    const { user } = await signedUp('channels');
    await op('user.listContactChannels', () => user.listContactChannels());
    const channel = await op('user.createContactChannel', () => user.createContactChannel({ value: email('second'), type: 'email', usedForAuth: false }));
    await op('channel.update', () => channel.update({ usedForAuth: true }));
    await op('channel.sendVerificationEmail', () => channel.sendVerificationEmail({ callbackUrl: `${PAGE}/handler/email-verification` }));
    await op('channel.delete', () => channel.delete());
  });

  it('teams, member profiles, permissions and invitations', async () => {
    const owner = await signedUp('owner');
    const team = await op('user.createTeam', () => owner.user.createTeam({ displayName: 'Crew' }));
    await op('user.listTeams', () => owner.user.listTeams());
    await op('user.getTeam', () => owner.user.getTeam(team.id));
    await op('user.setSelectedTeam', () => owner.user.setSelectedTeam(team.id));
    await op('user.listPermissions', () => owner.user.listPermissions(team));
    await op('user.listPermissions (not recursive)', () => owner.user.listPermissions(team, { recursive: false }));
    await op('user.getPermission', () => owner.user.getPermission(team, '$invite_members'));
    await op('user.hasPermission', () => owner.user.hasPermission(team, '$update_team'));
    const profile = await op('user.getTeamProfile', () => owner.user.getTeamProfile(team));
    await op('profile.update', () => profile.update({ displayName: 'Captain' }));
    await op('team.update', () => team.update({ displayName: 'Crew 2', clientMetadata: { a: 1 } }));

    const invitee = await signedUp('invitee');
    await op('team.inviteUser', () => team.inviteUser({ email: invitee.address, callbackUrl: `${PAGE}/handler/team-invitation` }));
    const [invitation] = await op('team.listInvitations', () => team.listInvitations());
    await op('invitation.revoke', () => invitation!.revoke());
    await op('team.inviteUser', () => team.inviteUser({ email: invitee.address, callbackUrl: `${PAGE}/handler/team-invitation` }));
    const code = await codeOf(invitee.address);
    await op('app.verifyTeamInvitationCode', () => invitee.app.verifyTeamInvitationCode(code));
    await op('app.getTeamInvitationDetails', () => invitee.app.getTeamInvitationDetails(code));
    expect(await op('app.acceptTeamInvitation', () => invitee.app.acceptTeamInvitation(code))).toEqual({ status: 'ok', data: undefined });
    await op('team.listUsers', () => team.listUsers());
    await op('user.leaveTeam', () => invitee.user.leaveTeam(team));
    await op('team.delete', () => team.delete());
  });

  it('TOTP multi-factor sign-in', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(20));
    const { address, user } = await signedUp('mfa');
    await op('user.update (TOTP secret)', () => user.update({ totpMultiFactorSecret: secret }));
    const app = makeApp({ totp: async () => generateTotp(totpSecretToBase64(secret), emulator().clock.now()) });
    expect((await op('app.signInWithCredential (MFA)', () => app.signInWithCredential({ email: address, password: PASSWORD, noRedirect: true }))).status).toBe('ok');
    const again = await op('app.getUser', () => app.getUser({ or: 'throw' }));
    await op('user.update (TOTP off)', () => again.update({ totpMultiFactorSecret: null }));
  });

  it('passkeys: register, sign in, remove', async () => {
    page.href = `${PAGE}/handler/account-settings`;
    const { app, user } = await signedUp('passkey');
    expect(await op('user.registerPasskey', () => user.registerPasskey())).toEqual({ status: 'ok', data: undefined });
    await op('app.signOut', () => app.signOut());
    const other = makeApp();
    expect(await op('app.signInWithPasskey', () => other.signInWithPasskey())).toEqual({ status: 'ok', data: undefined });
    const again = await op('app.getUser', () => other.getUser({ or: 'throw' }));
    await op('user.update (passkey off)', () => again.update({ passkeyAuthEnabled: false }));
  });

  it('OAuth sign-in, connected accounts and linking; deleting the user', async () => {
    page.href = `${PAGE}/handler/sign-in`;
    const app = makeApp();
    await op('app.signInWithOAuth', () => app.signInWithOAuth('github'));
    const authorize = sent.at(-1)?.url.toString() ?? '';
    page.href = (await allowAtConsentPage(authorize, { email: email('oauth') })).landing;
    expect(await op('app.callOAuthCallback', () => app.callOAuthCallback())).toBe(true);
    const user = await op('app.getUser', () => app.getUser({ or: 'throw' }));
    // Shared OAuth keys give no provider token (a known error); the request is what counts here.
    await op('user.getConnectedAccount', () => user.getConnectedAccount('github', { scopes: ['repo'] }).catch(() => null));
    page.href = `${PAGE}/account`;
    await op('user.linkConnectedAccount', () => user.linkConnectedAccount('google', { scopes: ['email'] }));
    await op('user.delete', () => user.delete());
  });

  it('checks every recorded request against the table', () => {
    expect(sent.length).toBeGreaterThan(40);
    const report = sent.map((r) => ({ request: describeRequest(r), problem: mismatch(r) })).filter((r) => r.problem !== '');
    expect(report).toEqual([]);
  });
});
