// The `authworker` package as users install it: ES modules with declarations and source maps in
// dist/lib, the ready-made worker as one classic script, dist/sw.js, and the Vite plugin's app shell,
// dist/app-shell.js.
import { defineConfig, type UserConfig } from 'tsdown';
import { entriesFor } from './build/lib-entries.ts';

/**
 * The dependencies built into our chunks: Radix's primitives and their own dependencies, and workbox-window (its ES
 * build is one self-contained module of ~7 KB; installed, it brings workbox-core and 950 KB of builds). See package.json.
 */
const BUNDLED = /^(workbox-window$|@radix-ui\/|@floating-ui\/|aria-hidden$|react-remove-scroll|react-style-singleton$|use-callback-ref$|use-sidecar$|get-nonce$|detect-node-es$|tslib$)/;
const NOT_BUNDLED = new RegExp(`^(?!${BUNDLED.source.slice(1)})[^./]`);

const library = {
  outDir: 'dist/lib',
  format: 'es',
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  // Bare imports stay imports (the package's dependencies and peers); our own sources are bundled, and so are the
  // headless UI primitives the lazy components use (Radix and what it imports): an app installs only the parts we
  // use, in our component chunks, not 50 packages of 4 module formats each (2.4 MB of node_modules).
  deps: { neverBundle: [NOT_BUNDLED], alwaysBundle: [BUNDLED], onlyBundle: [BUNDLED] },
  // Some of those name their ES build in `module` only, which the neutral platform does not read by itself.
  // Rolldown's plugin-timing report says only that resolving dependencies takes time on a loaded machine: off.
  inputOptions: { resolve: { mainFields: ['module', 'main'] }, checks: { pluginTimings: false } },
  // Editors read the JSDoc in the declarations; in the .js files it only weighed on every install (~85 KB).
  // The maps name the TypeScript files and lines without copying them (sourcesContent was 1.07 of the package's
  // 2.6 MB): the .js beside them is unminified and readable in a debugger.
  outputOptions: { comments: { jsdoc: false, annotation: true, legal: true }, sourcemapExcludeSources: true },
} satisfies UserConfig;

/** Worker code with every dependency inlined, minified, into dist/. */
const inlined = {
  outDir: 'dist',
  platform: 'browser',
  target: 'es2022',
  // No map: with every dependency's sources in it, it would be a quarter of the install.
  sourcemap: false,
  minify: true,
  clean: false,
  dts: false,
  // Everything is inlined on purpose: no list of what may be.
  deps: { alwaysBundle: [/.*/], onlyBundle: false },
  inputOptions: { checks: { pluginTimings: false } },
} satisfies UserConfig;

export default defineConfig([
  { ...library, entry: entriesFor('dom'), tsconfig: 'tsconfig.dom.json', dts: true, clean: ['dist/lib', 'dist/sw.js', 'dist/app-shell.js'] },
  // The worker library (installAuthWorker) needs the WebWorker types: a build of its own.
  // It bundles no dependency at all.
  { ...library, entry: entriesFor('worker'), tsconfig: 'tsconfig.sw.json', dts: true, clean: false, deps: { neverBundle: [NOT_BUNDLED], onlyBundle: [] } },
  // The ready-made worker: one classic script to serve as /sw.js.
  // Its configuration comes from its URL, which any page script could pick: it never carries the devtools.
  { ...inlined, entry: { sw: './sw/worker.ts' }, format: 'iife', define: { __AUTHWORKER_DEVTOOLS__: 'false' }, outputOptions: { entryFileNames: 'sw.js' } },
  // The Vite plugin's app shell (sw/app-shell.ts, build/app-shell.mjs) with Workbox inlined: an app installs none.
  // Workbox leaves out its development logging.
  { ...inlined, entry: { 'app-shell': './sw/app-shell.ts' }, format: 'es', define: { 'process.env.NODE_ENV': '"production"' }, outputOptions: { entryFileNames: 'app-shell.js' } },
]);
