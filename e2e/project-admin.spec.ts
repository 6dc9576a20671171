import { expect, test, type Page } from '@playwright/test';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../emulator/domain/seed.ts';
import { EMULATOR_INTERNAL_PROJECT } from '../demo/admin-owner.ts';
import { StackAdminApp } from '../runtime/admin/index.ts';
import { KnownErrors } from '../runtime/protocol/errors/index.ts';
import { StackServerApp } from '../runtime/server/index.ts';
import { checkAccessibility, createOwner } from './support/admin-page.ts';
import { EMULATOR_URL, PASSWORD, uniqueEmail } from './support/app.ts';
import { USERS_PAGE_SIZE } from '../demo/admin-users.tsx';

// The emulator is shared with specs running in parallel: this one renames the demo project only for a
// moment, and switches on and off a sign-in method no other spec uses (the Microsoft provider); magic
// links, passkeys and passwords, which other specs need, are left alone.

/** The admin key, from the test process: puts back what a failed run may have left changed. */
const keyAdmin = () => new StackAdminApp({ projectId: DEMO_PROJECT.id, superSecretAdminKey: DEMO_PROJECT.superSecretAdminKey, baseUrl: EMULATOR_URL });
const demoServer = () => new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: EMULATOR_URL });

async function saveSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
}

test('the page keeps the emulator internal project keys of the seed', () => {
  expect(EMULATOR_INTERNAL_PROJECT).toEqual({ publishableClientKey: INTERNAL_PROJECT.publishableClientKey, secretServerKey: INTERNAL_PROJECT.secretServerKey });
});

test('an owner signs in, renames the project, and switches a sign-in method the sign-in page then shows', async ({ page, context }) => {
  test.setTimeout(90_000);
  const original = (await keyAdmin().getProject()).displayName;
  try {
    const email = uniqueEmail('owner');
    await createOwner(page, email);
    await page.getByRole('button', { name: 'Sign out owner' }).click();
    await expect(page.getByLabel('Owner e-mail')).toBeFocused();
    await page.getByLabel('Owner password').fill('not the password');
    await page.getByLabel('Owner e-mail').fill(email);
    await page.getByRole('button', { name: 'Sign in as owner' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');
    await checkAccessibility(page);
    await page.getByLabel('Owner password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in as owner' }).click();
    await expect(page.getByTestId('owner-email')).toHaveText(email);
    await expect(page.getByTestId('project-name')).toHaveText(`“${original}”`);
    await checkAccessibility(page);

    // Renamed and back at once: other specs read the name (the TOTP issuer, e-mail senders).
    const renamed = `${original} (renamed ${Date.now().toString(36)})`;
    await page.getByLabel('Display name').fill(renamed);
    await saveSettings(page);
    await expect(page.getByTestId('project-name')).toHaveText(`“${renamed}”`);
    await page.getByLabel('Display name').fill(original);
    await saveSettings(page);
    await expect(page.getByTestId('project-name')).toHaveText(`“${original}”`);

    const providers = page.getByTestId('config-oauth-providers');
    const signInPage = await context.newPage();
    await page.getByRole('checkbox', { name: 'Microsoft' }).check();
    await saveSettings(page);
    await expect(providers).toContainText('Microsoft (shared keys): on');
    await signInPage.goto('/handler/sign-in');
    await expect(signInPage.getByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
    await expect(signInPage.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Microsoft' }).uncheck();
    await saveSettings(page);
    await expect(providers).toContainText('Microsoft (shared keys): off');
    await signInPage.reload();
    await expect(signInPage.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    await expect(signInPage.getByRole('button', { name: 'Continue with Microsoft' })).toHaveCount(0);
    // The methods other specs use were not touched.
    await expect(page.getByTestId('config-magic-link')).toHaveText('Magic link: on');
    await expect(page.getByTestId('config-password')).toHaveText('Password: on');
  } finally {
    const project = await keyAdmin().getProject();
    const microsoftOn = project.config.oauthProviders.some((p) => p.id === 'microsoft' && p.enabled);
    if (project.displayName !== original || microsoftOn) {
      await project.update({
        displayName: original,
        config: { oauthProviders: project.config.oauthProviders.map((p) => (p.id === 'microsoft' ? { ...p, enabled: false } : p)) },
      });
    }
  }
});

test('an owner creates an API key, sees its secret once, and revokes it', async ({ page }) => {
  await createOwner(page, uniqueEmail('owner-keys'));
  const description = `e2e key ${Date.now().toString(36)}`;
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByRole('region', { name: `New key “${description}”` });
  await expect(created).toBeFocused();
  const secret = (await created.getByTestId('new-secret-server-key').textContent()) ?? '';
  expect(secret).toMatch(/^ssk_/);
  const row = page.getByTestId('api-key-row').filter({ hasText: description });
  await expect(row).toContainText(`secret server …${secret.slice(-4)}`);
  await expect(row.getByTestId('api-key-status')).toHaveText('valid');
  const withNewKey = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: secret, baseUrl: EMULATOR_URL });
  await withNewKey.listUsers({ limit: 1 });

  await page.getByRole('button', { name: 'Done, hide the keys' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: `Revoke ${description}` }).click();
  await expect(row.getByTestId('api-key-status')).toHaveText('revoked');
  await expect(row.getByTestId('api-key-status')).toBeFocused();
  await expect(withNewKey.listUsers({ limit: 1 })).rejects.toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
  // The key set the demo runs on cannot be revoked from the page.
  await expect(page.getByTestId('api-key-row').filter({ hasText: 'seeded by the emulator' })).toContainText('used by this demo');
});

test('an owner pages through the latest users', async ({ page }) => {
  const server = demoServer();
  for (let i = 0; i < USERS_PAGE_SIZE + 1; i++) await server.createUser({ primaryEmail: uniqueEmail('admin-paging'), displayName: `Paging ${i}` });
  await createOwner(page, uniqueEmail('owner-users'));

  const rows = page.getByTestId('user-row');
  await expect(page.getByTestId('users-page')).toHaveText('1');
  await expect(rows).toHaveCount(USERS_PAGE_SIZE);
  const firstPage = await rows.allTextContents();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('users-page')).toHaveText('2');
  await expect(page.getByTestId('users-table')).not.toHaveAttribute('aria-busy', 'true');
  const secondPage = await rows.allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);

  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByTestId('users-page')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
});
