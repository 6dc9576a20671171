import { describe, expect, it } from 'vitest';
import { fakeFetch, fakeSession } from '../../testing/runtime/http.ts';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { StackSetupError } from '../protocol/setup-error.ts';
import { StackAdminApp } from './admin-app.ts';
import { ProjectOwner } from './project-owner.ts';
import { API, adminProjectWire, apiPath, expectBodyAccepted, expectCall, jsonBody, jsonResponse, tokenExpiringIn } from '../../testing/runtime/admin.ts';

const PCK = 'internal-pck';

describe('ProjectOwner', () => {
  it('lists owned projects as the signed-in client of the internal project, each with an admin app on the owner session', async () => {
    const at = tokenExpiringIn(Date.now(), 600_000);
    const { fetch, calls } = fakeFetch((call) =>
      new URL(call.url).pathname.endsWith('/internal/projects') ? jsonResponse({ items: [adminProjectWire], is_paginated: false }) : jsonResponse({ items: [], is_paginated: false }),
    );
    const owner = new ProjectOwner({ baseUrl: API, publishableClientKey: PCK, session: { accessToken: at, refreshToken: 'rt' }, fetch });
    const [project] = await owner.listOwnedProjects();
    expectCall(calls[0], 'GET', '/internal/projects');
    const h = calls[0]!.headers;
    expect([h.get('x-stack-project-id'), h.get('x-stack-access-type'), h.get('x-stack-publishable-client-key'), h.get('x-stack-access-token')]).toEqual([
      'internal',
      'client',
      PCK,
      at,
    ]);
    expect(project?.displayName).toBe('Demo');
    expect(project?.app).toBeInstanceOf(StackAdminApp);
    expect(project?.app.projectId).toBe(adminProjectWire.id);

    await project!.app.listApiKeys();
    const adminCall = calls[1]!.headers;
    expect([adminCall.get('x-stack-project-id'), adminCall.get('x-stack-access-type'), adminCall.get('x-stack-admin-access-token')]).toEqual([
      adminProjectWire.id,
      'admin',
      at,
    ]);
    expect(adminCall.get('x-stack-publishable-client-key')).toBeNull();
    // Both run on a server: the SDK's cache mode.
    expect([calls[0]!.init.cache, calls[1]!.init.cache]).toEqual(['no-store', 'no-store']);
  });

  it('creates a project with the update fields plus display name', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(JSON.stringify(adminProjectWire), { status: 201 }));
    const owner = new ProjectOwner({ baseUrl: API, publishableClientKey: PCK, session: fakeSession(['owner-at']), fetch });
    const created = await owner.createProject({ displayName: 'New', description: 'x', config: { signUpEnabled: false, allowLocalhost: true } });
    expectCall(calls[0], 'POST', '/internal/projects', { display_name: 'New', description: 'x', config: { sign_up_enabled: false, allow_localhost: true } });
    expectBodyAccepted(ENDPOINTS.internalProjectsCreate, 'client', calls[0]);
    expect(created.app.projectId).toBe(adminProjectWire.id);
  });

  it('the owned project object updates through its own admin context', async () => {
    const { fetch, calls } = fakeFetch((_c, i) => jsonResponse(i === 0 ? { items: [adminProjectWire], is_paginated: false } : { ...adminProjectWire, display_name: 'R' }));
    const owner = new ProjectOwner({ baseUrl: API, publishableClientKey: PCK, session: fakeSession(['owner-at']), fetch });
    const [project] = await owner.listOwnedProjects();
    expect((await project!.update({ displayName: 'R' })).displayName).toBe('R');
    expect(apiPath(calls[1]!)).toBe('/projects/current');
    expect(jsonBody(calls[1]!)).toEqual({ display_name: 'R' });
    expect(calls[1]!.headers.get('x-stack-project-id')).toBe(adminProjectWire.id);
    expect(calls[1]!.headers.get('x-stack-admin-access-token')).toBe('owner-at');
  });

  it('refreshes the owner token on the internal project with the refresh grant', async () => {
    const fresh = tokenExpiringIn(Date.now(), 600_000);
    const { fetch, calls } = fakeFetch((call) =>
      call.url.endsWith('/auth/oauth/token') ? jsonResponse({ access_token: fresh, token_type: 'Bearer' }) : jsonResponse({ items: [], is_paginated: false }),
    );
    const owner = new ProjectOwner({ baseUrl: API, publishableClientKey: PCK, session: { accessToken: null, refreshToken: 'rt-owner' }, fetch });
    await owner.adminApp('p-1').listApiKeys();
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-owner',
      client_id: 'internal',
      client_secret: PCK,
    });
    expect(calls[1]!.headers.get('x-stack-admin-access-token')).toBe(fresh);
  });

  it('takes a server-created session ({accessToken, refreshToken, getTokens}) as plain tokens', async () => {
    const at = tokenExpiringIn(Date.now(), 600_000);
    const { fetch, calls } = fakeFetch(() => jsonResponse({ items: [], is_paginated: false }));
    const serverSession = { accessToken: at, refreshToken: 'rt', getTokens: async () => ({ accessToken: at, refreshToken: 'rt' }) };
    const owner = new ProjectOwner({ baseUrl: API, publishableClientKey: PCK, session: serverSession, fetch });
    expect(typeof owner.session.markAccessTokenExpired).toBe('function');
    await owner.listOwnedProjects();
    expect(calls[0]!.headers.get('x-stack-access-token')).toBe(at);
  });

  it('needs the internal publishable key', () => {
    expect(() => new ProjectOwner({ publishableClientKey: '', session: fakeSession([]) })).toThrow(StackSetupError);
  });
});
