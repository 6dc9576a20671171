import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LOCALES } from '../react/i18n/locales.ts';
import { enableDemoPasskeys } from './support/passkeys.ts';

// Pictures of every component (demo/gallery-page.tsx, with fixed data) and handler page, at a phone's and a
// desktop's width, light and dark, and the error page in each of the twelve languages; axe in both themes.
// Deterministic: fixed fonts and data, animations off (toHaveScreenshot's default), no caret. After a change to
// the looks: `npx playwright test --project=screenshots --update-snapshots`, then LOOK at the new pictures.

const STYLE_PATH = 'e2e/screenshots/fixed.css';
const WIDTHS = [375, 1280] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

const GALLERY = ['SignIn', 'SignUp', 'CredentialSignIn', 'CredentialSignUp', 'MagicLinkSignIn', 'OAuthButtonGroup', 'ForgotPassword', 'MessageCard', 'UserAvatar', 'TeamSwitcher', 'SelectedTeamSwitcher'];

/** The handler pages a signed-out visitor sees in a fixed state (sign-out, oauth-callback and account-settings redirect). */
const HANDLER_PAGES: Record<string, string> = {
  'sign-in': '/handler/sign-in',
  'sign-up': '/handler/sign-up',
  'forgot-password': '/handler/forgot-password',
  'password-reset': '/handler/password-reset',
  'email-verification': '/handler/email-verification',
  'magic-link-callback': '/handler/magic-link-callback',
  error: '/handler/error?errorCode=EMAIL_PASSWORD_MISMATCH',
  'team-invitation': '/handler/team-invitation',
  'not-found': '/handler/no-such-page',
};

/** The app's root says dark the ways the components read it, and the browser prefers dark too. */
async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.dataset['theme'] = dark ? 'dark' : 'light';
  }, theme === 'dark');
}

/** Opens `path` and waits until the components have their words (nothing busy is left in main). */
async function open(page: Page, path: string, theme: Theme): Promise<void> {
  await page.goto(path);
  await setTheme(page, theme);
  await expect(page.locator('main .aw-page').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  // The gallery's components load their code with their first render and show nothing meanwhile: all of them.
  await expect(page.locator('[data-gallery]:not(:has(*))')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Components that still overflow a phone's width, each with who fixes it (issue 38 item 4). This list only shrinks:
 * one that fits fails the test, so it is taken off.
 */
const OVERFLOW_PENDING: Readonly<Record<string, string>> = {};

const innerWidthOf = (page: Page) => page.viewportSize()?.width ?? 0;

/** Every component fits the viewport: none makes the page scroll sideways (the demo's own header is not ours). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('main .aw-page')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < 0 || box.right > innerWidth || element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => element.closest('[data-gallery]')?.getAttribute('data-gallery') ?? element.className),
  );
  expect(overflowing.filter((name) => !(name in OVERFLOW_PENDING)), 'components wider than the viewport').toEqual([]);
  const fitting = Object.keys(OVERFLOW_PENDING).filter((name) => !overflowing.includes(name));
  if (innerWidthOf(page) < 400) expect(fitting, 'fits now: take it off OVERFLOW_PENDING').toEqual([]);
}

async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

// A fixed project: the passkey specs running beside this one turn the demo project's passkeys on (never off), so
// the sign-in page is pictured with them on; project-admin's changes come after this project (playwright.config.ts).
test.beforeAll(enableDemoPasskeys);

for (const width of WIDTHS) {
  for (const theme of THEMES) {
    test.describe(`${width} px, ${theme}`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('the gallery: every component', async ({ page }) => {
        await open(page, '/gallery', theme);
        for (const name of GALLERY) {
          await expect.soft(page.locator(`[data-gallery="${name}"]`), name).toHaveScreenshot(`${name}-${width}-${theme}.png`, { stylePath: STYLE_PATH });
        }
        await expectNoSidewaysScroll(page);
        if (width === 1280) await expectAccessible(page);
      });

      for (const [name, path] of Object.entries(HANDLER_PAGES)) {
        test(`handler page ${name}`, async ({ page }) => {
          await open(page, path, theme);
          await expect(page.locator('main')).toHaveScreenshot(`handler-${name}-${width}-${theme}.png`, { stylePath: STYLE_PATH });
          if (width === 1280) await expectAccessible(page);
        });
      }
    });
  }
}

test.describe('languages', () => {
  test.use({ viewport: { width: 375, height: 700 } });
  for (const lang of LOCALES) {
    test(`the error page in ${lang}`, async ({ page }) => {
      await open(page, `/handler/error?errorCode=PASSWORD_TOO_SHORT&details=${encodeURIComponent('{"min_length":12}')}&lang=${lang}`, 'light');
      await expect(page.locator('main')).toHaveScreenshot(`locale-${lang}.png`, { stylePath: STYLE_PATH });
    });
  }
});

test.describe('right to left', () => {
  // Wide: at a phone's width the demo's own header scrolls sideways, and Chromium then pictures an RTL element blank.
  test.use({ viewport: { width: 1280, height: 900 } });
  test('nothing breaks with dir="rtl"', async ({ page }) => {
    await open(page, '/gallery', 'light');
    await page.evaluate(() => (document.documentElement.dir = 'rtl'));
    await expect(page.locator('[data-gallery="SignIn"]')).toHaveScreenshot('rtl-SignIn.png', { stylePath: STYLE_PATH });
    await expectNoSidewaysScroll(page);
  });
});
