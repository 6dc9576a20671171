// The Svix API v1 subset the admin layer reads with the token of POST /webhooks/svix-token
// (the admin app's webhook calls): endpoints, message attempts, messages, list pages and error bodies. Svix's JSON is camelCase already;
// timestamps become Dates (as the svix SDK makes them), unknown keys are stripped.
import * as z from 'zod/mini';
import { useEnglishZodMessages } from '../zod-messages.ts';

// The Svix client shows these schemas' errors (prettifyError): in English, as when they were classic zod.
useEnglishZodMessages();

const timestamp = z.pipe(z.iso.datetime({ offset: true }), z.transform((value) => new Date(value)));
/** A field Svix sends as null or leaves out: read as null either way. */
const orNull = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.nullish(schema), z.transform((value: z.output<T> | null | undefined) => value ?? null));

/** Svix's MessageStatus: what became of one delivery attempt (or of a message at an endpoint). */
export const SVIX_MESSAGE_STATUS = { 0: 'success', 1: 'pending', 2: 'fail', 3: 'sending' } as const;

export const svixEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z._default(z.string(), ''),
  version: z.optional(z.number()),
  disabled: z._default(z.boolean(), false),
  rateLimit: orNull(z.number()),
  uid: orNull(z.string()),
  filterTypes: orNull(z.array(z.string())),
  channels: orNull(z.array(z.string())),
  metadata: z._default(z.record(z.string(), z.string()), {}),
  createdAt: timestamp,
  updatedAt: timestamp,
});
/** Svix's EndpointOut. */
export type SvixEndpoint = z.output<typeof svixEndpointSchema>;

export const svixEndpointSecretSchema = z.object({ key: z.string() });

export const svixMessageSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  eventId: orNull(z.string()),
  channels: orNull(z.array(z.string())),
  timestamp,
  /** The event as delivered (`{type, data}` for Stack's events); absent when asked without content. */
  payload: z.optional(z.unknown()),
});
/** Svix's MessageOut. */
export type SvixMessage = z.output<typeof svixMessageSchema>;

export const svixMessageAttemptSchema = z.object({
  id: z.string(),
  msgId: z.string(),
  endpointId: z.string(),
  url: z.string(),
  /** See SVIX_MESSAGE_STATUS. */
  status: z.number().check(z.int()),
  statusText: z.optional(z.string()),
  /** The endpoint's answer (Svix keeps its start), or why there was none. */
  response: z.string(),
  /** 0 when the endpoint gave no answer (refused, timed out). */
  responseStatusCode: z.number().check(z.int()),
  responseDurationMs: z.optional(z.number()),
  timestamp,
  triggerType: z.number().check(z.int()),
  /** The message, when the list was asked `withMsg`. */
  msg: orNull(svixMessageSchema),
});
/** Svix's MessageAttemptOut. */
export type SvixMessageAttempt = z.output<typeof svixMessageAttemptSchema>;

/** One page of a Svix list (ListResponse…Out): `iterator` asks for the next page while `done` is false. */
export function svixListSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: z.array(item), done: z.boolean(), iterator: orNull(z.string()), prevIterator: orNull(z.string()) });
}
export interface SvixList<T> {
  data: T[];
  done: boolean;
  iterator: string | null;
  prevIterator: string | null;
}

/** Svix's error body: `{code, detail}`, or a validation error's `{detail: [{loc, msg}]}`. */
export const svixErrorBodySchema = z.object({
  code: z.optional(z.string()),
  detail: z.optional(z.union([z.string(), z.array(z.object({ loc: z._default(z.array(z.union([z.string(), z.number()])), []), msg: z.string() }))])),
});
