// What the Svix-compatible service answers: the Svix API's JSON for endpoints, attempts and messages (EndpointOut,
// MessageAttemptOut, MessageOut, ListResponse*), and its error body.
import type { Selectable } from 'kysely';
import type { WebhookAttemptsTable, WebhookEndpointsTable, WebhookMessagesTable } from '../db/schema.ts';

export function svixError(status: number, code: string, detail: string): Response {
  return Response.json({ code, detail }, { status });
}

const iso = (millis: number) => new Date(millis).toISOString();

/** Svix's MessageStatus and its text: the emulator records 0 (success) and 2 (failed). */
const STATUS_TEXT: Record<number, string> = { 0: 'success', 1: 'pending', 2: 'fail', 3: 'sending' };

export function endpointView(row: WebhookEndpointsTable) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    version: 1,
    rateLimit: null,
    uid: null,
    disabled: false,
    filterTypes: null,
    channels: null,
    metadata: {},
    createdAt: iso(row.created_at_millis),
    updatedAt: iso(row.created_at_millis),
  };
}

export function messageView(row: Selectable<WebhookMessagesTable>, withContent: boolean) {
  return {
    channels: null,
    eventId: null,
    eventType: row.event_type,
    id: row.id,
    ...(withContent ? { payload: row.payload } : {}),
    timestamp: iso(row.created_at_millis),
  };
}

/** `msg`: the attempt's message, when the caller asked `with_msg=true`. */
export function attemptView(row: WebhookAttemptsTable, msg?: ReturnType<typeof messageView>) {
  return {
    id: row.id,
    msgId: row.message_id,
    endpointId: row.endpoint_id,
    url: row.url,
    status: row.status,
    statusText: STATUS_TEXT[row.status] ?? 'fail',
    response: row.response,
    responseStatusCode: row.response_status_code,
    timestamp: iso(row.created_at_millis),
    triggerType: 0,
    ...(msg === undefined ? {} : { msg }),
  };
}

/** One page of a Svix list: `iterator` continues after the last item while `done` is false. */
export function listView<T extends { id: string }>(page: T[], more: boolean) {
  return { data: page, done: !more, iterator: more ? (page.at(-1)?.id ?? null) : null, prevIterator: null };
}
