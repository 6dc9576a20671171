import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { lastMailTo, linkIn, PASSWORD, signUp, uniqueEmail } from './support/app.ts';

async function setDisplayName(page: Page, name: string): Promise<void> {
  await page.goto('/handler/account-settings');
  await page.getByLabel('Display name').fill(name);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
}

async function membersOf(page: Page, team: string) {
  await page.goto('/handler/account-settings');
  await page.getByRole('button', { name: `Members of ${team}` }).click();
  return page.getByRole('list', { name: `Members of ${team}` });
}

test('teams: create a team, invite by e-mail, the invitee signs in from the link and joins, then leaves', async ({ page, browser }) => {
  // Two browsers, two sign-ups and a dozen page loads: 28 s on a quiet machine, past the default 30 s under CI's load.
  test.setTimeout(90_000);
  const team = `Rocket crew ${Date.now().toString(36)}`;
  const owner = uniqueEmail('team-owner');
  await signUp(page, owner);
  await setDisplayName(page, 'Ada Owner');

  // The invitee has an account but is signed out in their own browser.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  const inviteeEmail = uniqueEmail('team-invitee');
  await signUp(invitee, inviteeEmail);
  await setDisplayName(invitee, 'Grace Invitee');
  await invitee.goto('/');
  await invitee.getByRole('button', { name: 'Sign out' }).click();
  await expect(invitee.getByTestId('signed-out')).toBeVisible();

  await page.goto('/handler/account-settings');
  await expect(page.getByText('You are not in any team.')).toBeVisible();
  await page.getByLabel('New team name').fill(team);
  await page.getByRole('button', { name: 'Create team' }).click();
  const row = page.getByRole('list', { name: 'Your teams' }).getByRole('listitem').filter({ hasText: team });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Switch to ${team}` }).click();
  await expect(row).toContainText('selected');

  await page.getByLabel(`Invite to ${team} by e-mail`).fill(inviteeEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${inviteeEmail}` })).toBeVisible();

  // The per-entity hooks on the demo's pages: members, pending invitations, team profile, e-mail addresses.
  await page.goto('/teams');
  await expect(page.getByTestId('team-count')).toHaveText('You are in 1 team.');
  const ownerFacts = page.getByTestId('demo-team').filter({ hasText: team }).getByTestId('demo-team-facts');
  await expect(ownerFacts).toHaveText(' · 1 member · you appear as Ada Owner · 1 pending invitation');
  await page.goto('/protected');
  await expect(page.getByTestId('contact-channels')).toContainText(`${owner} (not verified)`);

  // Signed out, the invitation page sends the invitee to sign in and back.
  const link = linkIn(await lastMailTo(inviteeEmail));
  expect(link).toMatch(/^\/handler\/team-invitation\?code=/);
  await invitee.goto(link);
  await invitee.locator('main .aw-page').first().getByRole('link', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/handler\/sign-in\?after_auth_return_to=/);
  await invitee.getByLabel('E-mail', { exact: true }).fill(inviteeEmail);
  await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(invitee.getByTestId('invited-team')).toHaveText(team);
  const axe = await new AxeBuilder({ page: invitee }).include('.aw-page').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await invitee.getByRole('button', { name: 'Join team' }).click();
  await expect(invitee.getByTestId('signed-in')).toBeVisible();

  // A used link explains itself.
  await invitee.goto(link);
  await expect(invitee.getByRole('alert')).toContainText('already been used');

  await expect(await membersOf(page, team)).toContainText('Grace Invitee');
  await expect(await membersOf(invitee, team)).toContainText('Ada Owner');

  // The demo's own page reads the same teams through the hooks.
  await invitee.goto('/teams');
  await expect(invitee.getByTestId('demo-team').filter({ hasText: team })).toContainText('member, can invite');
  await expect(invitee.getByTestId('demo-team').filter({ hasText: team }).getByTestId('demo-team-facts')).toHaveText(
    ' · 2 members · you appear as Grace Invitee · 0 pending invitations',
  );

  await invitee.goto('/handler/account-settings');
  await invitee.getByRole('button', { name: `Leave ${team}` }).click();
  await expect(invitee.getByText('You are not in any team.')).toBeVisible();
  await expect(await membersOf(page, team)).not.toContainText('Grace Invitee');
  await inviteeContext.close();
});

test('teams: manage a team from account settings: pending invitations and revoking, your team profile, rename, delete', async ({ page }) => {
  const team = `Harbour ${Date.now().toString(36)}`;
  await signUp(page, uniqueEmail('team-manager'));
  await page.goto('/handler/account-settings');
  await page.getByLabel('New team name').fill(team);
  await page.getByRole('button', { name: 'Create team' }).click();
  const row = page.getByRole('list', { name: 'Your teams' }).getByRole('listitem').filter({ hasText: team });
  const invited = uniqueEmail('team-pending');
  await page.getByLabel(`Invite to ${team} by e-mail`).fill(invited);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${invited}` })).toBeVisible();

  // Keyboard: the disclosure opens with Enter.
  await row.getByText(`Manage ${team}`).focus();
  await page.keyboard.press('Enter');
  const pending = page.getByRole('list', { name: `Pending invitations to ${team}` });
  await expect(pending).toContainText(invited);
  const axe = await new AxeBuilder({ page }).include('.aw-page').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('account-settings-manage-team.png'), fullPage: true });
  await pending.getByRole('button', { name: `Revoke the invitation of ${invited}` }).click();
  await expect(page.getByText(`No pending invitations to ${team}.`)).toBeVisible();

  await page.getByLabel(`Your name in ${team}`).fill('Captain');
  await page.getByRole('button', { name: 'Save team profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Team profile saved.' })).toBeVisible();
  await expect(await membersOf(page, team)).toContainText('Captain');

  await row.getByText(`Manage ${team}`).click();
  await expect(page.getByLabel(`Your name in ${team}`)).toHaveValue('Captain');
  const renamed = `${team} renamed`;
  await page.getByLabel(`Name of ${team}`).fill(renamed);
  await page.getByRole('button', { name: 'Rename team' }).click();
  const renamedRow = page.getByRole('list', { name: 'Your teams' }).getByRole('listitem').filter({ hasText: renamed });
  await expect(renamedRow.locator('strong')).toHaveText(renamed);

  // The disclosure stays open across the rename.
  await page.getByRole('button', { name: `Delete ${renamed}…` }).click();
  await page.getByRole('group', { name: `Delete ${renamed}` }).getByRole('button', { name: 'Yes, delete the team' }).click();
  await expect(page.getByText('You are not in any team.')).toBeVisible();
});
