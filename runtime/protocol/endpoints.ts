// The endpoint table: one row per route drives client calls and emulator validation.
import { matchEndpointPath, type EndpointDef } from './endpoint.ts';
import type { AccessType } from './headers.ts';
import { AUTH_ENDPOINTS } from './endpoints/auth.ts';
import { PROJECT_ENDPOINTS } from './endpoints/project.ts';
import { TEAM_ENDPOINTS } from './endpoints/teams.ts';
import { USER_ENDPOINTS } from './endpoints/users.ts';

export * from './endpoint.ts';

export const ENDPOINTS = {
  ...AUTH_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...TEAM_ENDPOINTS,
  ...PROJECT_ENDPOINTS,
} satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof ENDPOINTS;

/**
 * The rows matching a method and concrete path (several when views differ per access type). With
 * `accessType`, only the rows that accept it, plus those without project auth (they ignore the header).
 */
export function findEndpoints(method: string, path: string, accessType?: AccessType): { name: EndpointName; params: Record<string, string> }[] {
  const found: { name: EndpointName; params: Record<string, string> }[] = [];
  for (const [name, def] of Object.entries(ENDPOINTS) as [EndpointName, EndpointDef][]) {
    if (def.method !== method.toUpperCase()) continue;
    if (accessType !== undefined && def.access.length > 0 && !def.access.includes(accessType)) continue;
    const params = matchEndpointPath(def.path, path);
    if (params !== null) found.push({ name, params });
  }
  // Literal segments beat placeholders: `/users/me` must not resolve as `/users/{user_id}` first.
  return found.sort((a, b) => placeholderCount(ENDPOINTS[a.name].path) - placeholderCount(ENDPOINTS[b.name].path));
}

const placeholderCount = (template: string): number => (template.match(/\{/g) ?? []).length;
