// The server app against the in-process emulator (emulator/): users, contact channels, teams, permissions, connected accounts.
// Project keys, setup errors, sessions and the request user: keys-and-sessions.integration.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, outbox, setProjectConfig, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { authorizeUrl, CookieJar, emulatorRequest, pkcePair } from '../../testing/emulator/oauth.ts';
import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import { serverAppOn, uniqueEmail } from '../../testing/runtime/server-integration.ts';
import type { StackServerApp } from './server-app.ts';

let emu: TestEmulator;
let app: StackServerApp;

beforeAll(async () => {
  emu = await createTestEmulator();
  app = serverAppOn(emu);
});
afterAll(() => emu.close());

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
      // null would be valid too, but the emulator rejects null metadata today.
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
    expect(await app.getUser(created.id)).toBeNull();
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

describe('server user sendVerificationEmail (the SDK name, issue 22 item 5)', () => {
  const callbackUrl = 'http://localhost:3000/handler/email-verification';

  it('e-mails a link for the primary e-mail, then returns EMAIL_ALREADY_VERIFIED once it is verified', async () => {
    const email = uniqueEmail('verify');
    const user = await app.createUser({ primaryEmail: email });
    expect(await user.sendVerificationEmail({ callbackUrl })).toEqual({ status: 'ok', data: undefined });
    const link = /http:\/\/localhost:3000\/handler\/email-verification\?code=[0-9a-z]{45}/.exec((await outbox(emu, email)).at(-1)?.text ?? '')?.[0];
    expect(link).toBeDefined();
    // The link verifies the address, as the e-mail-verification page would.
    const verify = await emu.fetch('/api/v1/contact-channels/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-stack-project-id': DEMO_PROJECT.id, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey },
      body: JSON.stringify({ code: new URL(link ?? '').searchParams.get('code') }),
    });
    expect(verify.status).toBe(200);
    expect((await app.getUser(user.id))?.primaryEmailVerified).toBe(true);
    const again = await user.sendVerificationEmail({ callbackUrl });
    expect(again.status === 'error' && again.error).toBeInstanceOf(KnownErrors.EmailAlreadyVerified);
  });

  it('throws without a primary e-mail, and without a callback URL (a server has no current page)', async () => {
    await expect((await app.createUser({ displayName: 'No mail' })).sendVerificationEmail({ callbackUrl })).rejects.toThrow('has no primary e-mail');
    await expect((await app.createUser({ primaryEmail: uniqueEmail('nocb') })).sendVerificationEmail()).rejects.toThrow(/Cannot send verification email without a callback URL/);
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
    expect(callback.status).toBe(303);
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
