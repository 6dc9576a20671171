// Shared wire field types: `_millis` timestamps, JSON metadata, ids, `{success:true}` bodies.
import * as z from 'zod/mini';
import { useEnglishZodMessages } from '../zod-messages.ts';

// Every entity schema imports this module: their parse errors read in English, as when they were classic zod.
useEnglishZodMessages();

/** Milliseconds since the epoch (integers with the `_millis` suffix). */
export const millisSchema = z.number();

/** Arbitrary JSON (metadata fields); `null` is a value, absence reads as null. */
export const jsonMetadataSchema = z._default(z.unknown(), null);

export const idSchema = z.string();

export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.output<typeof successResponseSchema>;

/** `{is_code_valid: true}` of the `…/check-code` endpoints. */
export const codeCheckResponseSchema = z.object({ is_code_valid: z.boolean() });

export function millisToDate(millis: number): Date {
  return new Date(millis);
}

export function dateToMillis(date: Date): number {
  return date.getTime();
}

/** Request bodies must not carry unknown keys; `undefined` ones are dropped like JSON.stringify would. */
export function dropUndefined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}
