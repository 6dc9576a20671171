import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../test-support/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

describe('Inbucket-compatible mailbox API', () => {
  it('lists and reads the verification e-mail of a sign-up', async () => {
    const name = `mb-${crypto.randomUUID().slice(0, 8)}`;
    await signUp(emu, { email: `${name}@example.com` });
    const list = (await (await emu.mailApp.request(`/api/v1/mailbox/${name}`)).json()) as { id: string; subject: string; from: string; to: string[] }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ mailbox: name, subject: 'Verify your email at Demo', from: 'Demo <noreply@example.com>', to: [`<${name}@example.com>`] });
    const message = (await (await emu.mailApp.request(`/api/v1/mailbox/${name}/${list[0]?.id}`)).json()) as { body: { text: string; html: string } };
    expect(message.body.text).toContain('http://localhost:3000/handler/email-verification?code=');
    expect(message.body.html).toContain('<a href="http://localhost:3000/handler/email-verification?code=');
    expect((await emu.mailApp.request(`/api/v1/mailbox/${name}/nope`)).status).toBe(404);
  });

  it('the outbox page lists e-mails', async () => {
    await signUp(emu, { email: 'page@example.com' });
    const page = await emu.fetch('/emulator/outbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Verify your email at Demo');
  });
});
