// The import rules of ARCHITECTURE.md, kept by dependency-cruiser in `npm run lint:imports` (part of
// `npm run check`). Test files and test kits are outside the product and may import anything.
const TEST = '(\\.test\\.tsx?$|\\.integration\\.test\\.tsx?$|/test-support/|test-support\\.ts$|test-fakes\\.ts$|\\.test-data\\.ts$|/crosscheck/)';
const PRODUCT = '^(runtime|sw|react)/';

// The emulator's layers, bottom-up: each imports only the layers listed with it (and runtime/protocol, the shared
// contract, and npm packages). auth/, mail/ and webhooks/ are peers above db/; routes/ and pages/ are peers above http/.
// Test files are outside the order, and so are conformance/ (a test suite) and load/ (a tool on the public entry).
const EMULATOR_LAYERS = [
  { layer: 'core/', may: [] },
  { layer: 'db/', may: ['core/'] },
  { layer: 'auth/', may: ['core/', 'db/'] },
  { layer: 'mail/', may: ['core/', 'db/'] },
  { layer: 'webhooks/', may: ['core/', 'db/'] },
  { layer: 'domain/', may: ['core/', 'db/', 'auth/', 'mail/', 'webhooks/'] },
  { layer: 'http/', may: ['core/', 'db/', 'auth/', 'mail/', 'webhooks/', 'domain/'] },
  { layer: 'routes/', may: ['core/', 'db/', 'auth/', 'mail/', 'webhooks/', 'domain/', 'http/'] },
  { layer: 'pages/', may: ['core/', 'db/', 'auth/', 'mail/', 'webhooks/', 'domain/', 'http/'] },
  { layer: 'app\\.ts$', may: ['core/', 'db/', 'auth/', 'mail/', 'webhooks/', 'domain/', 'http/', 'routes/', 'pages/'] },
  { layer: 'index\\.ts$', may: ['core/', 'db/', 'auth/', 'mail/', 'webhooks/', 'domain/', 'http/', 'routes/', 'pages/', 'app\\.ts$'] },
  { layer: 'cli\\.ts$', may: ['core/', 'db/', 'auth/', 'mail/', 'webhooks/', 'domain/', 'http/', 'routes/', 'pages/', 'app\\.ts$', 'index\\.ts$'] },
  { layer: 'load/', may: ['index\\.ts$'] },
];
const EMULATOR_OUTSIDE_THE_ORDER = `(${TEST}|^emulator/conformance/)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'protocol-knows-no-transport',
      comment: 'runtime/protocol is the wire contract: it imports no pipeline, session, host, page, worker or React code.',
      severity: 'error',
      from: { path: '^runtime/protocol/', pathNot: TEST },
      to: { path: '^(runtime/(http|session|host|client|server|admin|flows|bridge)|sw|react)/' },
    },
    {
      name: 'core-never-imports-react',
      comment: 'runtime/ runs in a page, a worker and Node without React; react/ adapts it.',
      severity: 'error',
      from: { path: '^runtime/', pathNot: TEST },
      to: { path: '^(react/|node_modules/(react|react-dom)/)' },
    },
    {
      name: 'worker-never-imports-page-side',
      comment: 'sw/ and the session host run in the worker: no page client, no React.',
      severity: 'error',
      from: { path: '^(sw|runtime/host)/', pathNot: TEST },
      to: { path: '^(runtime/client|react)/' },
    },
    {
      name: 'product-never-imports-tools-or-tests',
      comment: 'The package ships runtime/, sw/ and react/ only: they never reach the emulator, the demo, e2e, bench or a test kit.',
      severity: 'error',
      from: { path: PRODUCT, pathNot: TEST },
      to: { path: `(^(emulator|demo|e2e|bench|testing|scripts)/|${TEST})` },
    },
    {
      name: 'emulator-shares-only-the-contract',
      comment: 'authworker-emulator bundles runtime/protocol and nothing else of the library.',
      severity: 'error',
      from: { path: '^emulator/', pathNot: TEST },
      to: { path: '^(runtime/(?!protocol/)|sw/|react/)' },
    },
    ...EMULATOR_LAYERS.map(({ layer, may }) => ({
      name: `emulator-${layer.replace(/\W.*$/, '')}-imports-only-layers-below`,
      comment: `emulator/${layer.replace(/\\|\$$/g, '')} may import only ${may.length === 0 ? 'itself' : `itself and ${may.map((m) => m.replace(/\\|\$$/g, '')).join(', ')}`} of the emulator (the layer order of emulator/README.md).`,
      severity: 'error',
      from: { path: `^emulator/${layer}`, pathNot: EMULATOR_OUTSIDE_THE_ORDER },
      to: { path: '^emulator/', pathNot: `^emulator/(${[layer, ...may].join('|')})` },
    })),
    {
      name: 'emulator-files-belong-to-a-layer',
      comment: 'Every emulator file that imports the emulator sits in one of the layers above (or is a test, conformance/ or load/).',
      severity: 'error',
      from: { path: '^emulator/', pathNot: `(^emulator/(${EMULATOR_LAYERS.map((l) => l.layer).join('|')})|${EMULATOR_OUTSIDE_THE_ORDER})` },
      to: { path: '^emulator/' },
    },
    {
      name: 'emulator-never-imports-test-kits',
      comment: 'The emulator package never reaches its tests or test kits (testing/emulator, *.test.ts), so the tarball and the bundle hold none.',
      severity: 'error',
      from: { path: '^emulator/', pathNot: EMULATOR_OUTSIDE_THE_ORDER },
      to: { path: `(^testing/|^e2e/|^bench/|${TEST})` },
    },
    {
      name: 'server-and-admin-run-on-edge-runtimes',
      comment: 'The server and admin apps (and all they reach) use web-standard APIs only: no Node built-in.',
      severity: 'error',
      from: { path: '^runtime/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-circular',
      comment: 'Import circles (issue 20 lists the ones still open).',
      severity: 'warn',
      from: { path: '^(runtime|sw|react|emulator)/', pathNot: TEST },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
