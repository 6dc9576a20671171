// The server and admin apps over real sockets with Node's own fetch (which follows redirects by default): an
// "API" that answers every request with a 307/308 to a second, logging server. That server must see nothing:
// no key, no token, no body.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedirectRefusedError } from '../http/redirect-refused-error.ts';
import { StackAdminApp } from '../admin/admin-app.ts';
import { StackServerApp } from './server-app.ts';

interface Logged {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function listen(handler: (req: IncomingMessage, body: string) => { status: number; headers?: Record<string, string>; body?: string }): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = handler(req, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

const foreignLog: Logged[] = [];
let foreign: { server: Server; origin: string };
let api: { server: Server; origin: string };
const apiLog: Logged[] = [];

beforeAll(async () => {
  foreign = await listen((req, body) => {
    foreignLog.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    return { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
  });
  // 307 and 308 keep the method and the body: the worst case for a credential.
  api = await listen((req, body) => {
    apiLog.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const status = apiLog.length % 2 === 0 ? 308 : 307;
    return { status, headers: { location: `${foreign.origin}/stolen${req.url ?? ''}` } };
  });
});

afterAll(async () => {
  await Promise.all([foreign, api].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

const SECRETS = ['ssk-secret-server-key', 'sak-super-secret-admin-key', 'owner-admin-access-token', 'user-access-token', 'user-refresh-token'];

function expectForeignSawNothing(): void {
  expect(apiLog.length).toBeGreaterThan(0);
  const seen = JSON.stringify(foreignLog);
  for (const secret of SECRETS) expect(seen).not.toContain(secret);
  expect(foreignLog).toEqual([]);
}

describe('server and admin apps never follow a redirect with a credential', () => {
  it('StackServerApp: key-carrying calls and a forwarded user session fail with RedirectRefusedError', async () => {
    const app = new StackServerApp({ projectId: 'p', publishableClientKey: 'pck', secretServerKey: 'ssk-secret-server-key', baseUrl: api.origin, verifyAccessTokens: false });
    await expect(app.listUsers()).rejects.toBeInstanceOf(RedirectRefusedError);
    await expect(app.createUser({ primaryEmail: 'a@example.com', password: 'pw-123456' })).rejects.toBeInstanceOf(RedirectRefusedError);
    await expect(app.getUser({ tokenStore: { accessToken: 'user-access-token', refreshToken: 'user-refresh-token' } })).rejects.toBeInstanceOf(RedirectRefusedError);
    expectForeignSawNothing();
  });

  it('StackAdminApp: with the admin key and with a project owner session', async () => {
    const keyed = new StackAdminApp({ projectId: 'p', secretServerKey: 'ssk-secret-server-key', superSecretAdminKey: 'sak-super-secret-admin-key', baseUrl: api.origin, verifyAccessTokens: false });
    await expect(keyed.listApiKeys()).rejects.toBeInstanceOf(RedirectRefusedError);
    const owner = new StackAdminApp({ projectId: 'p', baseUrl: api.origin, projectOwnerSession: async () => 'owner-admin-access-token', verifyAccessTokens: false });
    await expect(owner.getMetrics()).rejects.toMatchObject({ name: 'RedirectRefusedError', status: expect.any(Number) as number });
    expectForeignSawNothing();
  });
});
