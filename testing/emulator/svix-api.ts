// The Svix-compatible webhook service of a test emulator, as its tests call it: a project's token from
// POST /webhooks/svix-token, and requests to the service (in process, no socket) with that token.
import { expect } from 'vitest';
import { DEMO_PROJECT, type SeedProject } from '../../emulator/domain/seed.ts';
import type { TestEmulator } from './emulator.ts';

export function svixApi(emulator: () => TestEmulator) {
  return {
    async svixToken(project: SeedProject = DEMO_PROJECT): Promise<string> {
      const res = await emulator().fetch('/api/v1/webhooks/svix-token', { method: 'POST', accessType: 'admin', project, json: {} });
      expect(res.status).toBe(201);
      return ((await res.json()) as { token: string }).token;
    },
    svix(path: string, token: string, init: RequestInit = {}): Promise<Response> {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers };
      return Promise.resolve(emulator().webhooksApp.request(`http://127.0.0.1:8113${path}`, { ...init, headers }));
    },
  };
}
