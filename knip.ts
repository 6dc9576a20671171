// knip (`npm run knip`, part of `npm run check`): unused files, exports and dependencies. The package's entries come
// from build/lib-entries.ts, their one list; everything else a tool runs (tests, specs, scripts, benches) is an entry.
import type { KnipConfig } from 'knip';
import { LIB_ENTRIES } from './build/lib-entries.ts';

const config: KnipConfig = {
  // The generated contract exports one constant a row by design; callers take the rows they need.
  ignore: ['runtime/protocol/contract/*.generated.ts'],
  // The package gives some names twice on purpose: the official SDK's name beside our own (StackProvider, StackHandler).
  ignoreIssues: { 'react/provider.tsx': ['duplicates'], 'react/handler/*.tsx': ['duplicates'] },
  // The browser installers call the system's package manager; the SDK's shared package comes with @stackframe/js.
  ignoreBinaries: ['apt-get'],
  // attw runs through npx in the consumer suite; testing/ and the consumer templates use the emulator workspace's packages.
  ignoreDependencies: ['@stackframe/stack-shared', 'trusted-types', '@arethetypeswrong/cli', '@types/smtp-server', 'pg', '@simplewebauthn/server', '@hono/node-server', 'authworker-emulator'],
  workspaces: {
    '.': {
      entry: [
        ...Object.values(LIB_ENTRIES).map((entry) => entry.source),
        'build/*.{mjs,ts}',
        'scripts/*.{mjs,ts}',
        'bench/**/*.{ts,tsx}',
        'demo/**/*.{ts,tsx}',
        'docs/**/*.{ts,tsx}',
        'testing/**/*.{ts,tsx}',
        'e2e/**/*.{ts,tsx}',
        '**/*.test.{ts,tsx}',
        '**/*.crosscheck.ts',
        'vitest.*.ts',
        'e2e/consumer/templates/**/*.{mjs,ts,tsx}',
      ],
      project: ['**/*.{ts,tsx,mjs}'],
    },
    emulator: {
      entry: ['load/*.ts', 'conformance/**/*.ts', '**/*.test.ts'],
      project: ['**/*.ts'],
    },
  },
};

export default config;
