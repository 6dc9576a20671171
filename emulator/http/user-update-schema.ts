// The request schema of a user update (PATCH /users/me and /users/{id}), in both dialects.
import type { AccessType } from '../../runtime/protocol/headers.ts';
import type { Dialect } from '../core/known-errors.ts';
import { PASSWORD_MAX_LENGTH } from '../domain/password-policy.ts';
import { isBase64 } from '../domain/totp.ts';
import type { ServerUserUpdate } from '../domain/user-update.ts';
import { boolean, json, object, string, type Infer, type Schema } from './schema.ts';

/** Standard base64 or null. The 2.7 backend words a failure `<path> is not valid base64`, the current one "Invalid base64 format". */
export function totpSecretSchema(dialect: Dialect): Schema<string | null | undefined> {
  const base = string().nullable().optional();
  return {
    parse(value, path, errors) {
      const before = errors.length;
      const parsed = base.parse(value, path, errors);
      if (errors.length === before && typeof parsed === 'string' && !isBase64(parsed)) {
        errors.push(dialect === 'stack' ? `${path} is not valid base64` : 'Invalid base64 format');
      }
      return parsed;
    },
  };
}

const profileImageUrl = () => string({ url: true, max: 1_000_000 }).nullable().optional();

function userUpdateSchemas(dialect: Dialect) {
  const clientFields = {
    display_name: string().nullable().optional(),
    profile_image_url: profileImageUrl(),
    client_metadata: json().optional(),
    selected_team_id: string({ uuid: true }).nullable().optional(),
    totp_secret_base64: totpSecretSchema(dialect),
    otp_auth_enabled: boolean().optional(),
    passkey_auth_enabled: boolean().optional(),
  };
  const server = object({
    ...clientFields,
    client_read_only_metadata: json().optional(),
    server_metadata: json().optional(),
    primary_email: string({ email: 'plain' }).nullable().optional(),
    primary_email_verified: boolean().optional(),
    primary_email_auth_enabled: boolean().optional(),
    password: string({ max: PASSWORD_MAX_LENGTH }).nullable().optional(),
    password_hash: string().optional(),
  });
  const client: Schema<ServerUserUpdate> = object(clientFields);
  return { client, server };
}

const UPDATE_SCHEMAS = { stack: userUpdateSchemas('stack'), current: userUpdateSchemas('current') };

/** Both ways assignable with the same keys: the schema validates exactly the fields the domain's update names. */
type SameShape<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;
const _schemaNamesTheUpdateFields: SameShape<Infer<(typeof UPDATE_SCHEMAS)['stack']['server']>, ServerUserUpdate> = true;

/** The body schema of a user update: clients may set only their own fields. */
export function userUpdateSchema(dialect: Dialect, accessType: AccessType | null): Schema<ServerUserUpdate> {
  return accessType === 'client' ? UPDATE_SCHEMAS[dialect].client : UPDATE_SCHEMAS[dialect].server;
}
