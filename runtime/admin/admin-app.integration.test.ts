// The admin app against the emulator: admin key, owner sessions, permission definitions, project settings, owned projects.
// API keys, templates, svix, metrics and test e-mails: keys-and-mail.integration.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_ORIGIN } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import { StackSetupError } from '../protocol/setup-error.ts';
import { StackAdminApp } from './admin-app.ts';
import { emulatorKit } from '../../testing/runtime/admin-integration.ts';

const { emu, emulatorFetch, adminApp, demoOwnerTokens, projectOwner } = emulatorKit();

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

  it('the secret server key where the admin key belongs is INVALID_SUPER_SECRET_ADMIN_KEY (keys are checked against the access type in use)', async () => {
    const error: unknown = await adminApp(DEMO_PROJECT.secretServerKey).getProject().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
    expect((error as InstanceType<typeof KnownErrors.InvalidSuperSecretAdminKey>).details).toMatchObject({ project_id: DEMO_PROJECT.id });
  });

  it('does everything a server app does, with the admin access type', async () => {
    const admin = adminApp();
    const user = await admin.createUser({ primaryEmail: `admin-made-${crypto.randomUUID()}@example.com` });
    expect((await admin.getUser(user.id))?.id).toBe(user.id);
    await user.delete();
  });
});

describe('admin app: setup errors', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('a missing project id or admin key throws StackSetupError at construction; no request is sent', () => {
    vi.stubEnv('NEXT_PUBLIC_STACK_PROJECT_ID', '');
    vi.stubEnv('STACK_SUPER_SECRET_ADMIN_KEY', '');
    let requests = 0;
    const inner = emulatorFetch();
    const fetch: typeof globalThis.fetch = (input, init) => ((requests += 1), inner(input, init));
    expect(() => new StackAdminApp({ superSecretAdminKey: DEMO_PROJECT.superSecretAdminKey, baseUrl: TEST_ORIGIN, fetch })).toThrow(
      new StackSetupError('authworker: StackAdminApp needs the projectId option (or the NEXT_PUBLIC_STACK_PROJECT_ID environment variable); it was not provided.'),
    );
    expect(() => new StackAdminApp({ projectId: DEMO_PROJECT.id, baseUrl: TEST_ORIGIN, fetch })).toThrow(StackSetupError);
    expect(() => new StackAdminApp({ projectId: DEMO_PROJECT.id, baseUrl: TEST_ORIGIN, fetch })).toThrow(/needs the superSecretAdminKey \(or projectOwnerSession\) option/);
    expect(requests).toBe(0);
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
    emu().clock.advance(11 * 60_000); // the emulator now answers ADMIN_ACCESS_TOKEN_EXPIRED for the cached token
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
    // The current backend names the deleted project before it checks the key (the 2.7 one: ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN).
    await expect(created.app.getProject()).rejects.toMatchObject({ code: 'CURRENT_PROJECT_NOT_FOUND' });
  });

  it('project.update with the admin key', async () => {
    const project = await adminApp().getProject();
    const updated = await project.update({ description: 'Seeded demo' });
    expect(updated).toMatchObject({ id: DEMO_PROJECT.id, displayName: 'Demo', description: 'Seeded demo' });
    expect((await updated.update({ description: '' })).description).toBe('');
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
