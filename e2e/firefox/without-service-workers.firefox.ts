import type { ConsoleMessage } from 'puppeteer-core';
import { expect, openTab, test } from './support/firefox.ts';
import { firefoxTab } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { pageHostedSession } from '../support/core-stories.ts';

// As in a Firefox private window, which has no service workers: the session runs in the page.
test('without service workers the page hosts the session: sign-up, reload, a second tab, and sign-out follows', async ({ noWorkersContext: context }) => {
  const warnings: string[] = [];
  const openWatchedTab = async () => {
    const page = await openTab(context);
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'warn') warnings.push(message.text());
    });
    return firefoxTab(page);
  };
  await pageHostedSession(openWatchedTab, uniqueEmail('ff-no-worker'));
  expect(warnings.some((text) => text.includes('the session runs in the page'))).toBe(true);
});
