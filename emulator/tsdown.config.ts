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
});
