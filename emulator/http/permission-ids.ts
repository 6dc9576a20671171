// Permission id fields with the backend's yup wording (custom messages are printed without the path).
import type { Schema } from './schema.ts';
import { string } from './schema.ts';
import { isSystemPermission } from '../domain/permissions.ts';

const TEAM_PERMISSION_ID = /^\$?[a-z0-9_:]+$/;
const CUSTOM_PERMISSION_ID = /^[a-z0-9_:]+$/;

function matching(check: (value: string) => string | null): Schema<string> {
  const base = string();
  return {
    parse(value, path, errors) {
      const before = errors.length;
      const parsed = base.parse(value, path, errors);
      if (errors.length === before && typeof parsed === 'string') {
        const message = check(parsed);
        if (message !== null) errors.push(message);
      }
      return parsed;
    },
  };
}

/** A system permission (`$…`) or a custom id. */
export const teamPermissionId = (): Schema<string> =>
  matching((v) => {
    if (!TEAM_PERMISSION_ID.test(v)) return 'Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed';
    if (v.startsWith('$') && !isSystemPermission(v)) return 'Invalid system permission';
    return null;
  });

/** Ids of custom definitions. */
export const customPermissionId = (): Schema<string> =>
  matching((v) => (CUSTOM_PERMISSION_ID.test(v) ? null : 'Only lowercase letters, numbers, ":", "_" are allowed'));
