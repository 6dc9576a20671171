// Runs docs/emulator.md's webhook handler (the snippet readers copy into their server) on a delivery of the
// emulator: the genuine request is accepted, a forged or re-signed one refused. snippets.test.ts only compiles it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { createTestEmulator, type TestEmulator } from '../testing/emulator/emulator.ts';
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from '../testing/emulator/webhook-receiver.ts';

const root = resolve(import.meta.dirname, '..');
type Handler = (request: Request, secret: string) => Promise<Response>;

/** The ```ts block of a page that defines `name`. */
function snippetDefining(page: string, name: string): string {
  const blocks = [...readFileSync(join(root, page), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
  const found = blocks.filter((code) => code.includes(`function ${name}(`));
  expect(found, `${page} defines ${name} once`).toHaveLength(1);
  return found[0] ?? '';
}

let emu: TestEmulator;
let receiver: WebhookReceiver;
let handleStackWebhook: Handler;
beforeAll(async () => {
  // Inside the repository, so that the snippet's `import 'svix'` resolves as in a reader's project.
  const dir = join(root, '.cache', 'doc-snippets-run');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'handle-stack-webhook.ts');
  writeFileSync(file, snippetDefining('docs/emulator.md', 'handleStackWebhook'));
  ({ handleStackWebhook } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { handleStackWebhook: Handler });
  emu = await createTestEmulator();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await emu?.close();
});

const SECRET = `whsec_${btoa('docs-webhook-secret-24-by')}`;

/** The request the emulator sent, as the reader's server gets it. */
function requestOf(delivery: Delivery, body = delivery.body): Request {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of ['svix-id', 'svix-timestamp', 'svix-signature']) headers.set(name, String(delivery.headers[name]));
  return new Request('http://localhost:3000/api/stack-webhooks', { method: 'POST', headers, body });
}

describe('docs/emulator.md: verifying a delivery with svix', () => {
  it('the handler accepts the emulator delivery of a new user, and refuses a forged body or another secret', async () => {
    const token = ((await (await emu.fetch('/api/v1/webhooks/svix-token', { method: 'POST', accessType: 'admin', json: {} })).json()) as { token: string }).token;
    const registered = await emu.webhooksApp.request(`http://127.0.0.1:8113/api/v1/app/${DEMO_PROJECT.id}/endpoint`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, secret: SECRET }),
    });
    expect(registered.status).toBe(201);
    const user = (await (await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: { display_name: 'Docs' } })).json()) as { id: string };
    const delivery = await receiver.next((d) => d.payload.type === 'user.created' && d.payload.data.id === user.id);

    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect((await handleStackWebhook(requestOf(delivery), SECRET)).status).toBe(204);
      expect(log).toHaveBeenCalledWith('new user', user.id);
      log.mockClear();
      const forged = await handleStackWebhook(requestOf(delivery, delivery.body.replace('Docs', 'Forged')), SECRET);
      expect([forged.status, await forged.text()]).toEqual([400, 'invalid webhook signature']);
      expect((await handleStackWebhook(requestOf(delivery), `whsec_${btoa('another-secret-of-24-byte')}`)).status).toBe(400);
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});
