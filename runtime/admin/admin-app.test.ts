import { describe, expect, it } from 'vitest';
import { fakeFetch, fakeSession, knownErrorResponse } from '../../testing/runtime/http.ts';
import { KnownErrors } from '../protocol/errors.ts';
import { StackServerApp } from '../server/server-app.ts';
import { StackSetupError } from '../protocol/setup-error.ts';
import { NotImplementedError } from '../protocol/not-implemented-error.ts';
import { StackAdminApp } from './admin-app.ts';
import {
  API,
  PROJECT_ID,
  SUPER_SECRET_ADMIN_KEY,
  USER_ID,
  adminProjectWire,
  expectAdminHeaders,
  expectCall,
  scriptedFetch,
  serverUserWire,
  successBody,
} from '../../testing/runtime/admin.ts';

function app(...answers: Parameters<typeof scriptedFetch>) {
  const { fetch, calls } = scriptedFetch(...answers);
  return { app: new StackAdminApp({ projectId: PROJECT_ID, superSecretAdminKey: SUPER_SECRET_ADMIN_KEY, baseUrl: API, fetch }), calls };
}

describe('StackAdminApp', () => {
  it('is a server app that speaks with the admin access type', async () => {
    const { app: admin, calls } = app(serverUserWire);
    expect(admin).toBeInstanceOf(StackServerApp);
    expect(admin.projectId).toBe(PROJECT_ID);
    expect((await admin.getUser(USER_ID))?.id).toBe(USER_ID);
    expectAdminHeaders(calls[0]);
  });

  it("refuses the 2.8 SDK's TSX e-mail template calls with NotImplementedError, naming the calls that work, and sends nothing", async () => {
    const { app: admin, calls } = app();
    for (const call of [
      () => admin.updateEmailTemplate('3c6f3b0e', 'export function EmailTemplate() {}', null),
      () => admin.createEmailTemplate('Welcome'),
      () => admin.deleteEmailTemplate('3c6f3b0e'),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotImplementedError);
      expect((error as Error).message).toMatch(/updateEmailTemplate\(type, \{ subject, content \}\)/);
    }
    expect(calls).toEqual([]);
  });

  it('refuses to start without an admin key or owner session', () => {
    expect(() => new StackAdminApp({ projectId: PROJECT_ID, secretServerKey: 'ssk' })).toThrow(StackSetupError);
  });

  it('gets the admin project with its methods', async () => {
    const { app: admin, calls } = app(adminProjectWire, successBody);
    const project = await admin.getProject();
    expect(project.config.oauthProviders[1]).toEqual({ id: 'google', enabled: false, type: 'standard', clientId: 'cid', clientSecret: 'sec' });
    expect(project.getProductionModeErrors()).toHaveLength(1);
    await project.delete();
    expectCall(calls[0], 'GET', '/projects/current');
    expectCall(calls[1], 'DELETE', '/projects/current', {});
  });

  it('delegates every admin entity to its endpoint', async () => {
    const key = { id: 'k', description: '', expires_at_millis: Date.now() + 1e6, created_at_millis: 1 };
    const template = { type: 'magic_link', subject: 's', content: {}, is_default: true };
    const def = { id: 'p', contained_permission_ids: [] };
    const { app: admin, calls } = app(
      { items: [key], is_paginated: false },
      { ...key, super_secret_admin_key: 'sak_full' },
      key,
      { items: [template], is_paginated: false },
      template,
      successBody,
      { items: [def], is_paginated: false },
      def,
      def,
      successBody,
      { token: 't' },
      { total_users: 0, daily_users: [], daily_active_users: [], users_by_country: {}, recently_registered: [], recently_active: [], login_methods: [] },
      { success: true },
    );
    expect(await admin.listApiKeys()).toHaveLength(1);
    expect((await admin.createApiKey({ description: '', expiresAt: new Date(1e13), hasPublishableClientKey: false, hasSecretServerKey: false, hasSuperSecretAdminKey: true })).superSecretAdminKey).toBe('sak_full');
    await admin.getApiKey('k');
    await admin.listEmailTemplates();
    await admin.updateEmailTemplate('magic_link', { subject: 's' });
    await admin.resetEmailTemplate('magic_link');
    await admin.listTeamPermissionDefinitions();
    await admin.createTeamPermissionDefinition({ id: 'p' });
    await admin.updateTeamPermissionDefinition('p', { containedPermissionIds: [] });
    await admin.deleteTeamPermissionDefinition('p');
    expect(await admin.getSvixToken()).toBe('t');
    expect((await admin.getMetrics()).totalUsers).toBe(0);
    expect((await admin.sendTestEmail({ recipientEmail: 'a@b.co', emailConfig: { host: 'h', port: 1, username: 'u', password: 'p', senderName: 'n', senderEmail: 's@b.co' } })).status).toBe('ok');
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname.slice(7)}`)).toEqual([
      'GET /internal/api-keys',
      'POST /internal/api-keys',
      'GET /internal/api-keys/k',
      'GET /email-templates',
      'PATCH /email-templates/magic_link',
      'DELETE /email-templates/magic_link',
      'GET /team-permission-definitions',
      'POST /team-permission-definitions',
      'PATCH /team-permission-definitions/p',
      'DELETE /team-permission-definitions/p',
      'POST /webhooks/svix-token',
      'GET /internal/metrics',
      'POST /internal/send-test-email',
    ]);
    for (const call of calls) expectAdminHeaders(call);
  });

  it('has the 2.8 SDK names for API keys too', async () => {
    const key = { id: 'k', description: '', expires_at_millis: Date.now() + 1e6, created_at_millis: 1 };
    const { app: admin, calls } = app({ items: [key], is_paginated: false }, { ...key, secret_server_key: 'ssk_full' });
    expect(await admin.listInternalApiKeys()).toHaveLength(1);
    const created = await admin.createInternalApiKey({ description: '', expiresAt: new Date(1e13), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
    expect(created.secretServerKey).toBe('ssk_full');
    expectCall(calls[0], 'GET', '/internal/api-keys');
    expect(calls[1]?.method).toBe('POST');
  });

  it('a wrong admin key surfaces as INVALID_SUPER_SECRET_ADMIN_KEY', async () => {
    const { app: admin } = app({ knownError: 'INVALID_SUPER_SECRET_ADMIN_KEY', details: { project_id: PROJECT_ID } });
    await expect(admin.getProject()).rejects.toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
  });

  it('takes an owner token getter (2.8 form) instead of a session', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(JSON.stringify(adminProjectWire)));
    const admin = new StackAdminApp({ projectId: PROJECT_ID, projectOwnerSession: async () => 'from-getter', baseUrl: API, fetch });
    await admin.getProject();
    expect(calls[0]?.headers.get('x-stack-admin-access-token')).toBe('from-getter');
  });

  it('on an owner session, an expired admin token is refreshed and the call retried', async () => {
    const session = fakeSession(['old', 'new']);
    const { fetch, calls } = fakeFetch((call) =>
      call.headers.get('x-stack-admin-access-token') === 'old'
        ? knownErrorResponse('ADMIN_ACCESS_TOKEN_EXPIRED', { expired_at_millis: 1 })
        : new Response(JSON.stringify(adminProjectWire)),
    );
    const admin = new StackAdminApp({ projectId: PROJECT_ID, projectOwnerSession: session, baseUrl: API, fetch });
    expect((await admin.getProject()).id).toBe(adminProjectWire.id);
    expect(calls.map((c) => c.headers.get('x-stack-admin-access-token'))).toEqual(['old', 'new']);
    expect(session.expired).toEqual(['old']);
  });
});
