// Fakes for the admin unit tests: an admin-key context on a scripted fetch, and the admin header checks.

import { expect } from 'vitest';
import { API, PROJECT_ID, SUPER_SECRET_ADMIN_KEY, scriptedFetch, type RecordedCall } from './server.ts';
import { createAdminContext } from '../../runtime/admin/admin-context.ts';

export * from './server.ts';

export function adminTestContext(...answers: Parameters<typeof scriptedFetch>) {
  const { fetch, calls } = scriptedFetch(...answers);
  const ctx = createAdminContext({ projectId: PROJECT_ID, superSecretAdminKey: SUPER_SECRET_ADMIN_KEY, baseUrl: API, fetch });
  return { ctx, calls };
}

export function expectAdminHeaders(call: RecordedCall | undefined): void {
  const h = (call as RecordedCall).headers;
  expect(h.get('x-stack-project-id')).toBe(PROJECT_ID);
  expect(h.get('x-stack-access-type')).toBe('admin');
  expect(h.get('x-stack-super-secret-admin-key')).toBe(SUPER_SECRET_ADMIN_KEY);
  expect(h.get('x-stack-secret-server-key')).toBe('');
  expect(h.get('x-stack-admin-access-token')).toBeNull();
}
