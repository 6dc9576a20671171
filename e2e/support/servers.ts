import type { PlaywrightTestConfig } from '@playwright/test';
import { APP_API_PORT, APP_API_URL, DEMO_OUT_DIR, DEMO_PORT, DEMO_URL, EMULATOR_PORT, EMULATOR_URL, EMULATOR_WEBHOOKS_URL } from './ports.ts';

/** What every browser suite of this repository runs with (Chromium's and the other engines'). */
export const SUITE_DEFAULTS = {
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
} satisfies PlaywrightTestConfig;

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>[number];

/**
 * The suite's emulator: a fresh in-memory database, its own SMTP port, hosted-style refresh claims, and the demo's
 * origin allowed to use server and admin access (its Project admin page creates owners and administers in the browser).
 */
export const emulatorServer: WebServer = {
  command: `node_modules/.bin/tsx emulator/cli.ts --port ${EMULATOR_PORT} --mail-port ${EMULATOR_PORT + 3} --webhooks-port ${new URL(EMULATOR_WEBHOOKS_URL).port} --allow-origin ${DEMO_URL}`,
  url: `${EMULATOR_URL}/health`,
  timeout: 60_000,
  reuseExistingServer: false,
  stdout: 'ignore',
};

/** The app's own backend (x-stack-auth), proxied by the demo at /app-api/ and /other-api/. */
export const appApiServer: WebServer = {
  command: 'node_modules/.bin/tsx e2e/support/app-api-server.ts',
  env: { AUTHWORKER_API_URL: EMULATOR_URL, APP_API_PORT: String(APP_API_PORT) },
  url: `http://localhost:${APP_API_PORT}/health`,
  reuseExistingServer: false,
};

/** The demo as users get it: the production build, served by vite preview. */
export const demoServer: WebServer = {
  command: `node_modules/.bin/vite build --logLevel warn && node_modules/.bin/vite preview`,
  env: { AUTHWORKER_API_URL: EMULATOR_URL, AUTHWORKER_WEBHOOKS_URL: EMULATOR_WEBHOOKS_URL, DEMO_PORT: String(DEMO_PORT), APP_API_URL, DEMO_OUT_DIR },
  url: `http://localhost:${DEMO_PORT}`,
  timeout: 120_000,
  reuseExistingServer: false,
};
