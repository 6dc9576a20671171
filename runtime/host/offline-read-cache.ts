import * as z from 'zod/mini';
import type { Answer } from './answer.ts';
import { stripTokenFields } from './sanitize.ts';
import { bestEffort, type SealedStore } from './sealed-store.ts';
import * as api from '../protocol/contract/api.generated.ts';
import { endpointRequest } from '../protocol/endpoint-request.ts';

/** GETs whose last answer is worth showing while offline: the signed-in user's, and the project's (anyone's). */
const CACHEABLE_PATHS = new Map<string, 'user' | 'project'>([
  [endpointRequest(api.usersMe).path, 'user'],
  [endpointRequest(api.projectsCurrent).path, 'project'],
]);

const cachedAnswerSchema = z.object({
  userId: z.nullable(z.string()),
  status: z.number(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
type CachedAnswer = z.output<typeof cachedAnswerSchema>;

export const FROM_CACHE_HEADER = 'x-authworker-from-cache';

/**
 * Keeps the last good answer of a few GETs, per user, so a tab opened offline still shows who is
 * signed in. Never tokens (token fields are stripped before an answer is kept); never another user's. Memory first, and
 * stored too, so the answers outlive the worker (the browser stops it when idle). Stored sealed like
 * the vault: /users/me is personal data (e-mail, name, metadata); the project's answer is not
 * secret but takes the same path. One record per path, so at most one user's answer is at rest.
 */
export class OfflineReadCache {
  readonly #entries = new Map<string, CachedAnswer>();
  readonly #sealed: SealedStore | null;
  readonly #timeoutMs: number;
  readonly #onUserAnswer: ((userId: string, body: string) => void) | undefined;
  // Writes in call order: a sign-out's delete must not be overtaken by a store still encrypting.
  #writes: Promise<unknown> = Promise.resolve();

  /** `onUserAnswer`: told each good `/users/me` answer kept, and whose (the user feed follows them). */
  constructor(options: { sealed?: SealedStore | null; timeoutMs?: number; onUserAnswer?: (userId: string, body: string) => void } = {}) {
    this.#sealed = options.sealed ?? null;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#onUserAnswer = options.onUserAnswer;
  }

  /**
   * Keeps a copy of a good answer of a cacheable path, without token fields (it is stored and served again), and
   * resolves once it is kept. The page's answer goes on unread: the cache reads a tee of it (or the read already
   * shared). `userId` is asked once the body is in: an answer that outlived its user is kept for no one.
   */
  remember(path: string, userId: () => string | null, answer: Answer): Promise<void> {
    if (!CACHEABLE_PATHS.has(path) || answer.status < 200 || answer.status > 299) return Promise.resolve();
    return this.#keep(path, userId, answer.tee() ?? answer).catch(() => undefined);
  }

  async #keep(path: string, userIdNow: () => string | null, answer: Answer): Promise<void> {
    const text = await answer.text();
    const body = stripTokenFields(text) ?? text;
    const userId = userIdNow();
    // A user's answer that lands after a sign-out (userId null) belongs to no one.
    if (CACHEABLE_PATHS.get(path) === 'user') {
      if (userId === null) return;
      this.#onUserAnswer?.(userId, body);
    }
    const entry = { userId, status: answer.status, headers: Object.fromEntries(answer.headers), body };
    const previous = this.#entries.get(path);
    this.#entries.set(path, entry);
    // Off the request path: the page gets its answer now, storage catches up (only when it changed).
    if (previous?.body !== body || previous.userId !== userId) void this.#write('storing an offline answer', (sealed) => sealed.seal(recordName(path), entry));
  }

  /** Answers held in memory. */
  get size(): number {
    return this.#entries.size;
  }

  /** The last answer for `path` if `userId` may see it: from memory, else (after a worker restart) storage. */
  async recall(path: string, userId: string | null): Promise<Response | null> {
    const owner = CACHEABLE_PATHS.get(path);
    if (!owner) return null;
    const entry =
      this.#entries.get(path) ??
      (await bestEffort(this.#sealed, this.#timeoutMs, 'loading an offline answer', (sealed) => sealed.open(recordName(path), (value) => cachedAnswerSchema.safeParse(value))));
    // The user's own data only: after a sign-out or a switch of user the entry is dead.
    if (!entry || (owner === 'user' && (entry.userId === null || entry.userId !== userId))) return null;
    this.#entries.set(path, entry);
    const headers = new Headers(entry.headers);
    headers.set(FROM_CACHE_HEADER, '1');
    return new Response(entry.body, { status: entry.status, headers });
  }

  /** The last /users/me body of `userId`, or null when there is none or storage takes longer than `waitMs`. */
  async storedUser(userId: string, waitMs: number): Promise<{ userId: string; body: string } | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((done) => (timer = setTimeout(() => done(null), waitMs)));
    const answer = await Promise.race([this.recall(endpointRequest(api.usersMe).path, userId), late]).finally(() => clearTimeout(timer));
    return answer ? { userId, body: await answer.text() } : null;
  }

  /** Sign-out and user deletion: the user's answers go, from memory and storage; the project's stay. */
  async forgetUser(): Promise<void> {
    const userPaths = [...CACHEABLE_PATHS].filter(([, owner]) => owner === 'user').map(([path]) => path);
    for (const path of userPaths) this.#entries.delete(path);
    await Promise.all(userPaths.map((path) => this.#write('forgetting an offline answer', (sealed) => sealed.remove(recordName(path)))));
  }

  #write(what: string, run: (sealed: SealedStore) => Promise<void>): Promise<unknown> {
    this.#writes = this.#writes.then(() => bestEffort(this.#sealed, this.#timeoutMs, what, run));
    return this.#writes;
  }
}

function recordName(path: string): string {
  return `offline${path}`;
}
