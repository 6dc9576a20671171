// The import rules of docs/architecture.md, kept by dependency-cruiser in `npm run lint:imports` (part of
// `npm run check`). Test files and test kits are outside the product and may import anything.
// Names: `*.test.ts` a unit test, `*.integration.test.ts` one that needs a running emulator or server,
// `e2e/*.spec.ts` a browser story; test kits live in `testing/` (the emulator's own in emulator/test-support/).
const TEST = '(\\.test\\.tsx?$|^testing/|/test-support/|/crosscheck/)';
const PRODUCT = '^(runtime|sw|react)/';
// The package's entry sources (build/lib-entries.ts; build/lib-entries.test.ts keeps the two in step) and
// the ready-made worker.
const ENTRIES =
  '^(runtime/client/(index|errors)|react/(index|admin-hooks)|runtime/(server|admin|protocol)/index|sw/(index|worker))\\.tsx?$';
// What starts an emulator: the emulator itself and the kits that wrap it.
const EMULATOR_KITS =
  '^(emulator/(index|app)\\.ts|emulator/test-support/emulator\\.ts|testing/emulator/emulator\\.ts|testing/runtime/(client/emulator-client|admin-integration|server-integration)\\.ts)$';

// What each product folder may import of the others (docs/architecture.md shows the same table, and
// docs/layout.test.ts checks that it does). A folder always may import itself.
const MAY_IMPORT = {
  'runtime/protocol': [],
  'runtime/http': ['runtime/protocol'],
  'runtime/session': ['runtime/protocol', 'runtime/http'],
  'runtime/flows': ['runtime/protocol'],
  'runtime/bridge': [],
  'runtime/qr': [],
  'runtime/host': ['runtime/protocol', 'runtime/http', 'runtime/session', 'runtime/bridge'],
  'runtime/client': ['runtime/protocol', 'runtime/http', 'runtime/session', 'runtime/flows', 'runtime/bridge', 'runtime/host'],
  'runtime/server': ['runtime/protocol', 'runtime/http', 'runtime/session', 'runtime/flows', 'runtime/host'],
  'runtime/admin': ['runtime/protocol', 'runtime/http', 'runtime/session', 'runtime/flows', 'runtime/server'],
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
      name: 'unit-tests-start-no-emulator',
      comment: 'A test that needs a running emulator is an integration test: name it *.integration.test.ts.',
      severity: 'error',
      from: { path: '^(runtime|sw|react|docs|build|scripts)/.*\\.test\\.tsx?$', pathNot: '\\.integration\\.test\\.tsx?$' },
      to: { path: EMULATOR_KITS },
    },
    {
      name: 'emulator-shares-only-the-contract',
      comment: 'authworker-emulator bundles runtime/protocol and nothing else of the library.',
      severity: 'error',
      from: { path: '^emulator/', pathNot: TEST },
      to: { path: '^(runtime/(?!protocol/)|sw/|react/)' },
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
