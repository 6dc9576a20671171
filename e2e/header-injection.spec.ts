import { expect, test } from '@playwright/test';
import { countWorkerRequests, pageFetchJson, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('page requests to /api/v1 carry the access token although page code never set it', async ({ page, context }) => {
  const email = uniqueEmail('headers');
  await signUp(page, email);
  await waitForWorkerControl(page);
  const usersMe = await countWorkerRequests(context, '/users/me');

  const { status, body } = await pageFetchJson(page, '/users/me');
  expect(status).toBe(200);
  expect(JSON.parse(body)).toMatchObject({ primary_email: email });

  const sent = usersMe.headers().at(-1) ?? {};
  expect(sent['x-stack-access-token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(sent['x-stack-access-type']).toBe('client');
  expect(sent['x-stack-refresh-token']).toBeUndefined();
});

test('a page may not call token-issuing endpoints itself', async ({ page }) => {
  await page.goto('/');
  await waitForWorkerControl(page);
  const { status, body } = await pageFetchJson(page, '/auth/password/sign-in', {
    method: 'POST',
    body: JSON.stringify({ email: 'someone@example.com', password: 'whatever-password' }),
  });
  expect(status).toBe(403);
  expect(body).toContain('token-issuing endpoints are called by the service worker only');
});
