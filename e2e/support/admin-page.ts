// The demo's /admin page in specs: an owner of the demo project created and signed in there, and the page's
// accessibility check.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PASSWORD, waitForWorkerControl } from './app.ts';

/** No serious or critical accessibility violations in `selector` (default: the whole admin page). */
export async function checkAccessibility(page: Page, selector = '.demo-admin'): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Opens /admin (under the demo's worker) and creates an owner of the demo project there, signed in. */
export async function createOwner(page: Page, email: string): Promise<void> {
  await page.goto('/admin');
  await waitForWorkerControl(page);
  await page.getByLabel('Owner e-mail').fill(email);
  await page.getByLabel('Owner password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create this owner' }).click();
  await expect(page.getByTestId('owner-email')).toHaveText(email);
}
