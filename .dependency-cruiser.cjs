// The import rules of ARCHITECTURE.md, kept by dependency-cruiser in `npm run lint:imports` (part of
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
      name: 'qr-stands-alone',
      comment: 'runtime/qr encodes and draws QR codes from a string: it needs nothing else of the library, and any UI may use it.',
      severity: 'error',
      from: { path: '^runtime/qr/', pathNot: TEST },
      to: { path: '^(runtime/(?!qr/)|sw/|react/|node_modules/)' },
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
