import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { adminProject, deleteAdminProject, getAdminProject, updateAdminProject } from './admin-project.ts';
import { adminProjectWire, adminTestContext, expectAdminHeaders, expectBodyAccepted, expectCall, successBody } from '../../testing/runtime/admin.ts';

describe('admin project', () => {
  it('reads the admin view with every config field', async () => {
    const { ctx, calls } = adminTestContext(adminProjectWire);
    const project = await getAdminProject(ctx);
    expectCall(calls[0], 'GET', '/projects/current');
    expectAdminHeaders(calls[0]);
    expect(project).toEqual({
      id: adminProjectWire.id,
      displayName: 'Demo',
      description: '',
      createdAt: new Date(1_700_000_000_000),
      userCount: 3,
      isProductionMode: false,
      config: {
        id: 'c0f1e2d3-4b5a-4697-8a1b-2c3d4e5f6a7b',
        signUpEnabled: true,
        credentialEnabled: true,
        magicLinkEnabled: false,
        passkeyEnabled: false,
        clientTeamCreationEnabled: false,
        clientUserDeletionEnabled: false,
        allowLocalhost: true,
        legacyGlobalJwtSigning: false,
        createTeamOnSignUp: false,
        teamCreatorDefaultPermissions: [{ id: 'admin' }],
        teamMemberDefaultPermissions: [{ id: 'member' }],
        domains: [{ domain: 'https://app.example.com', handlerPath: '/handler' }],
        oauthProviders: [
          { id: 'github', enabled: true, type: 'shared' },
          { id: 'google', enabled: false, type: 'standard', clientId: 'cid', clientSecret: 'sec' },
        ],
        enabledOAuthProviders: [{ id: 'github' }],
        emailConfig: { type: 'shared' },
      },
    });
  });

  it('patches every config field in snake_case', async () => {
    const { ctx, calls } = adminTestContext(adminProjectWire);
    await updateAdminProject(ctx, {
      displayName: 'New',
      description: 'd',
      isProductionMode: true,
      config: {
        signUpEnabled: false,
        credentialEnabled: true,
        magicLinkEnabled: true,
        passkeyEnabled: true,
        clientTeamCreationEnabled: true,
        clientUserDeletionEnabled: true,
        allowLocalhost: false,
        legacyGlobalJwtSigning: false,
        createTeamOnSignUp: true,
        teamCreatorDefaultPermissions: [{ id: 'admin' }],
        teamMemberDefaultPermissions: [{ id: 'member' }],
        domains: [{ domain: 'https://app.example.com', handlerPath: '/auth' }],
        oauthProviders: [
          { id: 'github', enabled: true, type: 'shared' },
          { id: 'microsoft', enabled: true, type: 'standard', clientId: 'c', clientSecret: 's', microsoftTenantId: 'tenant' },
        ],
        emailConfig: { type: 'standard', host: 'smtp.example.com', port: 587, username: 'u', password: 'p', senderName: 'Me', senderEmail: 'me@example.com' },
      },
    });
    expectCall(calls[0], 'PATCH', '/projects/current', {
      display_name: 'New',
      description: 'd',
      is_production_mode: true,
      config: {
        sign_up_enabled: false,
        credential_enabled: true,
        magic_link_enabled: true,
        passkey_enabled: true,
        client_team_creation_enabled: true,
        client_user_deletion_enabled: true,
        allow_localhost: false,
        legacy_global_jwt_signing: false,
        create_team_on_sign_up: true,
        team_creator_default_permissions: [{ id: 'admin' }],
        team_member_default_permissions: [{ id: 'member' }],
        domains: [{ domain: 'https://app.example.com', handler_path: '/auth' }],
        oauth_providers: [
          { id: 'github', enabled: true, type: 'shared' },
          { id: 'microsoft', enabled: true, type: 'standard', client_id: 'c', client_secret: 's', microsoft_tenant_id: 'tenant' },
        ],
        email_config: { type: 'standard', host: 'smtp.example.com', port: 587, username: 'u', password: 'p', sender_name: 'Me', sender_email: 'me@example.com' },
      },
    });
    expectBodyAccepted(ENDPOINTS.projectsCurrentUpdate, 'admin', calls[0]);
  });

  it('deletes the project', async () => {
    const { ctx, calls } = adminTestContext(successBody);
    await deleteAdminProject(ctx);
    expectCall(calls[0], 'DELETE', '/projects/current', {});
  });

  it('the project object updates, deletes and checks production mode locally', async () => {
    const { ctx, calls } = adminTestContext({ ...adminProjectWire, display_name: 'Renamed' }, successBody);
    const project = adminProject(ctx, await getAdminProjectFrom(adminProjectWire));
    expect(project.getProductionModeErrors().map((e) => e.message)).toEqual([
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
    ]);
    expect((await project.update({ displayName: 'Renamed' })).displayName).toBe('Renamed');
    await project.delete();
    expectCall(calls[0], 'PATCH', '/projects/current', { display_name: 'Renamed' });
    expectCall(calls[1], 'DELETE', '/projects/current', {});
  });
});

async function getAdminProjectFrom(wire: unknown) {
  const { ctx } = adminTestContext(wire);
  return getAdminProject(ctx);
}
