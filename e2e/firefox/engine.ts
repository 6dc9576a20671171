// Imported first by playwright.firefox.config.ts: e2e/support/ports.ts then gives the Firefox suite ports of its own.
process.env.E2E_ENGINE = 'firefox';
