import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, fakeSession } from '../../testing/runtime/http.ts';
import { StackSetupError } from '../protocol/setup-error.ts';
import { createAdminContext } from './admin-context.ts';
import { API, PROJECT_ID, jsonResponse } from '../../testing/runtime/admin.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createAdminContext', () => {
  it('with an admin key: admin access type, admin key, optional server and publishable keys', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({}));
    const ctx = createAdminContext({ projectId: PROJECT_ID, superSecretAdminKey: 'sak', secretServerKey: 'ssk', publishableClientKey: 'pck', baseUrl: API, fetch });
    expect(ctx.accessType).toBe('admin');
    await ctx.transport.sendJson({ path: '/x' }, { parse: (d) => d });
    const h = calls[0]!.headers;
    expect([h.get('x-stack-access-type'), h.get('x-stack-super-secret-admin-key'), h.get('x-stack-secret-server-key'), h.get('x-stack-publishable-client-key')]).toEqual([
      'admin',
      'sak',
      'ssk',
      'pck',
    ]);
    expect(calls[0]!.init).toMatchObject({ credentials: 'omit', cache: 'no-store' });
  });

  it('with an owner session: the admin access token, empty keys and no publishable key', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({}));
    const ctx = createAdminContext({ projectId: PROJECT_ID, projectOwnerSession: fakeSession(['owner-at']), publishableClientKey: 'pck', baseUrl: API, fetch });
    await ctx.transport.sendJson({ path: '/x' }, { parse: (d) => d });
    const h = calls[0]!.headers;
    expect(h.get('x-stack-admin-access-token')).toBe('owner-at');
    expect(h.get('x-stack-super-secret-admin-key')).toBe('');
    expect(h.get('x-stack-secret-server-key')).toBe('');
    expect(h.get('x-stack-publishable-client-key')).toBeNull();
    expect(h.get('x-stack-access-token')).toBeNull();
    expect(calls[0]!.init).toMatchObject({ credentials: 'omit', cache: 'no-store' });
  });

  it('needs an admin key or an owner session, and a project id', () => {
    vi.stubEnv('STACK_SUPER_SECRET_ADMIN_KEY', '');
    vi.stubEnv('NEXT_PUBLIC_STACK_PROJECT_ID', '');
    expect(() => createAdminContext({ projectId: PROJECT_ID })).toThrow(StackSetupError);
    expect(() => createAdminContext({ projectId: PROJECT_ID })).toThrow(/superSecretAdminKey \(or projectOwnerSession\)/);
    expect(() => createAdminContext({ superSecretAdminKey: 'k' })).toThrow(/StackAdminApp needs the projectId/);
  });

  it('reads STACK_SUPER_SECRET_ADMIN_KEY', async () => {
    vi.stubEnv('STACK_SUPER_SECRET_ADMIN_KEY', 'env-sak');
    const { fetch, calls } = fakeFetch(() => jsonResponse({}));
    await createAdminContext({ projectId: PROJECT_ID, baseUrl: API, fetch }).transport.sendJson({ path: '/x' }, { parse: (d) => d });
    expect(calls[0]!.headers.get('x-stack-super-secret-admin-key')).toBe('env-sak');
  });
});
