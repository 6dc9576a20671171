// The shape of one known-error catalogue row, and the small builders the catalogue is written with.
import * as z from 'zod/mini';

export type ErrorDetails = Record<string, unknown>;
export type DetailsSchema = z.ZodMiniObject<z.core.$ZodShape>;

/** Differences of the current (2.8) dialect. */
export interface CurrentDialectRow {
  /** Superset of the 2.7 fields that the 2.8 service sends. */
  readonly details?: DetailsSchema;
  /** Values filled in when the caller did not give them (the 2.8 client dereferences them). */
  readonly defaults?: ErrorDetails;
  /** Parent in the 2.8 client registry, when it differs from the 2.7 backend's. */
  readonly parent?: string;
  message?(details: ErrorDetails): string;
}

export interface KnownErrorRow {
  /** HTTP status; null for abstract categories, which are never sent. */
  readonly status: number | null;
  readonly parent: string | null;
  /** The 2.7 backend's details fields; every field optional because details may be missing on the wire. */
  readonly details?: DetailsSchema;
  /** The 2.7 backend sends no `details` even though the text depends on arguments. */
  readonly stackOmitsDetails?: boolean;
  /** The official SDK's constructor takes the details object itself (a passthrough object), not its fields. */
  readonly detailsArgument?: true;
  /** Added by the 2.8 service. */
  readonly since?: '2.8';
  readonly current?: CurrentDialectRow;
  // Method syntax on purpose: each row narrows the details type (bivariant parameter).
  message(details: ErrorDetails): string;
}

/** Abstract category: classifies children, never sent. */
export function category(parent: string | null, extra: Partial<KnownErrorRow> = {}): KnownErrorRow {
  return { status: null, parent, message: () => '', ...extra };
}

/** A code with a fixed text and no details. */
export function fixed(
  status: number,
  parent: string | null,
  text: string,
  extra: Partial<KnownErrorRow> = {},
): KnownErrorRow {
  return { status, parent, message: () => text, ...extra };
}

/** A code whose text is built from (optional) details fields. */
export function withDetails<S extends z.core.$ZodShape>(
  status: number,
  parent: string | null,
  shape: S,
  message: (details: Partial<z.output<z.ZodMiniObject<S>>>) => string,
  extra: Partial<KnownErrorRow> = {},
): KnownErrorRow {
  return {
    status,
    parent,
    details: z.partial(z.object(shape)) as unknown as DetailsSchema,
    message: message as (details: ErrorDetails) => string,
    ...extra,
  };
}

/** Shape helpers kept short so the catalogue reads like the table it copies. */
export const str = z.string();
export const num = z.number();
export const bool = z.boolean();
export const nullableStr = z.nullable(z.string());
export const nullableNum = z.nullable(z.number());

/** Keeps each details field that matches its schema, drops the rest: never throws. */
export function parseDetailsLeniently(schema: DetailsSchema | undefined, raw: unknown): ErrorDetails {
  if (schema === undefined || typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const source = raw as ErrorDetails;
  const out: ErrorDetails = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    if (!(key in source)) continue;
    const parsed = z.safeParse(field, source[key]);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out;
}

/** Text placeholder for a details value the wire did not carry. */
export function show(value: unknown): string {
  return value === undefined ? '(unknown)' : String(value);
}

/** JSON-quoted like the official client's `JSON.stringify(id)` texts. */
export function quoted(value: unknown): string {
  return value === undefined ? '"(unknown)"' : JSON.stringify(value) ?? '"(unknown)"';
}

export function expiredAtSuffix(millis: unknown): string {
  // Dates beyond ±8.64e15 ms make toISOString throw; such a value carries no information anyway.
  return typeof millis === 'number' && Math.abs(millis) <= 8.64e15
    ? ` (The access token expired at ${new Date(millis).toISOString()}.)`
    : '';
}
