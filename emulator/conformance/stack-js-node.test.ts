// The published @stackframe/js 2.8.108, in Node, against the emulator over a real socket: every flow the issue
// lists must behave as against the hosted backend, and every call must be one we serve.
import { StackClientApp, StackServerApp } from '@stackframe/js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT } from '../domain/seed.ts';
import { callSummary, startConformanceEmulator, type ConformanceEmulator } from '../../testing/emulator/conformance-emulator.ts';

let emu: ConformanceEmulator;
beforeAll(async () => {
  emu = await startConformanceEmulator();
});
afterAll(() => emu.close());

const PASSWORD = 'correct horse battery staple';
const VERIFY = 'http://localhost:3000/handler/email-verification';

const clientApp = () =>
  new StackClientApp({
    tokenStore: 'memory',
    baseUrl: emu.url,
    projectId: DEMO_PROJECT.id,
    publishableClientKey: DEMO_PROJECT.publishableClientKey,
  });

describe('StackClientApp (tokenStore memory)', () => {
  it('sign up, read and update the user, contact channels, teams, sign out, sign in', async () => {
    const app = clientApp();
    const email = `conf-${crypto.randomUUID()}@example.com`;
    const signUp = await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, verificationCallbackUrl: VERIFY });
    expect(signUp.status).toBe('ok');

    const user = await app.getUser({ or: 'throw' });
    expect(user.primaryEmail).toBe(email);
    expect(user.primaryEmailVerified).toBe(false);
    expect(user.hasPassword).toBe(true);

    await user.update({ displayName: 'Ada Lovelace', clientMetadata: { theme: 'dark' } });
    const updated = await app.getUser({ or: 'throw' });
    expect(updated.displayName).toBe('Ada Lovelace');
    expect(updated.clientMetadata).toEqual({ theme: 'dark' });
    // The refreshed access token carries the new name.
    expect((await app.getPartialUser({ from: 'token' }))?.displayName).toBe('Ada Lovelace');

    const channels = await updated.listContactChannels();
    expect(channels.map((c) => ({ value: c.value, type: c.type, isPrimary: c.isPrimary, usedForAuth: c.usedForAuth }))).toEqual([
      { value: email, type: 'email', isPrimary: true, usedForAuth: true },
    ]);

    const team = await updated.createTeam({ displayName: 'Analytical Engines' });
    expect(team.displayName).toBe('Analytical Engines');
    expect((await updated.listTeams()).map((t) => t.id)).toEqual([team.id]);
    expect((await app.getUser({ or: 'throw' })).selectedTeam?.id).toBe(team.id);

    await app.signOut();
    expect(await app.getUser()).toBeNull();

    const signIn = await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
    expect(signIn.status).toBe('ok');
    expect((await app.getUser({ or: 'throw' })).displayName).toBe('Ada Lovelace');
  });

  it('duplicate sign-up and a wrong password are results, not crashes', async () => {
    const app = clientApp();
    const email = `conf-${crypto.randomUUID()}@example.com`;
    expect((await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe('ok');
    const again = await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    expect(again.status === 'error' && again.error.message).toBe(`A user with email "${email}" already exists.`);
    const wrong = await app.signInWithCredential({ email, password: 'not the password', noRedirect: true });
    expect(wrong.status === 'error' && wrong.error.message).toBe('Wrong e-mail or password.');
  });

  it('getProject', async () => {
    const project = await clientApp().getProject();
    expect(project).toMatchObject({ id: DEMO_PROJECT.id, displayName: 'Demo' });
  });
});

describe('StackServerApp (secret key)', () => {
  it('createUser and listUsers', async () => {
    const server = new StackServerApp({
      tokenStore: 'memory',
      baseUrl: emu.url,
      projectId: DEMO_PROJECT.id,
      publishableClientKey: DEMO_PROJECT.publishableClientKey,
      secretServerKey: DEMO_PROJECT.secretServerKey,
    });
    const email = `server-${crypto.randomUUID()}@example.com`;
    const created = await server.createUser({ primaryEmail: email, password: PASSWORD, primaryEmailAuthEnabled: true, displayName: 'Grace' });
    expect(created).toMatchObject({ primaryEmail: email, displayName: 'Grace', hasPassword: true });
    const listed = await server.listUsers({ limit: 500 });
    expect(listed.map((u) => u.id)).toContain(created.id);
    expect(listed.nextCursor).toBeNull();
    // The created user can sign in with the client app.
    const signIn = await clientApp().signInWithCredential({ email, password: PASSWORD, noRedirect: true });
    expect(signIn.status).toBe('ok');
  });
});

describe('wire calls', () => {
  it('only endpoints the emulator serves were called, and none failed unexpectedly', () => {
    expect(callSummary(emu.calls).sort()).toEqual(
      [
        'DELETE /api/v1/auth/sessions/current',
        'GET /api/v1/contact-channels',
        'GET /api/v1/projects/current',
        'GET /api/v1/teams',
        'GET /api/v1/users',
        'GET /api/v1/users/me',
        'PATCH /api/v1/users/me',
        'POST /api/v1/auth/oauth/token',
        'POST /api/v1/auth/password/sign-in',
        'POST /api/v1/auth/password/sign-up',
        'POST /api/v1/teams',
        'POST /api/v1/users',
      ].sort(),
    );
    const failures = emu.calls.filter((c) => c.actualStatus >= 400).map((c) => `${c.method} ${c.path} ${c.actualStatus} ${c.knownError}`);
    expect(failures).toEqual([
      expect.stringMatching(/^POST \/api\/v1\/auth\/password\/sign-up 409 USER_EMAIL_ALREADY_EXISTS$/),
      expect.stringMatching(/^POST \/api\/v1\/auth\/password\/sign-in 400 EMAIL_PASSWORD_MISMATCH$/),
    ]);
  });
});
