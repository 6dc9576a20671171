// A plain Node HTTP server (templates/node-server/server.mjs) that uses authworker/server from the
// installed tarball, against the emulator started from the installed authworker-emulator.
import { expect, test } from '@playwright/test';
import { readWorkspace } from './workspace.ts';

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
