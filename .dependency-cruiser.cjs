// The import rules of ARCHITECTURE.md, kept by dependency-cruiser in `npm run lint:imports` (part of
// `npm run check`). Test files and test kits are outside the product and may import anything.
const TEST = '(\\.test\\.tsx?$|\\.integration\\.test\\.tsx?$|/test-support/|test-support\\.ts$|test-fakes\\.ts$|\\.test-data\\.ts$|/crosscheck/)';
const PRODUCT = '^(runtime|sw|react)/';

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
