import { expect, test } from '@playwright/test';
import { Webhook } from 'svix';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from '../testing/emulator/webhook-receiver.ts';
import { createSvixClient, StackAdminApp } from '../runtime/admin/index.ts';
import { StackServerApp } from '../runtime/server/index.ts';
import { checkAccessibility, createOwner } from './support/admin-page.ts';
import { EMULATOR_URL, uniqueEmail } from './support/app.ts';
import { EMULATOR_WEBHOOKS_URL } from './support/ports.ts';

// Issue 19: the admin page lists the project's webhook endpoints and their recent deliveries, read from the
// emulator's Svix-compatible service in the browser (CORS, the project's Svix token). The emulator is shared with
// specs running in parallel: every user they create is delivered to this test's endpoint too, so deliveries are
// matched by user id, and the endpoint is removed at the end.

const demoServer = () => new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: EMULATOR_URL });

/** The Svix API with the admin key's token, from the test process: removes what a failed run left behind. */
async function removeEndpointsTo(url: string): Promise<void> {
  const admin = new StackAdminApp({ projectId: DEMO_PROJECT.id, superSecretAdminKey: DEMO_PROJECT.superSecretAdminKey, baseUrl: EMULATOR_URL });
  const svix = createSvixClient({ token: await admin.getSvixToken(), appId: DEMO_PROJECT.id, serverUrl: EMULATOR_WEBHOOKS_URL });
  for (let iterator: string | null = null, done = false; !done; ) {
    const page = await svix.listEndpoints({ limit: 250, iterator });
    for (const endpoint of page.data.filter((e) => e.url === url)) await svix.deleteEndpoint(endpoint.id);
    [iterator, done] = [page.iterator, page.done];
  }
}

function svixHeaders(delivery: Delivery): Record<'svix-id' | 'svix-timestamp' | 'svix-signature', string> {
  const header = (name: string) => String(delivery.headers[name] ?? '');
  return { 'svix-id': header('svix-id'), 'svix-timestamp': header('svix-timestamp'), 'svix-signature': header('svix-signature') };
}

let receiver: WebhookReceiver;
test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test('an owner adds a webhook endpoint, sees the delivery of a new user listed, and the request verifies with svix', async ({ page }) => {
  test.setTimeout(90_000);
  // A path of this test's own on a port of its own: nothing else delivers here.
  const path = `/webhooks/${crypto.randomUUID()}`;
  const url = new URL(path, receiver.url).href;
  try {
    await createOwner(page, uniqueEmail('owner-hooks'));
    const section = page.getByRole('region', { name: 'Webhooks', exact: true });
    const urlField = section.getByLabel('Endpoint URL');

    // A URL the service refuses: the error is announced, tied to the field, and the input is kept.
    await urlField.fill('ftp://example.com/hooks');
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(section.getByRole('alert')).toContainText('url');
    await expect(urlField).toHaveValue('ftp://example.com/hooks');
    await expect(urlField).toHaveAttribute('aria-invalid', 'true');
    await expect(urlField).toHaveAccessibleDescription(/url/);

    await urlField.fill(url);
    await section.getByLabel('Note (optional)').fill('e2e receiver');
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(section.getByRole('status').filter({ hasText: `Endpoint ${url} added.` })).toBeVisible();
    await expect(urlField).toHaveValue('');
    await expect(section.getByRole('alert')).toHaveCount(0);
    // The list was read again after the change: the new endpoint is there, with no deliveries yet.
    const endpoint = section.getByRole('article', { name: url });
    await expect(endpoint.getByTestId('endpoint-id')).toHaveText(/^ep_[A-Za-z0-9]{27}$/);
    await expect(endpoint).toContainText('e2e receiver');
    await expect(endpoint.getByTestId('deliveries-table')).toContainText('No deliveries yet');
    await checkAccessibility(page, '[data-testid="webhooks-section"]');

    const user = await demoServer().createUser({ primaryEmail: uniqueEmail('hooked'), displayName: 'Hooked' });
    const delivery = await receiver.next((d) => d.path === path && d.payload.type === 'user.created' && d.payload.data.id === user.id);
    const headers = svixHeaders(delivery);

    // The attempt is recorded just after the receiver answered, so the first Refresh may come a moment early:
    // it is chosen again (as a user would) until the row is there. Nothing on the page polls.
    const row = endpoint.getByTestId('delivery-row').filter({ has: page.getByTestId('delivery-msg-id').getByText(headers['svix-id'], { exact: true }) });
    await expect(async () => {
      await section.getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByTestId('delivery-event')).toHaveText('user.created');
    await expect(row.getByTestId('delivery-status')).toHaveText('Delivered (HTTP 204)');
    await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

    // The message, read on demand, is what the receiver got.
    await row.getByRole('button', { name: `Show payload of ${headers['svix-id']}` }).click();
    const payload = endpoint.getByRole('region', { name: `Payload of ${headers['svix-id']}` });
    expect(JSON.parse((await payload.locator('pre').textContent()) ?? '')).toEqual(delivery.payload);

    // The user's own server verifies the request with the secret the page shows, as docs/emulator.md does.
    await endpoint.getByRole('button', { name: `Show signing secret of ${url}` }).click();
    const secret = (await endpoint.getByTestId('endpoint-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(new Webhook(secret).verify(delivery.body, headers)).toEqual({ type: 'user.created', data: expect.objectContaining({ id: user.id, display_name: 'Hooked' }) });
    expect(() => new Webhook(secret).verify(delivery.body.replace('Hooked', 'Forged'), headers)).toThrow();

    await endpoint.getByRole('button', { name: `Delete endpoint ${url}` }).click();
    await expect(section.getByRole('article', { name: url })).toHaveCount(0);
  } finally {
    await removeEndpointsTo(url);
  }
});
