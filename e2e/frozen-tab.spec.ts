import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/app.ts';

test('a tab frozen while another signs out shows signed-out once it resumes', async ({ context }) => {
  const tabA = await context.newPage();
  await signUp(tabA, uniqueEmail('frozen'));
  const tabB = await context.newPage();
  await tabB.goto('/');
  await expect(tabB.getByTestId('signed-in')).toBeVisible();

  const cdp = await context.newCDPSession(tabA);
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await tabB.getByRole('button', { name: 'Sign out' }).click();
  await expect(tabB.getByTestId('signed-out')).toBeVisible();
  await cdp.send('Page.setWebLifecycleState', { state: 'active' });
  await expect(tabA.getByTestId('signed-out')).toBeVisible();
});
