// Passkey ceremonies in Chromium: the demo project's passkey switch and a virtual authenticator.
import { expect, type Page } from '@playwright/test';
import { projectHeaders } from '../../testing/emulator/project-headers.ts';
import { EMULATOR_URL } from './ports.ts';

/** The demo project's seed has passkeys off: the admin API turns them on (idempotent, so parallel tests agree). */
export async function enableDemoPasskeys(): Promise<void> {
  const response = await fetch(`${EMULATOR_URL}/api/v1/projects/current`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...projectHeaders('admin') },
    body: JSON.stringify({ config: { passkey_enabled: true } }),
  });
  expect(response.status).toBe(200);
}

/** A Chromium virtual authenticator (CDP) for `page`: a platform passkey that verifies the user without a prompt. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}
