import type { SessionSnapshot } from '../bridge/messages.ts';
import type { Pipeline, SessionLike } from '../http/pipeline.ts';
import { successResponseSchema } from '../protocol/schemas/common.ts';
import type { SessionHost } from './session-host.ts';
import { withTimeout } from './timeout.ts';
import type { TokenVault } from './vault.ts';

/**
 * Every way a user's session ends on purpose. Sign-out wipes the local session first (even offline),
 * then revokes it on the server. A revoke that cannot reach the server stays queued, sealed in the
 * vault, and is retried on the next activity, also after a worker restart. Deleting the user ends
 * the session the same way, without the revoke (the server dropped the user's sessions).
 */
export class SignOutService {
  readonly #host: SessionHost;
  readonly #pipeline: Pipeline;
  readonly #vault: TokenVault;
  readonly #timeoutMs: number;
  #pending: Promise<string[]> | null = null;
  #flushing: Promise<void> | null = null;
  readonly #alsoForget = new Set<() => Promise<unknown>>();

  constructor(host: SessionHost, pipeline: Pipeline, vault: TokenVault, timeoutMs = 15_000) {
    this.#host = host;
    this.#pipeline = pipeline;
    this.#vault = vault;
    this.#timeoutMs = timeoutMs;
  }

  /** What else goes with the user beside the session (the worker API registers its offline answers and magic-link nonce). */
  alsoForget(forget: () => Promise<unknown>): void {
    this.#alsoForget.add(forget);
  }

  /** Forgets what was registered with `alsoForget`: every sign-out does, and so does deleting the user. */
  async forgetUser(): Promise<void> {
    await Promise.all([...this.#alsoForget].map((forget) => forget()));
  }

  /**
   * Resolves to the signed-out snapshot the host published (or a newer one) as soon as the session is gone here:
   * the revoke goes out in the background, so an API that refuses or hangs never holds up the sign-out.
   */
  async signOut(): Promise<SessionSnapshot> {
    const dropped = await this.#host.wipe();
    dropped?.markInvalid();
    if (dropped?.refreshToken) {
      const queue = await this.#queue();
      queue.push(dropped.refreshToken);
      await this.#persist(queue);
    }
    await this.forgetUser();
    void this.flush();
    return this.#host.snapshot;
  }

  /** DELETE /users/me with the current session; only once the server agreed is the session wiped everywhere. */
  async deleteUser(): Promise<SessionSnapshot> {
    await this.#host.ensureLoaded();
    await this.#pipeline.sendJson({ path: '/users/me', method: 'DELETE', session: this.#host.session }, successResponseSchema);
    (await this.#host.wipe())?.markInvalid();
    await this.forgetUser();
    return this.#host.snapshot;
  }

  /** Sends the queued revokes, one run at a time (a call during a run joins it); those not sent stay queued for the next. */
  flush(): Promise<void> {
    return (this.#flushing ??= this.#sendQueued().finally(() => (this.#flushing = null)));
  }

  // Any answer ends a revoke (a token the server no longer knows is already revoked); the deadline keeps a hung
  // API from holding the queue. The queue is read again each time: one queued meanwhile goes out in this run too.
  async #sendQueued(): Promise<void> {
    const tried = new Set<string>();
    for (let token: string | undefined; (token = (await this.#queue()).find((queued) => !tried.has(queued))); ) {
      tried.add(token);
      try {
        const response = await this.#pipeline.send({
          path: '/auth/sessions/current',
          method: 'DELETE',
          json: {},
          session: revokeOnly(token),
          sendRefreshToken: true,
          signal: AbortSignal.timeout(this.#timeoutMs),
        });
        await response.body?.cancel();
        await this.#persist((await this.#queue()).filter((queued) => queued !== token));
      } catch (error) {
        console.warn('[authworker] sign-out revoke queued for retry', error);
      }
    }
  }

  #queue(): Promise<string[]> {
    this.#pending ??= withTimeout(this.#vault.loadPendingRevokes(), this.#timeoutMs, 'loading queued revokes').catch(() => []);
    return this.#pending;
  }

  async #persist(queue: string[]): Promise<void> {
    this.#pending = Promise.resolve(queue);
    await withTimeout(this.#vault.savePendingRevokes(queue), this.#timeoutMs, 'storing queued revokes').catch((error: unknown) =>
      console.warn('[authworker] queued revokes could not be stored', error),
    );
  }
}

/** A session that yields only the refresh token: the revoke reads nothing else. */
function revokeOnly(refreshToken: string): SessionLike {
  return {
    getTokens: async () => ({ accessToken: '', refreshToken }),
    markAccessTokenExpired: () => undefined,
  };
}
