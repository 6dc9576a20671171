// Requests of the endpoint table's rows without its schemas: the method and the filled-in path of a call of an
// endpoint named by the generated contract (contract/api.generated.ts), and the query string.
import type { ApiEndpoint, MethodOf, PathOf, PathParams, PathParamsArg } from './endpoint-path.ts';

/** The method and the path template of `endpoint` (the worker's calls: no placeholders, nothing to fill in). */
export function endpointRequest<E extends ApiEndpoint>(endpoint: E): { method: MethodOf<E>; path: PathOf<E> } {
  const space = endpoint.indexOf(' ');
  return { method: endpoint.slice(0, space) as MethodOf<E>, path: endpoint.slice(space + 1) as PathOf<E> };
}

/** The path of a call of `endpoint`: its placeholders filled in, each value percent-encoded into one segment. */
export function endpointPath<E extends ApiEndpoint>(endpoint: E, ...[params]: PathParamsArg<E>): string {
  const { path } = endpointRequest(endpoint);
  return params ? buildEndpointPath<string>(path, params) : path;
}

/** Fills `{param}` placeholders; every value is percent-encoded so it stays one path segment. */
export function buildEndpointPath<P extends string>(template: P, params: Record<PathParams<P>, string>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new TypeError(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

/** Query string of the values that are set (`?a=1&b=2`, or '' when none). */
export function buildQueryString(query: Record<string, string | undefined> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Matches a concrete path against a template; returns the decoded params or null. */
export function matchEndpointPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  // Braces are not regex-special here, so placeholders survive the escaping step.
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([a-z_]+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (match === null) return null;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1] as string)));
  } catch {
    return null; // malformed percent-encoding is no match
  }
  return params;
}
