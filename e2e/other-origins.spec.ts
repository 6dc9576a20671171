import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { EMULATOR_PORT } from './support/ports.ts';

test('requests to any other origin, or outside /api/v1, pass through without our headers', async ({ page, context }) => {
  await signUp(page, uniqueEmail('origins'));
  await waitForWorkerControl(page);
  const seen: { url: string; headers: Record<string, string> }[] = [];
  // 127.0.0.1 is another origin than the configured localhost API; /health is outside /api/v1.
  await context.route(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${EMULATOR_PORT}/(api/v1/projects/current|health)`), async (route) => {
    seen.push({ url: route.request().url(), headers: route.request().headers() });
    await route.continue();
  });

  const statuses = await page.evaluate(async (port) => {
    const other = await fetch(`http://127.0.0.1:${port}/api/v1/projects/current`);
    const health = await fetch(`http://localhost:${port}/health`);
    return [other.status, health.status];
  }, EMULATOR_PORT);
  expect(statuses[1]).toBe(200);
  expect(seen).toHaveLength(2);
  for (const request of seen) {
    expect(Object.keys(request.headers).filter((name) => name.startsWith('x-stack-'))).toEqual([]);
  }
});
