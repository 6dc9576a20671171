// webhooks/ (above core/ and db/): webhook events, their delivery and the Svix-compatible API over the same tables.
// Delivers each webhook message to every endpoint of its project by HTTP POST with Svix signature headers
// (signed with the svix package), recording every attempt; a failed attempt is retried with backoff. Each attempt is
// bounded (transport.ts): a slow, huge or silent endpoint holds neither memory nor the other endpoints' deliveries.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { onWebhookMessage, svixId, type WebhookMessage } from './events.ts';
import type { WebhookTargetRule } from './endpoint-address.ts';
import { postToEndpoint } from './transport.ts';
import { describeError } from '../core/describe-error.ts';

/** The signing library, imported at the first delivery: most emulators never send a webhook. */
const loadSvix = () => import('svix');

/** Svix's schedule after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const SVIX_RETRY_DELAYS_MILLIS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

export const ATTEMPT_SUCCESS = 0;
export const ATTEMPT_FAILED = 2;

export interface WebhookDeliveryOptions {
  /** Delays before each retry of a failed attempt (default SVIX_RETRY_DELAYS_MILLIS). */
  retryDelaysMillis?: readonly number[];
  /** Deliver to private network addresses too (the CLI's --allow-private-webhooks); loopback is always allowed. */
  allowPrivateNetworks?: boolean;
  /** The name resolver of deliveries (tests; default node:dns lookup). */
  resolve?: WebhookTargetRule['resolve'];
}

export class WebhookDelivery {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly unsubscribe: () => void;
  /** Aborted by close(): attempts under way end at once instead of running out their timeout. */
  private readonly stop = new AbortController();
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    /** Where endpoints may point; the same rule the Svix API checks registrations with. */
    private readonly targets: WebhookTargetRule,
    private readonly options: WebhookDeliveryOptions = {},
  ) {
    this.unsubscribe = onWebhookMessage(db, (message) => this.track(this.deliver(message)));
  }

  /** Resolves once no attempt is under way (its row written); scheduled retries do not count. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Stops retries and waits for the attempts under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.stop.abort();
    this.unsubscribe();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.catch((error: unknown) => console.error(`[emulator] webhook delivery failed: ${describeError(error)}`)).finally(() => this.inFlight.delete(work));
  }

  private async deliver(message: WebhookMessage): Promise<void> {
    const endpoints = await this.db.selectFrom('webhook_endpoints').selectAll().where('project_id', '=', message.projectId).execute();
    await Promise.all(endpoints.map((endpoint) => this.attempt(message, endpoint.id, 0)));
  }

  private async attempt(message: WebhookMessage, endpointId: string, retry: number): Promise<void> {
    if (this.closed) return;
    const endpoint = await this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).executeTakeFirst();
    if (!endpoint) return;
    const body = JSON.stringify(message.payload);
    const sentAt = new Date();
    const headers = {
      'content-type': 'application/json',
      'svix-id': message.id,
      'svix-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'svix-signature': new (await loadSvix()).Webhook(endpoint.secret).sign(message.id, sentAt, body),
    };
    const { status, response } = await postToEndpoint(endpoint.url, headers, body, this.targets, this.stop.signal);
    const ok = status >= 200 && status < 300;
    await this.db
      .insertInto('webhook_attempts')
      .values({
        id: svixId('atmpt'),
        message_id: message.id,
        endpoint_id: endpoint.id,
        url: endpoint.url,
        status: ok ? ATTEMPT_SUCCESS : ATTEMPT_FAILED,
        response_status_code: status,
        response,
        created_at_millis: sentAt.getTime(),
      })
      .execute();
    const delays = this.options.retryDelaysMillis ?? SVIX_RETRY_DELAYS_MILLIS;
    const delay = delays[retry];
    if (ok || delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.attempt(message, endpointId, retry + 1));
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
