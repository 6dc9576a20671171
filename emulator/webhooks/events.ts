// Webhook events: recorded as Svix messages once the change they describe is stored, then
// handed to the delivery of the emulator that owns the database.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type WebhookEventType =
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'team.created'
  | 'team.updated'
  | 'team.deleted'
  | 'team_membership.created'
  | 'team_membership.deleted';

export interface WebhookMessage {
  id: string;
  projectId: string;
  eventType: WebhookEventType;
  payload: { type: WebhookEventType; data: unknown };
  createdAtMillis: number;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Svix-style id: `<prefix>_` + 27 alphanumerics (the length of a KSUID). */
export function svixId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(27));
  return `${prefix}_${[...bytes].map((b) => BASE62[b % 62]).join('')}`;
}

type Listener = (message: WebhookMessage) => void;
/** Per database, so every emulator in a process (tests make many) delivers only its own messages. */
const listeners = new WeakMap<Kysely<Database>, Set<Listener>>();

/** Subscribes the delivery of the emulator that owns `db`; returns the unsubscribe. */
export function onWebhookMessage(db: Kysely<Database>, listener: Listener): () => void {
  const set = listeners.get(db) ?? new Set<Listener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Stores the event as a message (after the change it reports was written) and wakes the delivery. */
export async function emitWebhookEvent(db: Kysely<Database>, projectId: string, eventType: WebhookEventType, data: unknown): Promise<void> {
  const message: WebhookMessage = { id: svixId('msg'), projectId, eventType, payload: { type: eventType, data }, createdAtMillis: Date.now() };
  await db
    .insertInto('webhook_messages')
    .values({ id: message.id, project_id: projectId, event_type: eventType, payload: JSON.stringify(message.payload), created_at_millis: message.createdAtMillis })
    .execute();
  for (const listener of listeners.get(db) ?? []) listener(message);
}
