// A plain Node HTTP server (templates/node-server/server.mjs) that uses authworker/server from the
// installed tarball, against the emulator started from the installed authworker-emulator.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { CONSUMER_PORTS, readWorkspace } from './workspace.ts';

const DEMO = { projectId: 'dfa45225-c0f9-490d-98d7-d2c978934c58', publishableClientKey: 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf' };

async function signUp(emulatorUrl: string, email: string): Promise<{ accessToken: string; refreshToken: string; userId: string }> {
  const response = await fetch(`${emulatorUrl}/api/v1/auth/password/sign-up`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-stack-project-id': DEMO.projectId,
      'x-stack-publishable-client-key': DEMO.publishableClientKey,
      'x-stack-access-type': 'client',
    },
    body: JSON.stringify({ email, password: 'correct horse battery staple', verification_callback_url: 'http://localhost/handler/email-verification' }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string; refresh_token: string; user_id: string };
  return { accessToken: body.access_token, refreshToken: body.refresh_token, userId: body.user_id };
}

test('the server resolves the signed-in user from x-stack-auth and lists users', async () => {
  const { emulatorUrl, nodeServerUrl } = readWorkspace();
  const email = `server-${Date.now().toString(36)}-${process.pid}@example.com`;
  const tokens = await signUp(emulatorUrl, email);

  const me = await fetch(`${nodeServerUrl}/me`, { headers: { 'x-stack-auth': JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }) } });
  expect(me.status).toBe(200);
  expect(await me.json()).toEqual({ id: tokens.userId, email });

  const bearer = await fetch(`${nodeServerUrl}/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  expect(await bearer.json()).toEqual({ id: tokens.userId, email });

  const anonymous = await fetch(`${nodeServerUrl}/me`);
  expect(anonymous.status).toBe(401);

  const tampered = await fetch(`${nodeServerUrl}/me`, { headers: { authorization: `Bearer ${tokens.accessToken.slice(0, -4)}AAAA` } });
  expect(tampered.status).toBe(401);

  const users = await fetch(`${nodeServerUrl}/users`);
  expect(users.status).toBe(200);
  expect(((await users.json()) as { emails: string[] }).emails).toContain(email);
});

test('with the API out of reach, the token check rejects with a NetworkError naming the URL, within the request timeout; no token is still null', async () => {
  const { emulatorUrl, apps } = readWorkspace();
  const tokens = await signUp(emulatorUrl, `server-down-${Date.now().toString(36)}-${process.pid}@example.com`);
  // A server whose baseUrl names a port nothing listens on, as a newcomer's misconfigured backend.
  const wrongApi = `http://localhost:${CONSUMER_PORTS.nothingListens}`;
  const script = `
    import { NetworkError, StackServerApp } from 'authworker/server';
    const app = new StackServerApp({ projectId: ${JSON.stringify(DEMO.projectId)}, secretServerKey: 'ssk_x', baseUrl: '${wrongApi}', requestTimeoutMs: 3000 });
    const withToken = new Request('http://localhost/me', { headers: { authorization: 'Bearer ${tokens.accessToken}' } });
    const started = Date.now();
    const outcome = await app.getUserFromRequest(withToken).then((user) => ({ user }), (error) => ({ isNetworkError: error instanceof NetworkError, url: error.url, firstLine: error.message.split('\\n')[0], hasCause: error.message.includes('ECONNREFUSED') }));
    const anonymous = await app.getUserFromRequest(new Request('http://localhost/me'));
    console.log(JSON.stringify({ ...outcome, ms: Date.now() - started, anonymous }));
  `;
  const output = execFileSync('node', ['--input-type=module', '-e', script], { cwd: apps.nodeServer, encoding: 'utf8' });
  const result = JSON.parse(output) as { isNetworkError: boolean; url: string; firstLine: string; hasCause: boolean; ms: number; anonymous: null };
  const jwks = `${wrongApi}/api/v1/projects/${DEMO.projectId}/.well-known/jwks.json`;
  expect(result).toMatchObject({ isNetworkError: true, url: jwks, hasCause: true, anonymous: null });
  expect(result.firstLine.startsWith(`Unable to connect to ${jwks}.`)).toBe(true);
  expect(result.ms).toBeLessThan(3000);
  console.log(`[consumer] the packed server app's token check failed in ${result.ms} ms with: ${result.firstLine}`);
});
