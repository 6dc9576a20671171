import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call } from '../../testing/emulator/requests.ts';
import { refusedPort, startTestSmtpServer, type TestSmtpServer } from '../../testing/emulator/smtp-server.ts';

let emu: TestEmulator;
let smtp: TestSmtpServer;

beforeAll(async () => {
  emu = await createTestEmulator();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await emu.close();
});

const config = (port: number, password = 'secret') => ({ host: '127.0.0.1', port, username: 'mailer', password, sender_name: 'Emu', sender_email: 'noreply@example.com' });

describe('POST /internal/send-test-email', () => {
  it('delivers through a real SMTP server', async () => {
    const r = await call(emu, 'POST', '/internal/send-test-email', { accessType: 'admin', json: { recipient_email: 'dev@example.com', email_config: config(smtp.port) } });
    expect(r.body).toEqual({ success: true });
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ from: 'noreply@example.com', to: ['dev@example.com'], user: 'mailer' });
    expect(mail?.data).toContain('Subject: Test Email from Stack Auth');
    expect(mail?.data).toContain('From: Emu <noreply@example.com>');
  });

  it('reports bad credentials and a refused connection', async () => {
    const auth = await call(emu, 'POST', '/internal/send-test-email', { accessType: 'admin', json: { recipient_email: 'dev@example.com', email_config: config(smtp.port, 'wrong') } });
    expect(auth.body).toEqual({ success: false, error_message: 'Failed to authenticate with the email server. Please check your email credentials configuration.' });
    const refused = await call(emu, 'POST', '/internal/send-test-email', { accessType: 'admin', json: { recipient_email: 'dev@example.com', email_config: config(await refusedPort()) } });
    expect(refused.body).toEqual({ success: false, error_message: 'Unknown error while sending test email. Make sure the email server is running and accepting connections.' });
  });
});
