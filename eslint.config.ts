import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { ENDPOINT_CONTRACT } from './runtime/protocol/contract/endpoints.generated.ts';

// A string that starts like a path of the API: `/api/v1` alone, or (after it or not) the first segment of a row of the
// endpoint table, read from the generated contract so a new resource needs no edit here. Svix's `/api/v1/app/` is not ours.
const apiRoots = [...new Set(Object.values(ENDPOINT_CONTRACT).map((row) => row.path.split('/')[1]))].sort();
const API_PATH = `^(\\/api\\/v1)?\\/(${apiRoots.join('|')})(\\/|\\?|$)|^\\/api\\/v1$`;
const API_PATH_MESSAGE = 'API paths live in the endpoint table only (runtime/protocol/endpoints/): name the endpoint from the generated contract (runtime/protocol/contract/api.generated.ts) and build its path with runtime/protocol/endpoint-request.ts.';

const nodeGlobals = { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Headers: 'readonly', fetch: 'readonly', AbortSignal: 'readonly' } as const;

export default tseslint.config(
  { ignores: ['node_modules', '**/dist', 'test-results*', 'test-results', 'playwright-report', '.cache', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The emulator's queries live in domain/ and the layers below it; request handling (http/, routes/, pages/, the
    // entry files) calls domain functions. dependency-cruiser keeps the import order; this keeps the queries.
    files: ['emulator/{http,routes,pages}/**/*.ts', 'emulator/{app,index,cli}.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction|connection)$/]',
          message: 'Queries belong in emulator/domain/ (or db/, auth/, webhooks/): call a domain function from here.',
        },
      ],
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', importNames: ['sql'], message: 'Raw SQL belongs in emulator/domain/ or below.' }] }],
    },
  },
  {
    files: ['{runtime,sw,react}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
            name,
            message: "Product code uses `import * as z from 'zod/mini'`: classic zod puts ~60 KB and per-schema method closures on the page's start-up path.",
          })),
        },
      ],
    },
  },
  {
    // One source per wire fact: the library names endpoints from the generated contract, never by a path literal.
    files: ['{runtime,sw,react}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'runtime/protocol/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/${API_PATH}/]`, message: API_PATH_MESSAGE },
        { selector: `TemplateElement[value.raw=/${API_PATH}/]`, message: API_PATH_MESSAGE },
      ],
    },
  },
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: nodeGlobals } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, module: 'writable', require: 'readonly' } } },
);
