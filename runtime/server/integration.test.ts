// The server app against the in-process emulator (emulator/): real routing, auth, validation and tokens.
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEmulator, outbox, setProjectConfig, TEST_ORIGIN, type TestEmulator } from '../../emulator/test-support/emulator.ts';
import { authorizeUrl, CookieJar, emulatorRequest, pkcePair } from '../../emulator/test-support/oauth.ts';
import { DEMO_PROJECT } from '../../emulator/seed.ts';
import { decodeKnownError, KnownErrors } from '../protocol/errors.ts';
import { createPipeline } from '../http/pipeline.ts';
import { StackServerApp } from './server-app.ts';
import { StackSetupError } from './setup-error.ts';

let emu: TestEmulator;
let app: StackServerApp;

const emulatorFetch = (): typeof fetch => (input, init) => Promise.resolve(emu.app.request(input instanceof Request ? input : String(input), init));

function serverApp(overrides: Partial<ConstructorParameters<typeof StackServerApp>[0]> = {}): StackServerApp {
  return new StackServerApp({
    projectId: DEMO_PROJECT.id,
    secretServerKey: DEMO_PROJECT.secretServerKey,
    baseUrl: TEST_ORIGIN,
    fetch: emulatorFetch(),
    ...overrides,
  });
}

const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;
const authHeader = (tokens: { accessToken: string; refreshToken: string }) => ({ 'x-stack-auth': JSON.stringify(tokens) });

beforeAll(async () => {
  emu = await createTestEmulator();
  app = serverApp();
});
afterAll(() => emu.close());

describe('server app on the emulator: project and keys', () => {
  it('GET /projects/current gives the client view', async () => {
    const project = await app.getProject();
    expect(project.id).toBe(DEMO_PROJECT.id);
    expect(project.displayName).toBe('Demo');
    expect(project.config.magicLinkEnabled).toBe(true);
  });

  it('a wrong secret server key is INVALID_SECRET_SERVER_KEY', async () => {
    const wrong = serverApp({ secretServerKey: 'ssk_wrong' });
    await expect(wrong.listUsers()).rejects.toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
  });

  it('an unknown project id fails on its key first (protocol.md §4 order), naming the project', async () => {
    const projectId = crypto.randomUUID();
    const error: unknown = await serverApp({ projectId }).listUsers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
    expect(error).toBeInstanceOf(KnownErrors.InvalidProjectAuthentication);
    expect((error as InstanceType<typeof KnownErrors.InvalidSecretServerKey>).details).toMatchObject({ project_id: projectId });
  });

  it('a publishable client key where the secret server key belongs is INVALID_SECRET_SERVER_KEY (keys are checked against the access type in use, §4)', async () => {
    const misconfigured = serverApp({ secretServerKey: DEMO_PROJECT.publishableClientKey });
    const error: unknown = await misconfigured.listUsers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
    expect((error as InstanceType<typeof KnownErrors.InvalidSecretServerKey>).details).toMatchObject({ project_id: DEMO_PROJECT.id });
    // The right secret key next to a publishable one is fine: a server request ignores the publishable key.
    expect((await serverApp({ publishableClientKey: 'pck_not_checked' }).getProject()).id).toBe(DEMO_PROJECT.id);
  });

  it('an admin-only endpoint with the server access type is INSUFFICIENT_ACCESS_TYPE, with its details', async () => {
    const pipeline = createPipeline({ apiUrl: TEST_ORIGIN, projectId: DEMO_PROJECT.id, accessType: 'server', secretServerKey: DEMO_PROJECT.secretServerKey, fetch: emulatorFetch(), decodeError: decodeKnownError });
    const error: unknown = await pipeline.sendJson({ path: '/internal/api-keys' }, { parse: (x: unknown) => x }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InsufficientAccessType);
    expect((error as InstanceType<typeof KnownErrors.InsufficientAccessType>).details).toEqual({ actual_access_type: 'server', allowed_access_types: ['admin'] });
  });
});

describe('server app on the emulator: setup errors (spec §8)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** A fetch to the emulator that counts what reaches it. */
  function countingFetch(): { fetch: typeof fetch; count: () => number } {
    let count = 0;
    const inner = emulatorFetch();
    return { fetch: (input, init) => ((count += 1), inner(input, init)), count: () => count };
  }

  it('a missing project id (option and environment) throws StackSetupError at construction; no request is sent', () => {
    vi.stubEnv('NEXT_PUBLIC_STACK_PROJECT_ID', '');
    const { fetch, count } = countingFetch();
    for (const projectId of [undefined, '']) {
      const build = () => new StackServerApp({ ...(projectId === undefined ? {} : { projectId }), secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: TEST_ORIGIN, fetch });
      expect(build).toThrow(StackSetupError);
      expect(build).toThrow('authworker: StackServerApp needs the projectId option (or the NEXT_PUBLIC_STACK_PROJECT_ID environment variable); it was not provided.');
    }
    expect(count()).toBe(0);
  });

  it('a missing secret server key likewise; the environment variables fill both in', async () => {
    vi.stubEnv('STACK_SECRET_SERVER_KEY', '');
    const { fetch, count } = countingFetch();
    expect(() => new StackServerApp({ projectId: DEMO_PROJECT.id, baseUrl: TEST_ORIGIN, fetch })).toThrow(
      'authworker: StackServerApp needs the secretServerKey option (or the STACK_SECRET_SERVER_KEY environment variable); it was not provided.',
    );
    expect(count()).toBe(0);
    vi.stubEnv('NEXT_PUBLIC_STACK_PROJECT_ID', DEMO_PROJECT.id);
    vi.stubEnv('STACK_SECRET_SERVER_KEY', DEMO_PROJECT.secretServerKey);
    expect((await new StackServerApp({ baseUrl: TEST_ORIGIN, fetch }).getProject()).id).toBe(DEMO_PROJECT.id);
    expect(count()).toBe(1);
  });
});

describe('server app on the emulator: users', () => {
  it('creates, reads, updates and deletes a user', async () => {
    const email = uniqueEmail('crud');
    const created = await app.createUser({ primaryEmail: email, primaryEmailAuthEnabled: true, password: 'password123', displayName: 'Crud', serverMetadata: { plan: 'pro' } });
    expect(created).toMatchObject({ primaryEmail: email, primaryEmailVerified: false, hasPassword: true, displayName: 'Crud', serverMetadata: { plan: 'pro' } });
    expect(created.signedUpAt).toBeInstanceOf(Date);

    const fetched = await app.getUser(created.id);
    expect(fetched?.primaryEmail).toBe(email);

    const newEmail = uniqueEmail('moved');
    const secret = new Uint8Array(20).fill(7);
    const updated = await created.update({
      primaryEmail: newEmail,
      primaryEmailVerified: true,
      clientMetadata: { theme: 'dark' },
      clientReadOnlyMetadata: { tier: 2 },
      // null would be valid too (protocol.md §5), but the emulator rejects null metadata today.
      serverMetadata: { plan: 'free' },
      totpMultiFactorSecret: secret,
      password: 'another-password',
    });
    expect(updated).toMatchObject({
      primaryEmail: newEmail,
      primaryEmailVerified: true,
      clientMetadata: { theme: 'dark' },
      clientReadOnlyMetadata: { tier: 2 },
      serverMetadata: { plan: 'free' },
      isMultiFactorRequired: true,
    });
    const verified = await updated.setPrimaryEmail(uniqueEmail('again'), { verified: false });
    expect(verified.primaryEmailVerified).toBe(false);
    expect((await verified.update({ totpMultiFactorSecret: null })).isMultiFactorRequired).toBe(false);

    await created.delete();
    await expect(app.getUser(created.id)).rejects.toBeInstanceOf(KnownErrors.UserNotFound);
  });

  it('lists users with cursor, limit, desc and query', async () => {
    const tag = `list${crypto.randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++) await app.createUser({ primaryEmail: `${tag}-${i}@example.com`, displayName: `${tag} ${i}` });
    const first = await app.listUsers({ query: tag, limit: 2, orderBy: 'signedUpAt' });
    expect(first).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await app.listUsers({ query: tag, limit: 2, orderBy: 'signedUpAt', cursor: first.nextCursor as string });
    expect(second).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const all = [...first, ...second].map((u) => u.primaryEmail);
    expect(all).toEqual([`${tag}-0@example.com`, `${tag}-1@example.com`, `${tag}-2@example.com`]);
    const desc = await app.listUsers({ query: tag, desc: true });
    expect(desc.map((u) => u.primaryEmail)).toEqual([...all].reverse());
  });
});

describe('server app on the emulator: sessions and the request user', () => {
  it('createSession gives tokens whose user getUser({tokenStore: request}) resolves', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('sess') });
    const session = await app.createSession({ userId: user.id });
    expect(decodeJwt(session.accessToken).sub).toBe(user.id);

    const request = new Request('https://my-app.example.com/api/profile', { headers: authHeader(session) });
    expect((await app.getUser({ tokenStore: request }))?.id).toBe(user.id);
    expect((await app.getUserFromRequest(request))?.serverMetadata).toBeNull();
    expect(await app.getUserFromRequest(new Request('https://my-app.example.com/'))).toBeNull();
  });

  it('a plain Authorization: Bearer <access token> (what an authworker page sends) resolves the user', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('bearer') });
    const { accessToken } = await app.createSession({ userId: user.id });
    const request = new Request('https://my-app.example.com/api', { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await app.getUserFromRequest(request))?.id).toBe(user.id);
  });

  it('the request user of a deleted account is null', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('gone') });
    const session = await user.createSession();
    await user.delete();
    expect(await app.getUserFromRequest(new Request('https://x.example', { headers: authHeader(session) }))).toBeNull();
  });

  it('an unknown user id gives USER_ID_DOES_NOT_EXIST', async () => {
    await expect(app.createSession({ userId: crypto.randomUUID() })).rejects.toBeInstanceOf(KnownErrors.UserIdDoesNotExist);
  });

  it('an expired forwarded access token is refreshed when the publishable key is configured', async () => {
    const withKey = serverApp({ publishableClientKey: DEMO_PROJECT.publishableClientKey });
    const user = await withKey.createUser({ primaryEmail: uniqueEmail('refresh') });
    const session = await withKey.createSession({ userId: user.id });
    emu.clock.advance(11 * 60_000); // past the 10-minute access-token lifetime, as the emulator sees it
    expect((await withKey.getUserFromRequest(new Request('https://x.example', { headers: authHeader(session) })))?.id).toBe(user.id);
  });

  it('createSession({expiresInMillis}) bounds the refresh token: refresh fails once the emulator clock passes it', async () => {
    const withKey = serverApp({ publishableClientKey: DEMO_PROJECT.publishableClientKey });
    const user = await withKey.createUser({ primaryEmail: uniqueEmail('short') });
    const short = await withKey.createSession({ userId: user.id, expiresInMillis: 15 * 60_000 });
    const long = await withKey.createSession({ userId: user.id }); // the default, a year
    const requestWith = (tokens: { accessToken: string; refreshToken: string }) => new Request('https://x.example', { headers: authHeader(tokens) });
    const refreshGrant = (refreshToken: string) =>
      emu.app.request(`${TEST_ORIGIN}/api/v1/auth/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: DEMO_PROJECT.id, client_secret: DEMO_PROJECT.publishableClientKey }).toString(),
      });

    emu.clock.advance(11 * 60_000); // both access tokens expired, both refresh tokens still valid
    expect((await withKey.getUserFromRequest(requestWith(short)))?.id).toBe(user.id);
    expect((await refreshGrant(short.refreshToken)).status).toBe(200);

    emu.clock.advance(4 * 60_000 + 1); // 15 minutes and 1 ms: past the short session's end
    const refused = await refreshGrant(short.refreshToken);
    expect([refused.status, refused.headers.get('x-stack-known-error')]).toEqual([401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED']);
    expect(await withKey.getUserFromRequest(requestWith(short))).toBeNull();
    expect((await withKey.getUserFromRequest(requestWith(long)))?.id).toBe(user.id);
  });

  it('access tokens verify with jose against the project JWKS (ES256, aud = project id)', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('jwks') });
    const { accessToken } = await app.createSession({ userId: user.id });
    const res = await emu.app.request(`${TEST_ORIGIN}/api/v1/projects/${DEMO_PROJECT.id}/.well-known/jwks.json`);
    const jwks = createLocalJWKSet((await res.json()) as Parameters<typeof createLocalJWKSet>[0]);
    const { payload, protectedHeader } = await jwtVerify(accessToken, jwks, {
      audience: DEMO_PROJECT.id,
      algorithms: ['ES256'],
      currentDate: new Date(emu.clock.now()),
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(user.id);
  });
});

describe('server app on the emulator: contact channels', () => {
  it('lists, creates, updates, verifies by e-mail and deletes channels of any user', async () => {
    const email = uniqueEmail('cc');
    const user = await app.createUser({ primaryEmail: email });
    const [primary] = await user.listContactChannels();
    expect(primary).toMatchObject({ value: email, type: 'email', isPrimary: true, isVerified: false, userId: user.id });

    const extra = await user.createContactChannel({ value: uniqueEmail('extra'), type: 'email', usedForAuth: false });
    expect(extra.isPrimary).toBe(false);
    const verified = await extra.update({ isVerified: true });
    expect(verified.isVerified).toBe(true);

    await primary!.sendVerificationEmail({ callbackUrl: 'http://localhost:3000/handler/email-verification' });
    const mails = await outbox(emu, email);
    expect(mails.at(-1)?.text).toContain('http://localhost:3000/handler/email-verification?code=');
    await expect(verified.sendVerificationEmail({ callbackUrl: 'http://localhost:3000/x' })).rejects.toBeInstanceOf(KnownErrors.EmailAlreadyVerified);

    await verified.delete();
    expect((await user.listContactChannels()).map((c) => c.id)).toEqual([primary!.id]);
  });
});

describe('server app on the emulator: teams and memberships', () => {
  it('creates, lists, reads, updates and deletes teams', async () => {
    const creator = await app.createUser({ primaryEmail: uniqueEmail('creator') });
    const team = await app.createTeam({ displayName: 'Acme', creatorUserId: creator.id, serverMetadata: { plan: 'pro' } });
    expect(team).toMatchObject({ displayName: 'Acme', serverMetadata: { plan: 'pro' }, profileImageUrl: null });
    expect(team.createdAt).toBeInstanceOf(Date);

    expect((await app.listTeams()).map((t) => t.id)).toContain(team.id);
    expect((await app.listTeams({ userId: creator.id })).map((t) => t.id)).toEqual([team.id]);
    expect((await creator.listTeams()).map((t) => t.id)).toEqual([team.id]);
    expect((await app.getTeam(team.id))?.displayName).toBe('Acme');

    const renamed = await team.update({ displayName: 'Acme Inc', clientMetadata: { color: 'red' }, clientReadOnlyMetadata: { tier: 1 } });
    expect(renamed).toMatchObject({ displayName: 'Acme Inc', clientMetadata: { color: 'red' }, clientReadOnlyMetadata: { tier: 1 }, serverMetadata: { plan: 'pro' } });

    await renamed.delete();
    expect(await app.getTeam(team.id)).toBeNull();
  });

  it('adds and removes members (server-typed calls) and lists them with their profiles', async () => {
    const creator = await app.createUser({ primaryEmail: uniqueEmail('owner'), displayName: 'Owner' });
    const member = await app.createUser({ primaryEmail: uniqueEmail('member'), displayName: 'Member' });
    const team = await creator.createTeam({ displayName: 'Crew' });

    await team.addUser(member);
    await expect(team.addUser(member.id)).rejects.toBeInstanceOf(KnownErrors.TeamMembershipAlreadyExists);
    const users = await team.listUsers();
    expect(users.map((u) => u.id).sort()).toEqual([creator.id, member.id].sort());
    const listed = users.find((u) => u.id === member.id);
    expect(listed?.teamProfile).toEqual({ displayName: 'Member', profileImageUrl: null });
    expect(listed?.primaryEmail).toBe(member.primaryEmail);
    expect((await app.listUsers({ teamId: team.id })).map((u) => u.id).sort()).toEqual([creator.id, member.id].sort());

    const selected = await member.setSelectedTeam(team);
    expect(selected.selectedTeam?.id).toBe(team.id);
    expect(selected.selectedTeamId).toBe(team.id);

    await member.leaveTeam(team);
    await team.removeUser(creator);
    expect(await team.listUsers()).toEqual([]);
    await expect(team.removeUser(member)).rejects.toBeInstanceOf(KnownErrors.TeamMembershipNotFound);
  });

  it('invites by e-mail, lists and revokes invitations', async () => {
    const creator = await app.createUser({ primaryEmail: uniqueEmail('inviter') });
    const team = await creator.createTeam({ displayName: 'Invited' });
    const invitee = uniqueEmail('invitee');
    await team.inviteUser({ email: invitee, callbackUrl: 'http://localhost:3000/handler/team-invitation' });
    expect((await outbox(emu, invitee)).at(-1)?.text).toContain('http://localhost:3000/handler/team-invitation?code=');
    const [invitation] = await team.listInvitations();
    expect(invitation).toMatchObject({ teamId: team.id, recipientEmail: invitee });
    expect(invitation?.expiresAt.getTime()).toBeGreaterThan(emu.clock.now());
    await invitation!.revoke();
    expect(await team.listInvitations()).toEqual([]);
  });
});

describe('server app on the emulator: team permissions', () => {
  it('grants, lists (recursive by default), checks and revokes', async () => {
    const creator = await app.createUser({ primaryEmail: uniqueEmail('perm-owner') });
    const member = await app.createUser({ primaryEmail: uniqueEmail('perm-member') });
    const team = await creator.createTeam({ displayName: 'Perms' });
    await team.addUser(member);

    // Creator default `admin` contains the system permissions; they count only recursively.
    expect(await creator.hasPermission(team, '$delete_team')).toBe(true);
    expect((await creator.listPermissions(team, { recursive: false })).map((p) => p.id)).toEqual(['admin']);
    expect(await member.hasPermission(team, '$delete_team')).toBe(false);
    expect((await member.listPermissions(team)).map((p) => p.id)).toContain('$read_members');

    await member.grantPermission(team, '$delete_team');
    expect(await member.hasPermission(team, '$delete_team')).toBe(true);
    expect(await member.getPermission(team, '$delete_team')).toEqual({ id: '$delete_team', userId: member.id, teamId: team.id });
    await member.revokePermission(team, '$delete_team');
    expect(await member.hasPermission(team, '$delete_team')).toBe(false);
    await expect(member.revokePermission(team, '$delete_team')).rejects.toBeInstanceOf(KnownErrors.TeamPermissionNotFound);
    await expect(member.grantPermission(team, 'no_such_permission')).rejects.toBeInstanceOf(KnownErrors.PermissionNotFound);
  });
});

describe('server app on the emulator: connected accounts', () => {
  /** Links a provider account to the user of `accessToken` through the emulator's consent page (type=link). */
  async function linkViaConsent(provider: string, accessToken: string, providerScope: string): Promise<void> {
    const jar = new CookieJar();
    const { challenge } = await pkcePair();
    const state = crypto.randomUUID();
    const authorize = await emulatorRequest(
      emu,
      authorizeUrl(provider, { challenge, state, extra: { type: 'link', token: accessToken, provider_scope: providerScope } }),
      jar,
    );
    expect(authorize.status).toBe(307);
    const consentUrl = authorize.headers.get('location') ?? '';
    const innerState = new URL(consentUrl).searchParams.get('state') ?? '';
    const form = { state: innerState, action: 'allow', email: uniqueEmail(provider) };
    const consent = await emulatorRequest(emu, consentUrl, jar, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(consent.status).toBe(303);
    const callback = await emulatorRequest(emu, consent.headers.get('location') ?? '', jar);
    expect(callback.status).toBe(307);
    expect(new URL(callback.headers.get('location') ?? '').searchParams.get('state')).toBe(state);
  }

  const SHARED_PROVIDERS = [
    { id: 'github', enabled: true, type: 'shared' },
    { id: 'google', enabled: true, type: 'shared' },
  ];

  beforeAll(() => setProjectConfig(emu, DEMO_PROJECT.id, { oauth_providers: [...SHARED_PROVIDERS, { id: 'gitlab', enabled: true, type: 'standard', client_id: 'id', client_secret: 'secret' }] }));
  afterAll(() => setProjectConfig(emu, DEMO_PROJECT.id, { oauth_providers: SHARED_PROVIDERS }));

  it('getConnectedAccount gives the provider token covering the scopes; refreshes it when it runs out', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('linked') });
    const { accessToken } = await user.createSession();
    await linkViaConsent('gitlab', accessToken, 'read_repository');

    const connection = await user.getConnectedAccount('gitlab', { scopes: ['read_repository'] });
    expect(connection).toEqual({ id: 'gitlab', accessToken: expect.stringMatching(/^emu_at_/), getAccessToken: expect.any(Function) });
    expect((await app.getUser(user.id))?.oauthProviders).toEqual([expect.objectContaining({ id: 'gitlab' })]);
    // A stored token with more than 5 minutes left is returned as is.
    expect(await connection!.getAccessToken()).toEqual({ accessToken: connection!.accessToken });
    expect((await user.getConnectedAccount('gitlab'))?.accessToken).toBe(connection!.accessToken);

    emu.clock.advance(56 * 60_000); // the emulated provider's tokens live an hour
    const refreshed = await connection!.getAccessToken();
    expect(refreshed.accessToken).toMatch(/^emu_at_/);
    expect(refreshed.accessToken).not.toBe(connection!.accessToken);
  });

  it('no connection, or one without the scopes, is null', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('unlinked') });
    expect(await user.getConnectedAccount('gitlab')).toBeNull(); // OAUTH_CONNECTION_NOT_CONNECTED_TO_USER

    const { accessToken } = await user.createSession();
    await linkViaConsent('gitlab', accessToken, 'read_repository');
    expect(await user.getConnectedAccount('gitlab', { scopes: ['read_repository', 'api'] })).toBeNull(); // OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE
  });

  it('shared and unknown providers are errors, not null', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('shared') });
    await expect(user.getConnectedAccount('github')).rejects.toBeInstanceOf(KnownErrors.OAuthAccessTokenNotAvailableWithSharedOAuthKeys);
    await expect(user.getConnectedAccount('discord')).rejects.toBeInstanceOf(KnownErrors.OAuthProviderNotFoundOrNotEnabled);
  });
});
