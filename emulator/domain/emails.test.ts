import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT } from './seed.ts';
import { createTestEmulator, outbox, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { updateEmailTemplate } from './email-templates.ts';
import { fillTemplate, renderEmail, senderOf } from './emails.ts';
import type { Project, ProjectConfig } from './projects.ts';

const project = (config: Partial<ProjectConfig> = {}, id = 'p'): Project => ({
  id,
  displayName: 'Acme',
  description: '',
  createdAtMillis: 0,
  config: { email_config: { type: 'shared' }, ...config } as ProjectConfig,
});

describe('e-mail templates', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await createTestEmulator();
  });
  afterAll(() => emu.close());
  const link = 'http://localhost:3000/handler/x?code=abc';
  const demo = () => project({}, DEMO_PROJECT.id);

  it('defaults: the backend subjects, the link alone on a line', async () => {
    const verification = await renderEmail(emu.db, project(), 'email_verification', { emailVerificationLink: link });
    const reset = await renderEmail(emu.db, project(), 'password_reset', { passwordResetLink: link });
    expect(verification.subject).toBe('Verify your email at Acme');
    expect(reset.subject).toBe('Reset your password at Acme');
    for (const mail of [verification, reset]) expect(mail.text.split('\n')).toContain(link);
    const invitation = await renderEmail(emu.db, project(), 'team_invitation', { teamInvitationLink: link, teamDisplayName: 'Crew' });
    expect(invitation.subject).toBe('You have been invited to join Crew');
    expect(invitation.text.split('\n')).toContain(link);
  });

  it('default magic link: the OTP alone on a line, and the link too', async () => {
    const mail = await renderEmail(emu.db, project(), 'magic_link', { magicLink: link, otp: 'AB12CD' });
    expect(mail.subject).toBe('Sign in to Acme: Your code is AB12CD');
    const lines = mail.text.split('\n');
    expect(lines).toContain('AB12CD');
    expect(lines).toContain(link);
  });

  it('a customised template: its subject and document, variables filled in, a button link alone on a line', async () => {
    await updateEmailTemplate(emu.db, DEMO_PROJECT.id, 'magic_link', {
      subject: '{{otp}} for {{ projectDisplayName }}{{ unknown }}',
      content: {
        root: { type: 'EmailLayout', data: { childrenIds: ['title', 'box', 'go'] } },
        title: { type: 'Heading', data: { props: { text: 'Hello from {{ projectDisplayName }}' } } },
        box: { type: 'Container', data: { props: { childrenIds: ['code'] } } },
        code: { type: 'Text', data: { props: { text: 'Code: {{ otp }}' } } },
        go: { type: 'Button', data: { props: { text: 'Sign in', url: '{{ magicLink }}' } } },
      },
    });
    const mail = await renderEmail(emu.db, demo(), 'magic_link', { magicLink: link, otp: 'AB12CD' });
    expect(mail).toEqual({ subject: 'AB12CD for Acme', text: `Hello from Acme\n\nCode: AB12CD\n\nSign in\n${link}\n` });
  });

  it('fillTemplate: spaces inside the braces are optional; unknown names render empty', () => {
    expect(fillTemplate('{{a}}-{{ a }}-{{  b  }}.', { a: 'x' })).toBe('x-x-.');
  });
});

describe('magic-link e-mail through the Inbucket-compatible mailbox API', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await createTestEmulator();
  });
  afterAll(() => emu.close());

  it('is readable when the call returns, with the OTP and the link each alone on a line', async () => {
    const name = `otp-${crypto.randomUUID().slice(0, 8)}`;
    const callback = 'http://localhost:3000/handler/magic-link-callback';
    const sent = await emu.fetch('/api/v1/auth/otp/send-sign-in-code', { method: 'POST', accessType: 'client', json: { email: `${name}@example.com`, callback_url: callback } });
    const { nonce } = (await sent.json()) as { nonce: string };
    const [header] = (await (await emu.mailApp.request(`/api/v1/mailbox/${name}`)).json()) as { id: string; from: string }[];
    expect(header?.from).toBe('Demo <noreply@example.com>');
    const message = (await (await emu.mailApp.request(`/api/v1/mailbox/${name}/${header?.id}`)).json()) as { body: { text: string; html: string } };
    const lines = message.body.text.split('\n');
    const otp = lines.find((line) => /^[0-9A-Z]{6}$/.test(line));
    const link = lines.find((line) => line.startsWith(`${callback}?code=`));
    expect(link).toBe(`${callback}?code=${otp?.toLowerCase()}${nonce}`);
    expect(message.body.html).toContain(`<p>${otp}</p>`);
  });
});

describe('sender', () => {
  it('is the project on the shared config, the configured sender on a standard one', () => {
    expect(senderOf(project())).toEqual({ name: 'Acme', address: 'noreply@example.com' });
    const standard = { type: 'standard', host: 'h', port: 25, username: '', password: '', sender_name: 'Acme Support', sender_email: 'help@acme.test' } as const;
    expect(senderOf(project({ email_config: standard }))).toEqual({ name: 'Acme Support', address: 'help@acme.test' });
  });
});

interface ReceivedMail {
  from: string;
  to: string[];
  auth: string | null;
  data: string;
}

describe('delivery through a standard e-mail config (SMTP)', () => {
  let emu: TestEmulator;
  let smtp: SMTPServer;
  let port: number;
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    emu = await createTestEmulator();
    smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onAuth: (auth, _session, callback) => callback(null, { user: `${auth.username}:${auth.password}` }),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            auth: typeof session.user === 'string' ? session.user : null,
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await setProjectConfig(emu, DEMO_PROJECT.id, { email_config: { type: 'shared' } });
    await emu.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the sign-up verification e-mail before the call returns, and keeps it in the outbox', async () => {
    await setProjectConfig(emu, DEMO_PROJECT.id, {
      email_config: { type: 'standard', host: '127.0.0.1', port, username: 'smtp-user', password: 'smtp-pass', sender_name: 'Demo Support', sender_email: 'support@demo.test' },
    });
    const u = await signUp(emu);
    const mail = received.find((m) => m.to.includes(u.email));
    expect(mail).toMatchObject({ from: 'support@demo.test', auth: 'smtp-user:smtp-pass' });
    expect(mail?.data).toContain('Subject: Verify your email at Demo');
    expect(mail?.data).toMatch(/From: "?Demo Support"? <support@demo\.test>/);
    expect(mail?.data).toContain('http://localhost:3000/handler/email-verification?code=');
    const [stored] = await outbox(emu, u.email);
    expect(stored?.from).toBe('Demo Support <support@demo.test>');
  });

  it('an unreachable SMTP server does not fail the API call', async () => {
    await setProjectConfig(emu, DEMO_PROJECT.id, {
      email_config: { type: 'standard', host: '127.0.0.1', port: 1, username: '', password: '', sender_name: 'Demo', sender_email: 'x@demo.test' },
    });
    const u = await signUp(emu);
    expect(await outbox(emu, u.email)).toHaveLength(1);
  });
});
