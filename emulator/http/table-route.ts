// A route of the endpoint table: its method, path and access types come from the generated contract (one source
// for the page, the worker and the emulator); its request schemas and handler stay the emulator's own.
import type { Context, Handler } from 'hono';
import type { EndpointContract } from '../../runtime/protocol/endpoint-path.ts';
import { ENDPOINT_CONTRACT } from '../../runtime/protocol/contract/endpoints.generated.ts';
import type { AppEnv } from './env.ts';
import { endpoint, publicEndpoint, type EndpointInput, type EndpointSpec } from './endpoint.ts';

export type TableEndpointName = keyof typeof ENDPOINT_CONTRACT;

/** A table path in Hono's form: `/teams/{team_id}` -> `/teams/:team_id`. */
const honoPath = (path: string): string => path.replace(/\{([a-z_]+)\}/g, ':$1');

/**
 * `[method, path, handler]` for `new Hono().on(...tableRoute(...))`. Several names: rows of one method and path
 * (the table has one row per overload, e.g. `projectsCurrent` and `projectsCurrentAdmin`); their access types join.
 */
export function tableRoute<B = unknown, Q = Record<string, string>, P = Record<string, string>>(
  names: TableEndpointName | readonly [TableEndpointName, ...TableEndpointName[]],
  spec: Omit<EndpointSpec<B, Q, P>, 'access'>,
  handler: (c: Context<AppEnv>, input: EndpointInput<B, Q, P>) => Promise<Response> | Response,
): [method: string, path: string, handler: Handler<AppEnv>] {
  const list: readonly TableEndpointName[] = typeof names === 'string' ? [names] : names;
  const rows: EndpointContract[] = list.map((name) => ENDPOINT_CONTRACT[name]);
  const first: EndpointContract = ENDPOINT_CONTRACT[list[0] ?? 'passwordSignUp'];
  if (rows.some((row) => row.method !== first.method || row.path !== first.path)) throw new Error(`tableRoute: ${rows.map((r) => r.name).join(', ')} differ in method or path`);
  const access = [...new Set(rows.flatMap((row) => row.access))];
  if (access.length === 0) throw new Error(`tableRoute: ${first.name} takes no project auth; register it with publicTableRoute`);
  return [first.method, honoPath(first.path), endpoint({ ...spec, access }, handler)];
}

/** `[method, path, handler]` of a table row without project authentication (the JWKS, the OAuth redirects). */
export function publicTableRoute<B = unknown, Q = Record<string, string>>(
  name: TableEndpointName,
  ...rest: Parameters<typeof publicEndpoint<B, Q>>
): [method: string, path: string, handler: Handler<AppEnv>] {
  const row = ENDPOINT_CONTRACT[name];
  if (row.access.length > 0) throw new Error(`publicTableRoute: ${name} takes project auth; register it with tableRoute`);
  return [row.method, honoPath(row.path), publicEndpoint(...rest)];
}
