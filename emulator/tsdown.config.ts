// The `authworker-emulator` package: the CLI and the API as ES modules for Node. The contract it
// shares with the library (runtime/protocol) is bundled in; its npm dependencies stay imports.
import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: './index.ts', cli: './cli.ts' },
  outDir: 'dist',
  format: 'es',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  tsconfig: 'tsconfig.build.json',
  dts: true,
  clean: true,
  fixedExtension: false,
  deps: { neverBundle: [/^[^./]/] },
  // The current schema's database dump, read at the first start (db/snapshot.ts looks beside the bundle).
  copy: [{ from: 'db/snapshot/*.tar.gz', to: 'dist/snapshot' }],
  // Rolldown's plugin-timing report says only that declarations take time on a loaded machine: off.
  inputOptions: { checks: { pluginTimings: false } },
});
