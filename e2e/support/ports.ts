/**
 * The e2e suite's ports and build folder. `E2E_PORT_OFFSET` moves all of them, so two suites
 * (or a running `npm run demo`) can share a machine; the Firefox and WebKit suite (`E2E_SUITE=engines`,
 * set by playwright.engines.config.ts) sits 50 ports above Chromium's, so both suites can run at once.
 */
const ENGINE_SHIFT = process.env.E2E_SUITE === 'engines' ? 50 : 0;
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) + ENGINE_SHIFT;

export const EMULATOR_PORT = 18102 + offset;
export const DEMO_PORT = 14173 + offset;
export const APP_API_PORT = 14175 + offset;
export const EMULATOR_URL = `http://localhost:${EMULATOR_PORT}`;
/** The emulator's Svix-compatible webhook service (loopback only, so 127.0.0.1). */
export const EMULATOR_WEBHOOKS_URL = `http://127.0.0.1:${EMULATOR_PORT + 11}`;
export const DEMO_URL = `http://localhost:${DEMO_PORT}`;
export const APP_API_URL = `http://localhost:${APP_API_PORT}`;
/** Where the demo is built for the suite (the worker-update spec rewrites its worker script). */
export const DEMO_OUT_DIR = offset === 0 ? 'dist/demo' : `dist/demo-${offset}`;
