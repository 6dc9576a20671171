// The plain-data contract (runtime/protocol/contract/*.generated.ts), one of `npm run gen`'s generators, from its one
// source each: the endpoint table (runtime/protocol/endpoints/), the known-error catalogue and package.json. The
// page and the worker may not load zod or the table (their size budgets), so they read these copies.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ENDPOINTS, type EndpointDef, type EndpointName } from '../runtime/protocol/endpoints.ts';
import { KNOWN_ERROR_CATALOGUE } from '../runtime/protocol/errors/catalogue.ts';
import { TOKEN_FIELDS } from '../runtime/protocol/token-fields.ts';
import { generatedHeader } from './gen-header.ts';

const ROOT = new URL('../', import.meta.url);
const CONTRACT_DIR = 'runtime/protocol/contract';

const header = (source: string) => generatedHeader(source, 'Plain data, no zod, so the page and the worker can read it.');

/** True when a response schema names a token field at any depth. */
function namesTokenField(spec: EndpointDef['response'] | undefined): boolean {
  if (spec === undefined || typeof spec === 'string') return false;
  const names = JSON.stringify(z.toJSONSchema(spec, { unrepresentable: 'any', io: 'output' })).match(/"[A-Za-z_]+":/g) ?? [];
  return names.some((name) => TOKEN_FIELDS.has(name.slice(1, -2)));
}

const rows = Object.entries(ENDPOINTS) as [EndpointName, EndpointDef][];
const key = (def: EndpointDef) => `${def.method} ${def.path}`;
/** A value as TypeScript source: single quotes, `, ` between array items (values here hold no quote). */
const literal = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map(literal).join(', ')}]` : JSON.stringify(value).replace(/"/g, "'");

/** `METHOD /path` of the rows `pick` selects; their paths must be plain (the worker compares them exactly). */
function exactKeys(pick: (def: EndpointDef) => boolean | undefined): string[] {
  const selected = rows.filter(([, def]) => pick(def) === true).map(([, def]) => def);
  for (const def of selected) if (def.path.includes('{')) throw new Error(`${key(def)}: a token rule needs a path without parameters`);
  return selected.map(key);
}

/** A regex of plain segments for a template: `{param}` matches one segment of word characters and dashes. */
function plainSegmentsPattern(template: string): string {
  const escaped = template.replace(/[.*+?^$()|[\]\\/]/g, '\\$&').replace(/\{[a-z_]+\}/g, '[\\w-]+');
  return `/^${escaped}$/`;
}

function apiModule(): string {
  return [
    header('the endpoint table (runtime/protocol/endpoints/)'),
    "// One string a row, `METHOD /path`, so a bundle keeps (and its minifier inlines) only the endpoints it calls:",
    "// `import * as api from '.../api.generated.ts'`, then `endpointRequest(api.teamsGet, { team_id })`.",
    "import type { ApiEndpoint } from '../endpoint-path.ts';",
    '',
    ...rows.map(([name, def]) => `export const ${name} = '${key(def)}' satisfies ApiEndpoint;`),
    '',
  ].join('\n');
}

function endpointsModule(): string {
  const contract = rows.map(([name, def]) => {
    const row = {
      name,
      method: def.method,
      path: def.path,
      access: def.access,
      userRequired: def.userRequired === true,
      withoutSession: def.withoutSession === true,
      mintsTokens: def.mintsTokens === true,
      readsRefreshToken: def.readsRefreshToken === true,
      returnsProviderToken: def.returnsProviderToken === true,
      mayCarryTokenFields: namesTokenField(def.response) || namesTokenField(def.serverResponse),
      successStatus: def.successStatus,
    };
    const fields = Object.entries(row).map(([field, value]) => `${field}: ${literal(value)}`);
    return `  ${name}: { ${fields.join(', ')} },`;
  });
  const minting = exactKeys((def) => def.mintsTokens);
  const prefixes = [...new Set(rows.filter(([, def]) => def.mintsTokens || def.readsRefreshToken).map(([, def]) => `/${def.path.split('/')[1]}`))];
  const providerPatterns = rows.filter(([, def]) => def.returnsProviderToken).map(([, def]) => plainSegmentsPattern(def.path));
  return [
    header('the endpoint table (runtime/protocol/endpoints/)'),
    "import type { EndpointContract } from '../endpoint-path.ts';",
    '',
    '/** Every row of the table with its facts: the emulator registers its routes from it; tests and docs read it. */',
    'export const ENDPOINT_CONTRACT = {',
    ...contract,
    '} as const satisfies Record<string, EndpointContract>;',
    '',
    '/** `METHOD /path` of the endpoints that mint tokens: only the session host calls them, never a page. */',
    `export const TOKEN_MINTING: ReadonlySet<string> = new Set(${literal(minting)});`,
    '',
    '/** `METHOD /path` of the endpoints that read `x-stack-refresh-token`: the only requests sent with it. */',
    `export const REFRESH_TOKEN_READERS: ReadonlySet<string> = new Set(${literal(exactKeys((def) => def.readsRefreshToken))});`,
    '',
    "/** Where the token endpoints live: an answer under one of these may carry token fields, a GET's too. */",
    `export const TOKEN_PATH_PREFIXES: readonly string[] = ${literal(prefixes)};`,
    '',
    "/** The endpoints answering with a provider's access token (not a session's), as paths of plain segments. */",
    `export const PROVIDER_TOKEN_PATHS: readonly RegExp[] = [${providerPatterns.join(', ')}];`,
    '',
  ].join('\n');
}

/** The codes of `family` and of every code below it, in catalogue order. */
function familyCodes(family: string): string[] {
  const parentOf = (code: string) => (KNOWN_ERROR_CATALOGUE as Record<string, { parent: string | null }>)[code]?.parent ?? null;
  const inFamily = (code: string): boolean => code === family || (parentOf(code) !== null && inFamily(parentOf(code) as string));
  return Object.keys(KNOWN_ERROR_CATALOGUE).filter(inFamily);
}

function errorsModule(): string {
  return [
    header('the known-error catalogue (runtime/protocol/errors/catalogue.ts)'),
    '/** INVALID_ACCESS_TOKEN and its children: the access token is refreshed and the request sent again. */',
    `export const INVALID_ACCESS_TOKEN_CODES: readonly string[] = ${literal(familyCodes('INVALID_ACCESS_TOKEN'))};`,
    '',
    '/** REFRESH_TOKEN_ERROR and its children: the refresh token is dead and the session ends. */',
    `export const REFRESH_TOKEN_ERROR_CODES: readonly string[] = ${literal(familyCodes('REFRESH_TOKEN_ERROR'))};`,
    '',
  ].join('\n');
}

/** Each code's status and parent, for every bundle: the catalogue itself (texts, zod) stays out of the worker and the page. */
function errorTableModule(): string {
  const rows = Object.entries(KNOWN_ERROR_CATALOGUE as Record<string, { status: number | null; parent: string | null }>);
  return [
    header('the known-error catalogue (runtime/protocol/errors/catalogue.ts)'),
    '/** code -> [HTTP status (null for abstract categories, never sent), parent code]. */',
    'export const KNOWN_ERROR_TABLE = {',
    ...rows.map(([code, row]) => `  ${code}: [${row.status}, ${row.parent === null ? 'null' : `'${row.parent}'`}],`),
    '} as const satisfies Record<string, readonly [number | null, string | null]>;',
    '',
  ].join('\n');
}

function versionModule(): string {
  const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { name: string; version: string };
  return [
    header('package.json'),
    "/** `x-stack-client-version` of every request: the SDK's `js <package>@<version>` form. */",
    `export const CLIENT_VERSION = '${`js ${pkg.name}@${pkg.version}`}';`,
    '',
  ].join('\n');
}

/** Repository path -> text of every generated file. */
export function contractFiles(): Record<string, string> {
  return {
    [`${CONTRACT_DIR}/api.generated.ts`]: apiModule(),
    [`${CONTRACT_DIR}/endpoints.generated.ts`]: endpointsModule(),
    [`${CONTRACT_DIR}/errors.generated.ts`]: errorsModule(),
    [`${CONTRACT_DIR}/error-table.generated.ts`]: errorTableModule(),
    [`${CONTRACT_DIR}/version.generated.ts`]: versionModule(),
  };
}
