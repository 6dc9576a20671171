// Valid sample requests built from the endpoint table's zod schemas, shared by the conformance
// test and the bad-input sweep.
import type { AnySchema } from '../../runtime/protocol/endpoints.ts';

export type { AnySchema };

export const UUID = '5f0c6d2e-9a41-4c3b-8e27-1d6a0b9f3c58';

/** The parts of a zod schema's definition this test reads. */
export interface ZodDef {
  type: string;
  shape?: Record<string, AnySchema>;
  catchall?: AnySchema;
  innerType?: AnySchema;
  element?: AnySchema;
  options?: AnySchema[];
  values?: unknown[];
  entries?: Record<string, string>;
  checks?: { _zod: { def: { check: string; length?: number } } }[];
}
export const defOf = (schema: AnySchema): ZodDef => schema._zod.def as unknown as ZodDef;

/** Realistic strings by field name, so a key is judged on its name and type, not on a made-up value. */
export function sampleString(key: string, schema: AnySchema): string {
  const exact = defOf(schema).checks?.find((c) => c._zod.def.check === 'length_equals')?._zod.def.length;
  if (exact !== undefined) return 'a'.repeat(exact);
  if (/email$/.test(key) || key === 'value') return 'conformance@example.com';
  if (/password/.test(key)) return 'hunter2-password';
  if (/(_url|_uri)$/.test(key) || key === 'domain') return 'http://localhost:3000/handler/callback';
  if (key === 'handler_path') return '/handler';
  if (key === 'host') return 'smtp.example.com';
  if (key === 'id' || key === 'permission_id') return 'conformance_permission';
  if (key.endsWith('_id') || key === 'cursor') return UUID;
  if (key === 'totp') return '123456';
  if (key === 'limit') return '10';
  if (key === 'clientVersion') return '2.7.16';
  if (key === 'totp_secret_base64') return 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=';
  return 'conformance';
}

/** A valid value for `schema`, optional fields included. */
export function sample(schema: AnySchema, key: string): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return sample(def.innerType as AnySchema, key);
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'string':
      return sampleString(key, schema);
    case 'number':
      return key === 'port' ? 587 : 60_000;
    case 'boolean':
      return false;
    case 'array':
      return [sample(def.element as AnySchema, key)];
    case 'union':
      return sample((def.options as AnySchema[])[0] as AnySchema, key);
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, s]) => [k, sample(s, k)]));
    default:
      return {}; // unknown, record: any JSON
  }
}

/** `variant` with only the keys the table requires. */
export function sampleRequired(variant: AnySchema): Record<string, unknown> {
  const shape = Object.entries(defOf(variant).shape ?? {}).filter(([, s]) => defOf(s).type !== 'optional');
  return Object.fromEntries(shape.map(([k, s]) => [k, sample(s, k)]));
}

/** The strict objects a body/query schema accepts (one per union branch); [] when it takes any keys. */
export function strictVariants(schema: AnySchema | undefined): AnySchema[] {
  if (schema === undefined) return [];
  const def = defOf(schema);
  if (def.type === 'optional') return strictVariants(def.innerType);
  if (def.type === 'union') return (def.options ?? []).flatMap(strictVariants);
  if (def.type === 'object' && def.catchall !== undefined && defOf(def.catchall).type === 'never') return [schema];
  return [];
}

const PATH_PARAMS: Record<string, string> = { provider_id: 'github', type: 'email_verification', permission_id: 'conformance_permission' };
export const fillPath = (template: string): string => template.replace(/\{([a-z_]+)\}/g, (_m, name: string) => PATH_PARAMS[name] ?? UUID);

