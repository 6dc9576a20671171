// Imported first by playwright.engines.config.ts: e2e/support/ports.ts then gives that suite ports of its own.
process.env.E2E_SUITE = 'engines';
