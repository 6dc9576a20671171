// The devtools panel as the demo mounts it (<AuthDevtools /> on every page, its controls on window.authDevtools).
import { expect, type Locator, type Page } from '@playwright/test';
import type { FaultKind } from '../../runtime/bridge/devtools-schemas.ts';
import type { AuthDevtoolsControls } from '../../runtime/client/devtools/connection.ts';

/** The demo puts the controls there (demo/inspector.tsx). */
type DemoWindow = { authDevtools?: AuthDevtoolsControls };

type Control =
  | ['expireAccessToken']
  | ['dropNetwork', number]
  | ['failNextRequests', number, FaultKind]
  | ['restartWorker']
  | ['revokeSession']
  | ['skewClock', number];

/** Calls a fault control from code, as a test or the console would; resolves once the worker applied it. */
export async function devtools(page: Page, ...[name, ...args]: Control): Promise<void> {
  await page.waitForFunction(() => (window as DemoWindow).authDevtools !== undefined);
  await page.evaluate(([method, rest]) => ((window as DemoWindow).authDevtools?.[method] as (...a: unknown[]) => Promise<void>)(...rest), [name, args] as const);
}

/** Opens the panel with the keyboard (focus the trigger, Enter) and returns it. */
export async function openPanel(page: Page): Promise<Locator> {
  const trigger = page.getByRole('button', { name: 'Auth devtools' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Auth devtools' });
  await expect(panel).toBeVisible();
  return panel;
}

/** One value of the Session or Worker section (`status`, `email`, `expiry`, ...). */
export const fact = (page: Page, key: string): Locator => page.getByTestId(`aw-dt-${key}`);

/** The Requests table's rows whose path cell is `path`. */
export const requestRows = (page: Page, path: string): Locator => page.getByTestId('aw-dt-requests').locator('tbody tr').filter({ has: page.getByRole('cell', { name: path, exact: true }) });
