import { expect, test } from 'vitest';
import { adminProjectWire, clientProjectWire } from '../../../testing/runtime/protocol/fixtures.ts';
import { adminProjectSchema, clientProjectSchema, toAdminProject, toClientProject, toProjectUpdateWire } from './project.ts';

test('client view maps enabled_oauth_providers to config.oauthProviders', () => {
  expect(toClientProject(clientProjectSchema.parse(clientProjectWire))).toEqual({
    id: 'internal',
    displayName: 'Stack Dashboard',
    config: {
      signUpEnabled: true,
      credentialEnabled: true,
      magicLinkEnabled: false,
      passkeyEnabled: false,
      clientTeamCreationEnabled: true,
      clientUserDeletionEnabled: false,
      oauthProviders: [{ id: 'github' }, { id: 'google' }],
    },
  });
});

test('client view keeps the 2.8 domains/allow_localhost when present and strips unknown keys', () => {
  const wire = {
    ...clientProjectWire,
    config: { ...clientProjectWire.config, allow_localhost: true, domains: [{ domain: 'https://a.example', handler_path: '/h' }], allow_user_api_keys: false },
  };
  const project = toClientProject(clientProjectSchema.parse(wire));
  expect(project.config.allowLocalhost).toBe(true);
  expect(project.config.domains).toEqual([{ domain: 'https://a.example', handlerPath: '/h' }]);
  expect('allow_user_api_keys' in clientProjectSchema.parse(wire).config).toBe(false);
});

test('admin view maps every config field', () => {
  const project = toAdminProject(adminProjectSchema.parse(adminProjectWire));
  expect(project.createdAt).toEqual(new Date(1_700_000_000_000));
  expect(project.userCount).toBe(3);
  expect(project.config).toEqual({
    id: adminProjectWire.config.id,
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
  });
});

test('project update round-trips through the admin schema fields', () => {
  const model = toAdminProject(adminProjectSchema.parse(adminProjectWire));
  const { id: _id, enabledOAuthProviders: _e, ...config } = model.config;
  const body = toProjectUpdateWire({ displayName: model.displayName, config });
  const { id: _cid, enabled_oauth_providers: _eop, ...expectedConfig } = adminProjectWire.config;
  expect(body).toEqual({ display_name: 'Demo', config: expectedConfig });
});
