import { expect, test } from '@playwright/test';

test('the demo is installable: its served manifest parses, starts at / standalone, and every icon loads at its stated size', async ({ page }) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const response = await page.request.get(manifestHref ?? '');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as { start_url: string; display: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
  );

  const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const images = [...manifest.icons.filter((icon) => icon.sizes !== 'any'), { src: appleTouchIcon ?? '', sizes: '180x180', type: 'image/png' }];
  for (const icon of images) {
    // Decoded by the browser, as an install prompt or a home screen would.
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    }, icon.src);
    expect(size, icon.src).toBe(icon.sizes);
  }
});
