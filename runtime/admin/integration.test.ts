// The admin app against the in-process emulator (emulator/), with the admin key and with a project owner's session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, TEST_ORIGIN, type TestEmulator } from '../../emulator/test-support/emulator.ts';
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

describe('admin app on the emulator: not served yet', () => {
  it.todo('project update and delete: PATCH/DELETE /projects/current (project.update with every config field, project.delete)');
  it.todo('API keys: POST/GET /internal/api-keys, GET/PATCH /internal/api-keys/{api_key_id} (createApiKey, listApiKeys, getApiKey, revoke, whyInvalid)');
  it.todo('e-mail templates: GET /email-templates, PATCH/DELETE /email-templates/{type} (list, update, reset)');
  it.todo('svix token: POST /webhooks/svix-token (getSvixToken)');
  it.todo('metrics: GET /internal/metrics (getMetrics)');
  it.todo('test e-mail: POST /internal/send-test-email (sendTestEmail success and {errorMessage})');
  it.todo('owned projects: GET/POST /internal/projects (ProjectOwner.listOwnedProjects, createProject)');
});
