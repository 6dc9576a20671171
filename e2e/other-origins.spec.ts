import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('requests to any other origin, or outside /api/v1, pass through without our headers', async ({ page, context }) => {
  await signUp(page, uniqueEmail('origins'));
  await waitForWorkerControl(page);
  const seen: { url: string; headers: Record<string, string> }[] = [];
  // 127.0.0.1 is another origin than the configured localhost API; /health is outside /api/v1.
  await context.route(/^http:\/\/(127\.0\.0\.1|localhost):18102\/(api\/v1\/projects\/current|health)/, async (route) => {
    seen.push({ url: route.request().url(), headers: route.request().headers() });
    await route.continue();
  });

  const statuses = await page.evaluate(async () => {
    const other = await fetch('http://127.0.0.1:18102/api/v1/projects/current');
    const health = await fetch('http://localhost:18102/health');
    return [other.status, health.status];
  });
  expect(statuses[1]).toBe(200);
  expect(seen).toHaveLength(2);
  for (const request of seen) {
    expect(Object.keys(request.headers).filter((name) => name.startsWith('x-stack-'))).toEqual([]);
  }
});
