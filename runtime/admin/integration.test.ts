// The admin app against the in-process emulator (emulator/), with the admin key and with a project owner's session.
import { createServer, type Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, TEST_ORIGIN, type TestEmulator } from '../../emulator/test-support/emulator.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../../emulator/seed.ts';
import { KnownErrors } from '../protocol/errors.ts';
import { StackServerApp } from '../server/server-app.ts';
import { StackAdminApp } from './admin-app.ts';
import { ProjectOwner } from './project-owner.ts';

let emu: TestEmulator;
const emulatorFetch = (): typeof fetch => (input, init) => Promise.resolve(emu.app.request(input instanceof Request ? input : String(input), init));

function adminApp(superSecretAdminKey = DEMO_PROJECT.superSecretAdminKey): StackAdminApp {
  return new StackAdminApp({ projectId: DEMO_PROJECT.id, superSecretAdminKey, baseUrl: TEST_ORIGIN, fetch: emulatorFetch() });
}

/** A user of the internal project who owns the demo project, signed in (tokens from a server-created session). */
async function demoOwnerTokens(managedProjectIds: string[] = [DEMO_PROJECT.id]) {
  const internal = new StackServerApp({ projectId: INTERNAL_PROJECT.id, secretServerKey: INTERNAL_PROJECT.secretServerKey, baseUrl: TEST_ORIGIN, fetch: emulatorFetch() });
  const owner = await internal.createUser({ primaryEmail: `owner-${crypto.randomUUID()}@example.com`, serverMetadata: { managedProjectIds } });
  return owner.createSession();
}

function projectOwner(tokens: { accessToken: string | null; refreshToken: string }): ProjectOwner {
  return new ProjectOwner({ baseUrl: TEST_ORIGIN, publishableClientKey: INTERNAL_PROJECT.publishableClientKey, session: tokens, fetch: emulatorFetch() });
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** A port nothing listens on: bind, read the port, close. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = portOf(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

describe('admin app on the emulator (admin key)', () => {
  it('GET /projects/current gives the admin view', async () => {
    const project = await adminApp().getProject();
    expect(project).toMatchObject({ id: DEMO_PROJECT.id, displayName: 'Demo', isProductionMode: false });
    expect(project.createdAt).toBeInstanceOf(Date);
    expect(project.config).toMatchObject({ allowLocalhost: true, magicLinkEnabled: true, teamCreatorDefaultPermissions: [{ id: 'admin' }] });
    expect(project.getProductionModeErrors().map((e) => e.message)).toEqual([
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
    ]);
  });

  it('a wrong admin key is INVALID_SUPER_SECRET_ADMIN_KEY', async () => {
    await expect(adminApp('sak_wrong').getProject()).rejects.toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
  });

  it('does everything a server app does, with the admin access type', async () => {
    const admin = adminApp();
    const user = await admin.createUser({ primaryEmail: `admin-made-${crypto.randomUUID()}@example.com` });
    expect((await admin.getUser(user.id))?.id).toBe(user.id);
    await user.delete();
  });
});

describe('admin app on the emulator (project owner session)', () => {
  it('sends the owner access token as x-stack-admin-access-token', async () => {
    const owner = projectOwner(await demoOwnerTokens());
    const project = await owner.adminApp(DEMO_PROJECT.id).getProject();
    expect(project.id).toBe(DEMO_PROJECT.id);
    expect(project.config.teamMemberDefaultPermissions).toEqual([{ id: 'member' }]);
  });

  it('refreshes an expired owner token on the internal project and retries', async () => {
    const owner = projectOwner(await demoOwnerTokens());
    const app = owner.adminApp(DEMO_PROJECT.id);
    await app.getProject();
    emu.clock.advance(11 * 60_000); // the emulator now answers ADMIN_ACCESS_TOKEN_EXPIRED for the cached token
    expect((await app.getProject()).id).toBe(DEMO_PROJECT.id);
  });

  it('an owner of other projects only gets ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN (after the retries)', async () => {
    const owner = projectOwner(await demoOwnerTokens([]));
    await expect(owner.adminApp(DEMO_PROJECT.id).getProject()).rejects.toBeInstanceOf(KnownErrors.AdminAccessTokenIsNotAdmin);
  });
});

describe('admin app on the emulator: team permission definitions', () => {
  it('lists the system and default ones, creates, updates and deletes a custom one', async () => {
    const admin = adminApp();
    const before = await admin.listTeamPermissionDefinitions();
    expect(before.map((d) => d.id)).toEqual(expect.arrayContaining(['$update_team', '$delete_team', '$read_members', '$remove_members', '$invite_members', 'admin', 'member']));
    expect(before.find((d) => d.id === '$update_team')?.description).toBe('Update the team information');

    const id = `editor_${crypto.randomUUID().slice(0, 8)}`;
    const created = await admin.createTeamPermissionDefinition({ id, description: 'Edit documents', containedPermissionIds: ['$read_members'] });
    expect(created).toEqual({ id, description: 'Edit documents', containedPermissionIds: ['$read_members'] });
    const updated = await admin.updateTeamPermissionDefinition(id, { description: 'Edit', containedPermissionIds: ['$read_members', '$invite_members'] });
    expect(updated.containedPermissionIds).toEqual(['$invite_members', '$read_members']);

    // The new definition is grantable right away.
    const user = await admin.createUser({ primaryEmail: `editor-${crypto.randomUUID()}@example.com` });
    const team = await user.createTeam({ displayName: 'Docs' });
    await user.grantPermission(team, id);
    expect(await user.hasPermission(team, '$invite_members')).toBe(true);

    await admin.deleteTeamPermissionDefinition(id);
    expect((await admin.listTeamPermissionDefinitions()).map((d) => d.id)).not.toContain(id);
    await expect(admin.createTeamPermissionDefinition({ id: `${id}_x`, containedPermissionIds: ['nope'] })).rejects.toBeInstanceOf(
      KnownErrors.ContainedPermissionNotFound,
    );
  });
});

describe('admin app on the emulator: project settings', () => {
  it('project.update sets every config field on an owned project; project.delete removes it', async () => {
    const owner = projectOwner(await demoOwnerTokens([]));
    const created = await owner.createProject({ displayName: 'Scratch' });
    const project = await created.app.getProject();
    const configId = project.config.id;
    expect(configId).toEqual(expect.any(String));

    // The owned project is itself an AdminProject that updates through the owner's session.
    const updated = await created.update({
      displayName: 'Scratch 2',
      description: 'A project to throw away',
      isProductionMode: true,
      config: {
        signUpEnabled: false,
        credentialEnabled: false,
        magicLinkEnabled: true,
        passkeyEnabled: true,
        clientTeamCreationEnabled: true,
        clientUserDeletionEnabled: true,
        allowLocalhost: false,
        legacyGlobalJwtSigning: false,
        createTeamOnSignUp: true,
        teamCreatorDefaultPermissions: [{ id: 'member' }],
        teamMemberDefaultPermissions: [{ id: '$read_members' }],
        domains: [{ domain: 'https://app.example.com', handlerPath: '/auth' }],
        oauthProviders: [
          { id: 'github', enabled: true, type: 'shared' },
          { id: 'microsoft', enabled: false, type: 'standard', clientId: 'ms-id', clientSecret: 'ms-secret', microsoftTenantId: 'tenant' },
          { id: 'facebook', enabled: true, type: 'standard', clientId: 'fb-id', clientSecret: 'fb-secret', facebookConfigId: 'fb-config' },
        ],
        emailConfig: { type: 'standard', host: 'smtp.example.com', port: 587, username: 'mailer', password: 'secret', senderName: 'Scratch', senderEmail: 'noreply@example.com' },
      },
    });
    const expected = {
      id: created.id,
      displayName: 'Scratch 2',
      description: 'A project to throw away',
      isProductionMode: true,
      userCount: 0,
      config: {
        id: configId,
        signUpEnabled: false,
        credentialEnabled: false,
        magicLinkEnabled: true,
        passkeyEnabled: true,
        clientTeamCreationEnabled: true,
        clientUserDeletionEnabled: true,
        allowLocalhost: false,
        legacyGlobalJwtSigning: false,
        createTeamOnSignUp: true,
        teamCreatorDefaultPermissions: [{ id: 'member' }],
        teamMemberDefaultPermissions: [{ id: '$read_members' }],
        domains: [{ domain: 'https://app.example.com', handlerPath: '/auth' }],
        // Sorted by id; the disabled provider is not among the enabled ones.
        oauthProviders: [
          { id: 'facebook', enabled: true, type: 'standard', clientId: 'fb-id', clientSecret: 'fb-secret', facebookConfigId: 'fb-config' },
          { id: 'github', enabled: true, type: 'shared' },
          { id: 'microsoft', enabled: false, type: 'standard', clientId: 'ms-id', clientSecret: 'ms-secret', microsoftTenantId: 'tenant' },
        ],
        enabledOAuthProviders: [{ id: 'facebook' }, { id: 'github' }],
        emailConfig: { type: 'standard', host: 'smtp.example.com', port: 587, username: 'mailer', password: 'secret', senderName: 'Scratch', senderEmail: 'noreply@example.com' },
      },
    };
    expect(updated).toMatchObject(expected);
    expect(updated.createdAt.getTime()).toBe(project.createdAt.getTime());
    expect(updated.getProductionModeErrors()).toEqual([]);
    expect(await created.app.getProject()).toMatchObject(expected);

    // An update of the providers must name every existing one.
    await expect(updated.update({ config: { oauthProviders: [{ id: 'github', enabled: true, type: 'shared' }] } })).rejects.toMatchObject({
      status: 400,
      body: expect.stringMatching(/^Provider with id '(facebook|microsoft)' not found in the update$/),
    });
    const shared = await updated.update({ config: { emailConfig: { type: 'shared' }, domains: [] } });
    expect(shared.config.emailConfig).toEqual({ type: 'shared' });
    expect(shared.config.domains).toEqual([]);

    await shared.delete();
    expect((await owner.listOwnedProjects()).map((p) => p.id)).not.toContain(created.id);
    await expect(created.app.getProject()).rejects.toBeInstanceOf(KnownErrors.AdminAccessTokenIsNotAdmin);
  });

  it('project.update with the admin key', async () => {
    const project = await adminApp().getProject();
    const updated = await project.update({ description: 'Seeded demo' });
    expect(updated).toMatchObject({ id: DEMO_PROJECT.id, displayName: 'Demo', description: 'Seeded demo' });
    expect((await updated.update({ description: '' })).description).toBe('');
  });
});

describe('admin app on the emulator: API keys', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000);

  it('createApiKey shows the full keys once; list and get show the last four; revoke stops the key at once', async () => {
    const admin = adminApp();
    const created = await admin.createApiKey({
      description: 'CI',
      expiresAt: inAnHour(),
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    expect(created).toMatchObject({
      description: 'CI',
      publishableClientKey: expect.stringMatching(/^pck_[0-9a-z]{45}$/),
      secretServerKey: expect.stringMatching(/^ssk_[0-9a-z]{45}$/),
      superSecretAdminKey: null,
      manuallyRevokedAt: null,
    });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(created.whyInvalid()).toBeNull();
    const secretServerKey = created.secretServerKey as string;
    const lastFours = {
      publishableClientKey: { lastFour: (created.publishableClientKey as string).slice(-4) },
      secretServerKey: { lastFour: secretServerKey.slice(-4) },
      superSecretAdminKey: null,
    };

    const [newest] = await admin.listApiKeys();
    expect(newest).toMatchObject({ id: created.id, description: 'CI', manuallyRevokedAt: null, ...lastFours });
    expect(newest?.expiresAt.getTime()).toBe(created.expiresAt.getTime());
    expect(JSON.stringify(await admin.listApiKeys())).not.toContain(secretServerKey);
    const read = await admin.getApiKey(created.id);
    expect(read).toMatchObject({ id: created.id, ...lastFours });
    expect(read.isValid()).toBe(true);

    const withKey = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey, baseUrl: TEST_ORIGIN, fetch: emulatorFetch() });
    await withKey.listUsers({ limit: 1 });

    const revoked = await read.revoke();
    expect(revoked.manuallyRevokedAt).toBeInstanceOf(Date);
    expect(revoked.whyInvalid()).toBe('manually-revoked');
    expect(revoked.isValid()).toBe(false);
    expect((await admin.getApiKey(created.id)).whyInvalid()).toBe('manually-revoked');
    await expect(withKey.listUsers({ limit: 1 })).rejects.toBeInstanceOf(KnownErrors.InvalidSecretServerKey);

    await expect(admin.getApiKey(crypto.randomUUID())).rejects.toBeInstanceOf(KnownErrors.ApiKeyNotFound);
  });

  it('an expired key is "expired" (even when also revoked) and fails at once', async () => {
    const admin = adminApp();
    const created = await admin.createApiKey({
      description: 'old',
      expiresAt: new Date(Date.now() - 1000),
      hasPublishableClientKey: false,
      hasSecretServerKey: false,
      hasSuperSecretAdminKey: true,
    });
    expect(created).toMatchObject({ publishableClientKey: null, secretServerKey: null, superSecretAdminKey: expect.stringMatching(/^sak_/) });
    expect(created.whyInvalid()).toBe('expired');
    await expect(adminApp(created.superSecretAdminKey as string).getProject()).rejects.toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
    expect((await created.revoke()).whyInvalid()).toBe('expired');
  });

  it('a new admin key works as the admin key of a StackAdminApp', async () => {
    const created = await adminApp().createApiKey({
      description: 'admin',
      expiresAt: inAnHour(),
      hasPublishableClientKey: false,
      hasSecretServerKey: false,
      hasSuperSecretAdminKey: true,
    });
    expect((await adminApp(created.superSecretAdminKey as string).listApiKeys())[0]?.superSecretAdminKey).toEqual({
      lastFour: (created.superSecretAdminKey as string).slice(-4),
    });
  });
});

describe('admin app on the emulator: e-mail templates, svix, metrics', () => {
  it('lists the four defaults, customises one and resets it', async () => {
    const admin = adminApp();
    const defaults = await admin.listEmailTemplates();
    expect(defaults.map((t) => [t.type, t.subject, t.isDefault])).toEqual([
      ['email_verification', 'Verify your email at {{ projectDisplayName }}', true],
      ['password_reset', 'Reset your password at {{ projectDisplayName }}', true],
      ['magic_link', 'Sign in to {{ projectDisplayName }}: Your code is {{ otp }}', true],
      ['team_invitation', 'You have been invited to join {{ teamDisplayName }}', true],
    ]);
    const invitation = defaults.find((t) => t.type === 'team_invitation');
    expect(invitation?.content).toMatchObject({ root: { type: 'EmailLayout' } });

    const updated = await admin.updateEmailTemplate('team_invitation', { subject: 'Join {{ teamDisplayName }}!' });
    expect(updated).toEqual({ type: 'team_invitation', subject: 'Join {{ teamDisplayName }}!', content: invitation?.content, isDefault: false });
    const content = { root: { type: 'EmailLayout', data: { childrenIds: [] } } };
    expect(await admin.updateEmailTemplate('team_invitation', { content })).toMatchObject({ subject: 'Join {{ teamDisplayName }}!', content, isDefault: false });
    expect((await admin.listEmailTemplates()).find((t) => t.type === 'team_invitation')).toMatchObject({ isDefault: false, content });
    await expect(admin.updateEmailTemplate('magic_link', { content: { nope: true } })).rejects.toMatchObject({ status: 400, body: 'Invalid email template content' });

    await admin.resetEmailTemplate('team_invitation');
    expect(await admin.listEmailTemplates()).toEqual(defaults);
    await expect(admin.resetEmailTemplate('team_invitation')).rejects.toMatchObject({ status: 404, body: 'Email template not found' });
  });

  it('getSvixToken gives a token for the project', async () => {
    expect(await adminApp().getSvixToken()).toMatch(new RegExp(`^emulator-svix\\.${DEMO_PROJECT.id}\\.`));
  });

  it('getMetrics counts a sign-up', async () => {
    const admin = adminApp();
    const before = await admin.getMetrics();
    const user = await signUp(emu);
    const after = await admin.getMetrics();

    expect(after.totalUsers).toBe(before.totalUsers + 1);
    expect(after.dailyUsers).toHaveLength(31);
    const today = new Date(emu.clock.now()).toISOString().slice(0, 10);
    expect(after.dailyUsers.at(-1)).toEqual({ date: today, activity: (before.dailyUsers.at(-1)?.activity ?? 0) + 1 });
    expect(after.dailyActiveUsers.at(-1)?.activity).toBe((before.dailyActiveUsers.at(-1)?.activity ?? 0) + 1);
    expect(after.recentlyRegistered[0]).toMatchObject({ id: user.userId, primaryEmail: user.email, hasPassword: true });
    expect(after.recentlyRegistered[0]?.signedUpAt).toBeInstanceOf(Date);
    expect(after.recentlyActive[0]?.id).toBe(user.userId);
    expect(after.loginMethods).toContainEqual({ method: 'password', count: expect.any(Number) });
    expect(after.usersByCountry).toEqual({});
  });
});

describe('admin app on the emulator: test e-mails', () => {
  let smtp: SMTPServer;
  let smtpPort = 0;
  const received: { to: string[]; data: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false,
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'secret') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    smtpPort = portOf(smtp.server);
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const emailConfig = (port: number, password = 'secret') => ({
    host: '127.0.0.1',
    port,
    username: 'mailer',
    password,
    senderName: 'Authworker',
    senderEmail: 'noreply@example.com',
  });

  it('sendTestEmail delivers through the given SMTP server', async () => {
    expect(await adminApp().sendTestEmail({ recipientEmail: 'dev@example.com', emailConfig: emailConfig(smtpPort) })).toEqual({ status: 'ok', data: undefined });
    expect(received.at(-1)?.to).toEqual(['dev@example.com']);
    expect(received.at(-1)?.data).toContain('From: Authworker <noreply@example.com>');
  });

  it('a refused connection or bad credentials are an error result with the backend message', async () => {
    const admin = adminApp();
    expect(await admin.sendTestEmail({ recipientEmail: 'dev@example.com', emailConfig: emailConfig(await refusedPort()) })).toEqual({
      status: 'error',
      error: { errorMessage: 'Unknown error while sending test email. Make sure the email server is running and accepting connections.' },
    });
    expect(await admin.sendTestEmail({ recipientEmail: 'dev@example.com', emailConfig: emailConfig(smtpPort, 'wrong') })).toEqual({
      status: 'error',
      error: { errorMessage: 'Failed to authenticate with the email server. Please check your email credentials configuration.' },
    });
  });
});

describe('project owner on the emulator: owned projects', () => {
  it('createProject gives the new-project defaults; listOwnedProjects is newest first; the owned app administers it', async () => {
    const owner = projectOwner(await demoOwnerTokens([]));
    expect(await owner.listOwnedProjects()).toEqual([]);

    const first = await owner.createProject({
      displayName: 'First',
      description: 'Mine',
      config: { magicLinkEnabled: true, domains: [{ domain: 'https://app.example.com', handlerPath: '/handler' }] },
    });
    expect(first).toMatchObject({
      displayName: 'First',
      description: 'Mine',
      userCount: 0,
      isProductionMode: false,
      config: {
        allowLocalhost: true,
        signUpEnabled: true,
        credentialEnabled: true,
        magicLinkEnabled: true,
        passkeyEnabled: false,
        clientTeamCreationEnabled: false,
        clientUserDeletionEnabled: false,
        createTeamOnSignUp: false,
        legacyGlobalJwtSigning: false,
        oauthProviders: [],
        enabledOAuthProviders: [],
        domains: [{ domain: 'https://app.example.com', handlerPath: '/handler' }],
        emailConfig: { type: 'shared' },
        teamCreatorDefaultPermissions: [{ id: 'admin' }],
        teamMemberDefaultPermissions: [{ id: 'member' }],
      },
    });
    expect(first.createdAt).toBeInstanceOf(Date);
    const second = await owner.createProject({ displayName: 'Second' });
    expect(second.description).toBe('');

    const owned = await owner.listOwnedProjects();
    expect(owned.map((p) => [p.id, p.displayName])).toEqual([
      [second.id, 'Second'],
      [first.id, 'First'],
    ]);

    // The owned project's admin app runs on the owner's session.
    const user = await first.app.createUser({ primaryEmail: `in-new-project-${crypto.randomUUID()}@example.com` });
    expect((await first.app.listUsers()).map((u) => u.id)).toEqual([user.id]);
    expect((await owner.adminApp(first.id).getProject()).userCount).toBe(1);
    expect((await first.app.listTeamPermissionDefinitions()).find((d) => d.id === 'member')).toEqual({
      id: 'member',
      description: 'Default permission for team members',
      containedPermissionIds: ['$invite_members', '$read_members'],
    });
    // Another owner's token is no admin of it.
    const stranger = projectOwner(await demoOwnerTokens([]));
    await expect(stranger.adminApp(first.id).getProject()).rejects.toBeInstanceOf(KnownErrors.AdminAccessTokenIsNotAdmin);
  });
});
