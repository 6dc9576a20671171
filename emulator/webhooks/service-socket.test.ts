// The webhook service over a real socket (issue 19): its own port (a chosen one, or a free one beside port 0),
// bound to the loopback interface only; CORS for pages (any origin, bearer token only, no credentials).
import { request, type IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT } from '../domain/seed.ts';
import { startEmulator } from '../index.ts';

/** A non-loopback IPv4 address of this machine, if it has one. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces()).flat().find((i) => i?.family === 'IPv4' && !i.internal)?.address;
}

describe('the webhook service socket', () => {
  it('listens on the given port on 127.0.0.1 only, and answers the Svix API', async () => {
    const emu = await startEmulator({ port: 0, mailPort: 0, webhooksPort: 18_613 });
    try {
      expect([emu.webhooksUrl, emu.webhooksPort]).toEqual(['http://127.0.0.1:18613', 18_613]);
      const res = await fetch(`${emu.webhooksUrl}/api/v1/app/internal/endpoint`, { method: 'POST', body: '{}' });
      expect([res.status, await res.json()]).toEqual([401, { code: 'authentication_failed', detail: 'Invalid token' }]);
      const external = externalAddress();
      if (external) await expect(fetch(`http://${external}:18613/api/v1/app/internal/endpoint`)).rejects.toThrow();
    } finally {
      await emu.close();
    }
  });

  it('takes a free port when the API port is 0 and none is given', async () => {
    const emu = await startEmulator({ port: 0, mailPort: 0 });
    try {
      expect(emu.webhooksPort).not.toBe(8113);
      expect(emu.webhooksUrl).toBe(`http://127.0.0.1:${emu.webhooksPort}`);
    } finally {
      await emu.close();
    }
  });

  it('answers CORS as the Svix API: any origin, the bearer token and JSON, no credentials, no private-network opt-in', async () => {
    const emu = await startEmulator({ port: 0, mailPort: 0 });
    try {
      const endpoints = `${emu.webhooksUrl}/api/v1/app/${DEMO_PROJECT.id}/endpoint`;
      const origin = 'http://localhost:5173';
      const preflight = await fetch(endpoints, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
          'access-control-request-private-network': 'true',
        },
      });
      expect(preflight.status).toBe(204);
      expect(Object.fromEntries([...preflight.headers].filter(([name]) => name.startsWith('access-control-')))).toEqual({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET,POST,DELETE',
        'access-control-allow-headers': 'authorization,content-type,idempotency-key,svix-req-id',
        'access-control-max-age': '600',
      });

      // A real request: the answer (an error here) is readable by the page, and never with credentials.
      const refused = await fetch(endpoints, { headers: { origin, authorization: 'Bearer not-a-token' } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      expect(refused.headers.get('access-control-allow-credentials')).toBeNull();
      expect(refused.headers.get('www-authenticate')).toBeNull();

      const tokenRes = await fetch(`${emu.url}/api/v1/webhooks/svix-token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-stack-project-id': DEMO_PROJECT.id,
          'x-stack-access-type': 'admin',
          'x-stack-super-secret-admin-key': DEMO_PROJECT.superSecretAdminKey,
        },
        body: '{}',
      });
      const { token } = (await tokenRes.json()) as { token: string };
      const listed = await fetch(`${endpoints}/`, { headers: { origin, authorization: `Bearer ${token}` } });
      expect([listed.status, listed.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
      expect(await listed.json()).toMatchObject({ data: [], done: true });

      // A DNS-rebound name (the attacker's Host) is refused before CORS or the token are looked at.
      const rebound = await new Promise<IncomingMessage>((resolve, reject) => {
        const headers = { host: `attacker.example:${emu.webhooksPort}`, origin: 'http://attacker.example', authorization: `Bearer ${token}` };
        request({ host: '127.0.0.1', port: emu.webhooksPort, path: new URL(endpoints).pathname, headers }, resolve).on('error', reject).end();
      });
      rebound.resume();
      expect([rebound.statusCode, rebound.headers['access-control-allow-origin']]).toEqual([403, undefined]);
    } finally {
      await emu.close();
    }
  });
});
