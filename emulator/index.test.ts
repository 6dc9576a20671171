import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from './index.ts';
import { DEMO_PROJECT } from './domain/seed.ts';
import { projectHeaders } from '../testing/emulator/emulator.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('startEmulator', () => {
  it('serves over a real socket on an ephemeral port', async () => {
    const emu = await startEmulator({ port: 0, mailPort: 0 });
    try {
      expect(emu.port).toBeGreaterThan(0);
      expect(emu.url).toBe(`http://localhost:${emu.port}`);
      const health = await fetch(`${emu.url}/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const project = await fetch(`${emu.url}/api/v1/projects/current`, { headers: projectHeaders('client') });
      expect(project.status).toBe(200);
      expect(((await project.json()) as { id: string }).id).toBe(DEMO_PROJECT.id);
      const preflight = await fetch(`${emu.url}/api/v1/users/me`, { method: 'OPTIONS' });
      expect(preflight.status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  it('a --data emulator keeps users, sessions and signing keys across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'authworker-emulator-'));
    dirs.push(dataDir);
    const first = await startEmulator({ port: 0, mailPort: 0, dataDir });
    const signUpRes = await fetch(`${first.url}/api/v1/auth/password/sign-up`, {
      method: 'POST',
      headers: { ...projectHeaders('client'), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'persist@example.com', password: 'password123', verification_callback_url: 'http://localhost:3000/cb' }),
    });
    const tokens = (await signUpRes.json()) as { access_token: string; refresh_token: string };
    await first.close();

    const second = await startEmulator({ port: 0, mailPort: 0, dataDir });
    try {
      const me = await fetch(`${second.url}/api/v1/users/me`, { headers: { ...projectHeaders('client'), 'x-stack-access-token': tokens.access_token } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { primary_email: string }).primary_email).toBe('persist@example.com');
      const refresh = await fetch(`${second.url}/api/v1/auth/sessions/current/refresh`, {
        method: 'POST',
        headers: { ...projectHeaders('client'), 'x-stack-refresh-token': tokens.refresh_token },
      });
      expect(refresh.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
