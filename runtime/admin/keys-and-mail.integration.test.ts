// The admin app against the emulator: API keys, e-mail templates, svix token, metrics, test e-mails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_ORIGIN } from '../../testing/emulator/emulator.ts';
import { refusedPort, startTestSmtpServer, type TestSmtpServer } from '../../testing/emulator/smtp-server.ts';
import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import { StackServerApp } from '../server/server-app.ts';
import { emulatorKit } from '../../testing/runtime/admin-integration.ts';

const { emu, emulatorFetch, adminApp } = emulatorKit();

describe('admin app on the emulator: API keys', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000);

  it('createApiKey shows the full keys once; list and get show the last four; revoke stops the key at once', async () => {
    const admin = adminApp();
    const created = await admin.createApiKey({
      description: 'CI',
      expiresAt: inAnHour(),
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    expect(created).toMatchObject({
      description: 'CI',
      publishableClientKey: expect.stringMatching(/^pck_[0-9a-z]{45}$/),
      secretServerKey: expect.stringMatching(/^ssk_[0-9a-z]{45}$/),
      superSecretAdminKey: null,
      manuallyRevokedAt: null,
    });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(created.whyInvalid()).toBeNull();
    const secretServerKey = created.secretServerKey as string;
    const lastFours = {
      publishableClientKey: { lastFour: (created.publishableClientKey as string).slice(-4) },
      secretServerKey: { lastFour: secretServerKey.slice(-4) },
      superSecretAdminKey: null,
    };

    const [newest] = await admin.listApiKeys();
    expect(newest).toMatchObject({ id: created.id, description: 'CI', manuallyRevokedAt: null, ...lastFours });
    expect(newest?.expiresAt.getTime()).toBe(created.expiresAt.getTime());
    expect(JSON.stringify(await admin.listApiKeys())).not.toContain(secretServerKey);
    const read = await admin.getApiKey(created.id);
    expect(read).toMatchObject({ id: created.id, ...lastFours });
    expect(read.isValid()).toBe(true);

    const withKey = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey, baseUrl: TEST_ORIGIN, fetch: emulatorFetch() });
    await withKey.listUsers({ limit: 1 });

    const revoked = await read.revoke();
    expect(revoked.manuallyRevokedAt).toBeInstanceOf(Date);
    expect(revoked.whyInvalid()).toBe('manually-revoked');
    expect(revoked.isValid()).toBe(false);
    expect((await admin.getApiKey(created.id)).whyInvalid()).toBe('manually-revoked');
    await expect(withKey.listUsers({ limit: 1 })).rejects.toBeInstanceOf(KnownErrors.InvalidSecretServerKey);

    await expect(admin.getApiKey(crypto.randomUUID())).rejects.toBeInstanceOf(KnownErrors.ApiKeyNotFound);
  });

  it('an expired key is "expired" (even when also revoked) and fails at once', async () => {
    const admin = adminApp();
    const created = await admin.createApiKey({
      description: 'old',
      expiresAt: new Date(Date.now() - 1000),
      hasPublishableClientKey: false,
      hasSecretServerKey: false,
      hasSuperSecretAdminKey: true,
    });
    expect(created).toMatchObject({ publishableClientKey: null, secretServerKey: null, superSecretAdminKey: expect.stringMatching(/^sak_/) });
    expect(created.whyInvalid()).toBe('expired');
    await expect(adminApp(created.superSecretAdminKey as string).getProject()).rejects.toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
    expect((await created.revoke()).whyInvalid()).toBe('expired');
  });

  it('a secret server key stops working for a server app once the emulator clock passes its expiry', async () => {
    const created = await adminApp().createApiKey({
      description: 'short-lived',
      expiresAt: new Date(emu().clock.now() + 60_000),
      hasPublishableClientKey: false,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    const server = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: created.secretServerKey as string, baseUrl: TEST_ORIGIN, fetch: emulatorFetch() });
    expect((await server.getProject()).id).toBe(DEMO_PROJECT.id);
    emu().clock.advance(60_001);
    const error: unknown = await server.getProject().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
    expect((error as InstanceType<typeof KnownErrors.InvalidSecretServerKey>).details).toMatchObject({ project_id: DEMO_PROJECT.id });
  });

  it('a revoked admin key stops an admin app at once', async () => {
    const created = await adminApp().createApiKey({
      description: 'to revoke',
      expiresAt: inAnHour(),
      hasPublishableClientKey: false,
      hasSecretServerKey: false,
      hasSuperSecretAdminKey: true,
    });
    const withKey = adminApp(created.superSecretAdminKey as string);
    expect((await withKey.getProject()).id).toBe(DEMO_PROJECT.id);
    expect((await created.revoke()).whyInvalid()).toBe('manually-revoked');
    const error: unknown = await withKey.listApiKeys().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
    expect(error).toBeInstanceOf(KnownErrors.InvalidProjectAuthentication);
    await expect(withKey.getProject()).rejects.toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
  });

  it('a new admin key works as the admin key of a StackAdminApp', async () => {
    const created = await adminApp().createApiKey({
      description: 'admin',
      expiresAt: inAnHour(),
      hasPublishableClientKey: false,
      hasSecretServerKey: false,
      hasSuperSecretAdminKey: true,
    });
    expect((await adminApp(created.superSecretAdminKey as string).listApiKeys())[0]?.superSecretAdminKey).toEqual({
      lastFour: (created.superSecretAdminKey as string).slice(-4),
    });
  });
});

describe('admin app on the emulator: e-mail templates, svix, metrics', () => {
  it('lists the four defaults, customises one and resets it', async () => {
    const admin = adminApp();
    const defaults = await admin.listEmailTemplates();
    expect(defaults.map((t) => [t.type, t.subject, t.isDefault])).toEqual([
      ['email_verification', 'Verify your email at {{ projectDisplayName }}', true],
      ['password_reset', 'Reset your password at {{ projectDisplayName }}', true],
      ['magic_link', 'Sign in to {{ projectDisplayName }}: Your code is {{ otp }}', true],
      ['team_invitation', 'You have been invited to join {{ teamDisplayName }}', true],
    ]);
    const invitation = defaults.find((t) => t.type === 'team_invitation');
    expect(invitation?.content).toMatchObject({ root: { type: 'EmailLayout' } });

    const updated = await admin.updateEmailTemplate('team_invitation', { subject: 'Join {{ teamDisplayName }}!' });
    expect(updated).toEqual({ type: 'team_invitation', subject: 'Join {{ teamDisplayName }}!', content: invitation?.content, isDefault: false });
    const content = { root: { type: 'EmailLayout', data: { childrenIds: [] } } };
    expect(await admin.updateEmailTemplate('team_invitation', { content })).toMatchObject({ subject: 'Join {{ teamDisplayName }}!', content, isDefault: false });
    expect((await admin.listEmailTemplates()).find((t) => t.type === 'team_invitation')).toMatchObject({ isDefault: false, content });
    await expect(admin.updateEmailTemplate('magic_link', { content: { nope: true } })).rejects.toMatchObject({ status: 400, body: 'Invalid email template content' });

    await admin.resetEmailTemplate('team_invitation');
    expect(await admin.listEmailTemplates()).toEqual(defaults);
    await expect(admin.resetEmailTemplate('team_invitation')).rejects.toMatchObject({ status: 404, body: 'Email template not found' });
  });

  it('getSvixToken gives a token for the project', async () => {
    expect(await adminApp().getSvixToken()).toMatch(new RegExp(`^emulator-svix\\.${DEMO_PROJECT.id}\\.`));
  });

  it('getMetrics counts a sign-up', async () => {
    const admin = adminApp();
    const before = await admin.getMetrics();
    const user = await signUp(emu());
    const after = await admin.getMetrics();

    expect(after.totalUsers).toBe(before.totalUsers + 1);
    expect(after.dailyUsers).toHaveLength(31);
    const today = new Date(emu().clock.now()).toISOString().slice(0, 10);
    expect(after.dailyUsers.at(-1)).toEqual({ date: today, activity: (before.dailyUsers.at(-1)?.activity ?? 0) + 1 });
    expect(after.dailyActiveUsers.at(-1)?.activity).toBe((before.dailyActiveUsers.at(-1)?.activity ?? 0) + 1);
    expect(after.recentlyRegistered[0]).toMatchObject({ id: user.userId, primaryEmail: user.email, hasPassword: true });
    expect(after.recentlyRegistered[0]?.signedUpAt).toBeInstanceOf(Date);
    expect(after.recentlyActive[0]?.id).toBe(user.userId);
    expect(after.loginMethods).toContainEqual({ method: 'password', count: expect.any(Number) });
    expect(after.usersByCountry).toEqual({});
  });
});

describe('admin app on the emulator: test e-mails', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  const emailConfig = (port: number, password = 'secret') => ({
    host: '127.0.0.1',
    port,
    username: 'mailer',
    password,
    senderName: 'Authworker',
    senderEmail: 'noreply@example.com',
  });

  it('sendTestEmail delivers through the given SMTP server', async () => {
    expect(await adminApp().sendTestEmail({ recipientEmail: 'dev@example.com', emailConfig: emailConfig(smtp.port) })).toEqual({ status: 'ok', data: undefined });
    expect(smtp.received.at(-1)?.to).toEqual(['dev@example.com']);
    expect(smtp.received.at(-1)?.data).toContain('From: Authworker <noreply@example.com>');
  });

  it('a refused connection or bad credentials are an error result with the backend message', async () => {
    const admin = adminApp();
    expect(await admin.sendTestEmail({ recipientEmail: 'dev@example.com', emailConfig: emailConfig(await refusedPort()) })).toEqual({
      status: 'error',
      error: { errorMessage: 'Unknown error while sending test email. Make sure the email server is running and accepting connections.' },
    });
    expect(await admin.sendTestEmail({ recipientEmail: 'dev@example.com', emailConfig: emailConfig(smtp.port, 'wrong') })).toEqual({
      status: 'error',
      error: { errorMessage: 'Failed to authenticate with the email server. Please check your email credentials configuration.' },
    });
  });
});

