// The magic-link e-mail for old clients (issue 19): X-Stack-Client-Version at or below @stackframe/stack@2.5.37
// gets the link without the six-character code; newer clients and other packages get both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, outbox, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const CALLBACK = 'http://localhost:3000/handler/magic-link-callback';

async function magicLinkEmail(clientVersion: string) {
  const email = `legacy-${crypto.randomUUID()}@example.com`;
  const res = await emu.fetch('/api/v1/auth/otp/send-sign-in-code', {
    method: 'POST',
    accessType: 'client',
    headers: { 'x-stack-client-version': clientVersion },
    json: { email, callback_url: CALLBACK },
  });
  const { nonce } = (await res.json()) as { nonce: string };
  const mail = (await outbox(emu, email)).at(-1);
  const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://missing');
  const otp = (link.searchParams.get('code') ?? '').slice(0, 6).toUpperCase();
  return { subject: mail?.subject ?? '', text: mail?.text ?? '', link, otp, nonce };
}

describe('POST /auth/otp/send-sign-in-code and the client version', () => {
  it.each(['js @stackframe/stack@2.5.37', 'js @stackframe/stack@2.4.0'])('%s: the link only, and it signs in', async (version) => {
    const mail = await magicLinkEmail(version);
    expect(`${mail.link.origin}${mail.link.pathname}`).toBe(CALLBACK);
    expect(mail.otp).toMatch(/^[0-9A-Z]{6}$/);
    expect(mail.text).not.toContain(mail.otp);
    expect(mail.subject).toBe('Sign in to Demo');
    const signIn = await emu.fetch('/api/v1/auth/otp/sign-in', { method: 'POST', accessType: 'client', json: { code: mail.link.searchParams.get('code') } });
    expect(signIn.status).toBe(200);
  });

  it.each(['js @stackframe/stack@2.5.38', 'js @stackframe/stack@2.7.16', 'js @stackframe/js@2.5.0', 'garbage'])('%s: the code line and the link', async (version) => {
    const mail = await magicLinkEmail(version);
    expect(mail.text.split('\n')).toContain(mail.otp);
    expect(mail.text).toContain(mail.link.toString());
    expect(mail.subject).toBe(`Sign in to Demo: Your code is ${mail.otp}`);
  });
});
