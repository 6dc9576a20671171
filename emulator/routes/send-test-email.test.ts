import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../test-support/emulator.ts';
import { call } from '../test-support/requests.ts';

let emu: TestEmulator;
let smtp: SMTPServer;
let smtpPort = 0;
const received: { from: string; to: string[]; data: string; user: string | undefined }[] = [];

beforeAll(async () => {
  emu = await createTestEmulator();
  smtp = new SMTPServer({
    secure: false,
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address();
  smtpPort = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await emu.close();
});

const config = (port: number, password = 'secret') => ({ host: '127.0.0.1', port, username: 'mailer', password, sender_name: 'Emu', sender_email: 'noreply@example.com' });

/** A port nothing listens on: bind, read the port, close. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('POST /internal/send-test-email', () => {
  it('delivers through a real SMTP server', async () => {
    const r = await call(emu, 'POST', '/internal/send-test-email', { accessType: 'admin', json: { recipient_email: 'dev@example.com', email_config: config(smtpPort) } });
    expect(r.body).toEqual({ success: true });
    const mail = received.at(-1);
    expect(mail).toMatchObject({ from: 'noreply@example.com', to: ['dev@example.com'], user: 'mailer' });
    expect(mail?.data).toContain('Subject: Test Email from Stack Auth');
    expect(mail?.data).toContain('From: Emu <noreply@example.com>');
  });

  it('reports bad credentials and a refused connection', async () => {
    const auth = await call(emu, 'POST', '/internal/send-test-email', { accessType: 'admin', json: { recipient_email: 'dev@example.com', email_config: config(smtpPort, 'wrong') } });
    expect(auth.body).toEqual({ success: false, error_message: 'Failed to authenticate with the email server. Please check your email credentials configuration.' });
    const refused = await call(emu, 'POST', '/internal/send-test-email', { accessType: 'admin', json: { recipient_email: 'dev@example.com', email_config: config(await refusedPort()) } });
    expect(refused.body).toEqual({ success: false, error_message: 'Unknown error while sending test email. Make sure the email server is running and accepting connections.' });
  });
});
