import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';

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

describe('mailbox names and order (Inbucket)', () => {
  // A frozen base clock: e-mails sent one after another carry the same millisecond.
  const FROZEN = Date.UTC(2025, 0, 1);
  let frozen: TestEmulator;
  beforeAll(async () => {
    frozen = await createTestEmulator({ now: () => FROZEN });
  });
  afterAll(() => frozen.close());

  interface Header {
    id: string;
    mailbox: string;
    subject: string;
    to: string[];
    'posix-millis': number;
  }
  const list = async (name: string) => (await (await frozen.mailApp.request(`/api/v1/mailbox/${encodeURIComponent(name)}`)).json()) as Header[];

  it('names a mailbox after the lowercased local part without +extension, and looks names up the same way', async () => {
    const name = `mb${crypto.randomUUID().slice(0, 8)}`;
    const first = `${name}+one@example.com`;
    const second = `${name.toUpperCase()}+Two@example.com`;
    await signUp(frozen, { email: first });
    await signUp(frozen, { email: second });
    const headers = await list(name);
    expect(headers.map((h) => [h.mailbox, h.to[0]])).toEqual([
      [name, `<${first}>`],
      [name, `<${second}>`],
    ]);
    for (const alias of [name.toUpperCase(), `${name}+other`, `${name.toUpperCase()}+ONE`]) expect(await list(alias)).toEqual(headers);
    const message = await frozen.mailApp.request(`/api/v1/mailbox/${encodeURIComponent(`${name}+x`)}/${headers[1]?.id ?? ''}`);
    expect(((await message.json()) as { to: string[] }).to).toEqual([`<${second}>`]);
  });

  it('lists oldest first in sending order, also within one millisecond and when the clock goes backwards', async () => {
    const name = `mb${crypto.randomUUID().slice(0, 8)}`;
    const u = await signUp(frozen, { email: `${name}@example.com` });
    // Each reset names itself in its callback URL, which the mail's link carries.
    const reset = (n: number) =>
      frozen.fetch('/api/v1/auth/password/send-reset-code', {
        method: 'POST',
        accessType: 'client',
        json: { email: u.email, callback_url: `http://localhost:3000/handler/password-reset?n=${n}` },
      });
    for (const n of [1, 2, 3]) expect((await reset(n)).status).toBe(200);
    frozen.clock.setOffset(-60_000);
    expect((await reset(4)).status).toBe(200);
    frozen.clock.setOffset(0);
    const headers = await list(name);
    expect(headers.map((h) => h['posix-millis'])).toEqual([FROZEN, FROZEN, FROZEN, FROZEN, FROZEN - 60_000]);
    expect(headers[0]?.subject).toBe('Verify your email at Demo');
    const texts = await Promise.all(
      headers.slice(1).map(async (h) => ((await (await frozen.mailApp.request(`/api/v1/mailbox/${name}/${h.id}`)).json()) as { body: { text: string } }).body.text),
    );
    expect(texts.map((t) => /password-reset\?n=(\d)/.exec(t)?.[1])).toEqual(['1', '2', '3', '4']);
  });
});

