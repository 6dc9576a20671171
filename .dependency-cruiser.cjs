// The import rules of docs/architecture.md, kept by dependency-cruiser in `npm run lint:imports` (part of
// `npm run check`). Test files and test kits are outside the product and may import anything.
// Names: `*.test.ts` a unit test, `*.integration.test.ts` one that needs a running emulator or server,
// `e2e/*.spec.ts` a browser story; test kits live in `testing/` (the emulator's in testing/emulator/).
const TEST = '(\\.test\\.tsx?$|^testing/|/crosscheck/)';
const PRODUCT = '^(runtime|sw|react)/';
// The package's entry sources (build/lib-entries.ts; build/lib-entries.test.ts keeps the two in step), the
// ready-made worker and the Vite plugin's app shell.
const ENTRIES =
  '^(runtime/client/(index|errors)|react/(index|admin-hooks)|runtime/(server|admin|protocol)/index|sw/(index|worker|app-shell))\\.tsx?$';
// What starts an emulator: the emulator itself and the kits that wrap it.
const EMULATOR_KITS =
  '^(emulator/(index|app)\\.ts|testing/emulator/(emulator|conformance-emulator)\\.ts|testing/runtime/(client/emulator-client|admin-integration|server-integration)\\.ts)$';

// What each product folder may import of the others (docs/architecture.md shows the same table, and
// docs/layout.test.ts checks that it does). A folder always may import itself.
const MAY_IMPORT = {
  'runtime/protocol': [],
  'runtime/notify': [],
  'runtime/http': ['runtime/protocol'],
  'runtime/session': ['runtime/protocol', 'runtime/http', 'runtime/notify'],
  'runtime/flows': ['runtime/protocol'],
  'runtime/bridge': [],
  'runtime/qr': [],
  'runtime/host': ['runtime/protocol', 'runtime/http', 'runtime/session', 'runtime/bridge', 'runtime/notify'],
  'runtime/client': ['runtime/protocol', 'runtime/http', 'runtime/session', 'runtime/flows', 'runtime/bridge', 'runtime/host', 'runtime/notify'],
  'runtime/server': ['runtime/protocol', 'runtime/http', 'runtime/session', 'runtime/flows'],
  'runtime/admin': ['runtime/protocol', 'runtime/http', 'runtime/session', 'runtime/flows', 'runtime/server', 'runtime/notify'],
  sw: ['runtime/protocol', 'runtime/http', 'runtime/session', 'runtime/bridge', 'runtime/host'],
  react: ['runtime/protocol', 'runtime/http', 'runtime/flows', 'runtime/bridge', 'runtime/client', 'runtime/admin', 'runtime/qr'],
};
const layerRules = Object.entries(MAY_IMPORT).map(([folder, allowed]) => ({
  name: `imports-of-${folder.replace('/', '-')}`,
  comment: `${folder} may import ${allowed.length ? allowed.join(', ') : 'no other folder of the library'}.`,
  severity: 'error',
  from: { path: `^${folder}/`, pathNot: TEST },
  to: { path: PRODUCT, pathNot: [folder, ...allowed].map((f) => `^${f}/`) },
}));

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
    // Protocol knows no transport; the worker and the host never import the page side; and the rest of the table.
    ...layerRules,
    {
      name: 'core-never-imports-react',
      comment: 'runtime/ runs in a page, a worker and Node without React; react/ adapts it.',
      severity: 'error',
      from: { path: '^runtime/', pathNot: TEST },
      to: { path: '^(react/|node_modules/(react|react-dom)/)' },
    },
    {
      name: 'qr-needs-no-package',
      comment: 'runtime/qr encodes and draws QR codes from a string with no dependency, so any UI may use it.',
      severity: 'error',
      from: { path: '^runtime/qr/', pathNot: TEST },
      to: { path: '^node_modules/' },
    },
    {
      name: 'product-never-imports-tools-or-tests',
      comment: 'The package ships runtime/, sw/ and react/ only: they never reach the emulator, the demo, e2e, bench or a test kit.',
      severity: 'error',
      from: { path: PRODUCT, pathNot: TEST },
      to: { path: `(^(emulator|demo|e2e|bench|scripts)/|${TEST})`, pathNot: '^testing/' },
    },
    {
      name: 'product-never-imports-testing',
      comment: 'testing/ holds the test kits (fakes, fixtures, emulator wiring): no product code (runtime, sw, react, emulator, demo) imports it.',
      severity: 'error',
      from: { path: '^(runtime|sw|react|emulator|demo)/', pathNot: TEST },
      to: { path: '^testing/' },
    },
    {
      name: 'demo-uses-the-package',
      comment:
        "The demo and the repository's Vite config that builds it use the package's folders: of the emulator only the seed projects' keys (emulator/core/seed-projects.ts, plain data the emulator's entry exports), never its internals, a test kit or a tool.",
      severity: 'error',
      from: { path: '^(demo/|vite\\.config\\.ts$)', pathNot: TEST },
      to: { path: '^(emulator|testing|e2e|bench|scripts)/', pathNot: '^emulator/core/seed-projects\\.ts$' },
    },
    {
      name: 'unit-tests-start-no-emulator',
      comment: 'A test that needs a running emulator is an integration test: name it *.integration.test.ts.',
      severity: 'error',
      from: { path: '^(runtime|sw|react|docs|build|scripts)/.*\\.test\\.tsx?$', pathNot: '\\.integration\\.test\\.tsx?$' },
      to: { path: EMULATOR_KITS },
    },
    {
      name: 'servers-never-reach-the-session-host',
      comment: 'The server and admin apps read a forwarded session through the contract (runtime/protocol/forwarded-session.ts): the session host and the page client are the browser side.',
      severity: 'error',
      from: { path: '^runtime/(server|admin)/', pathNot: TEST },
      to: { path: '^runtime/(host|client)/' },
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
      comment:
        'The emulator package never reaches its tests or test kits (testing/emulator, *.test.ts), so the tarball and the bundle hold none. Only test files are exempt: a helper of conformance/ or load/ is emulator code too.',
      severity: 'error',
      from: { path: '^emulator/', pathNot: TEST },
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
      name: 'product-reachable-from-an-entry',
      comment: 'A module of runtime/, sw/ or react/ that no package entry reaches is dead code, or a test kit that belongs in testing/.',
      severity: 'error',
      from: { path: ENTRIES },
      to: { path: PRODUCT, pathNot: [TEST, ENTRIES], reachable: false },
    },
    {
      name: 'no-circular',
      comment:
        'No import circles. The one exception: a server user and its teams refer to each other, as the SDK\'s object shapes do (runtime/server/server-user.ts <-> server-team.ts).',
      severity: 'error',
      from: { path: '^(runtime|sw|react|emulator)/', pathNot: [TEST, '^runtime/server/server-(user|team)\\.ts$'] },
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
