// The x-stack headers of a seeded project's key; no emulator import, so Playwright specs can use it too.
import type { AccessType } from '../../runtime/protocol/headers.ts';
import { DEMO_PROJECT, type SeedProject } from '../../emulator/domain/seed.ts';

export function projectHeaders(accessType: AccessType, project: SeedProject = DEMO_PROJECT): Record<string, string> {
  const keys: Record<AccessType, [string, string]> = {
    client: ['x-stack-publishable-client-key', project.publishableClientKey],
    server: ['x-stack-secret-server-key', project.secretServerKey],
    admin: ['x-stack-super-secret-admin-key', project.superSecretAdminKey],
  };
  const [name, value] = keys[accessType];
  return { 'x-stack-project-id': project.id, 'x-stack-access-type': accessType, [name]: value };
}
