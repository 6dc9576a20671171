import type { SessionSnapshot } from '../bridge/messages.ts';
import type { Pipeline, SessionLike } from '../http/pipeline.ts';
import { successResponseSchema } from '../protocol/schemas/common.ts';
import type { SessionHost } from './session-host.ts';
import { withTimeout } from './timeout.ts';
import type { TokenVault } from './vault.ts';
import * as api from '../protocol/contract/api.generated.ts';
import { endpointRequest } from '../protocol/endpoint-request.ts';
import { HEADER } from '../protocol/headers.ts';
import { isRefreshTokenErrorCode } from '../protocol/errors/families.ts';

/** The clock of the retries (tests drive it). */
export interface RevokeClock {
  now?: () => number;
  random?: () => number;
}

/**
 * Every way a user's session ends on purpose. Sign-out wipes the local session first (even offline),
 * then revokes it on the server. A revoke leaves the queue only on an answer that ends it (`revokeEnded`); any
 * other stays queued, sealed in the vault, and is retried with backoff at the next activity (a page's call, also
 * after a worker restart, which tries each at once) until the server says the token is dead, as it does once the token expired. Deleting the user ends
 * the session the same way, without the revoke (the server dropped the user's sessions).
 */
export class SignOutService {
  readonly #host: SessionHost;
  readonly #pipeline: Pipeline;
  readonly #vault: TokenVault;
  readonly #timeoutMs: number;
  readonly #clock: Required<RevokeClock>;
  #pending: Promise<string[]> | null = null;
  #flushing: Promise<void> | null = null;
  /** Per queued token: the failed tries and when the next is due (a restarted worker tries each at once). */
  readonly #backoff = new Map<string, { tries: number; due: number }>();
  readonly #alsoForget = new Set<() => Promise<unknown>>();

  constructor(host: SessionHost, pipeline: Pipeline, vault: TokenVault, timeoutMs = 15_000, clock: RevokeClock = {}) {
    this.#host = host;
    this.#pipeline = pipeline;
    this.#vault = vault;
    this.#timeoutMs = timeoutMs;
    this.#clock = { now: Date.now, random: Math.random, ...clock };
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
    await this.#pipeline.sendJson({ ...endpointRequest(api.usersMeDelete), session: this.#host.session }, successResponseSchema);
    (await this.#host.wipe())?.markInvalid();
    await this.forgetUser();
    return this.#host.snapshot;
  }

  /** Sends the queued revokes that are due, one run at a time (a call during a run joins it); the rest wait their turn. */
  flush(): Promise<void> {
    return (this.#flushing ??= this.#sendQueued().finally(() => (this.#flushing = null)));
  }

  // The deadline keeps a hung API from holding the queue. The queue is read again each time: one queued meanwhile
  // goes out in this run too.
  async #sendQueued(): Promise<void> {
    const { now, random } = this.#clock;
    const tried = new Set<string>();
    const due = (token: string) => !tried.has(token) && (this.#backoff.get(token)?.due ?? 0) <= now();
    for (let token: string | undefined; (token = (await this.#queue()).find(due)); ) {
      tried.add(token);
      if (await this.#revoke(token)) {
        this.#backoff.delete(token);
        await this.#persist((await this.#queue()).filter((queued) => queued !== token));
      } else {
        // 2 s, 4 s, 8 s ... up to 10 min, each × 0.5-1.5 so that workers do not retry in step.
        const tries = (this.#backoff.get(token)?.tries ?? 0) + 1;
        this.#backoff.set(token, { tries, due: now() + Math.min(6e5, 1e3 * 2 ** tries) * (random() + 0.5) });
      }
    }
  }

  async #revoke(refreshToken: string): Promise<boolean> {
    let failure: unknown;
    try {
      const response = await this.#pipeline.send({
        ...endpointRequest(api.sessionSignOut),
        json: {},
        session: revokeOnly(refreshToken),
        sendRefreshToken: true,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      await response.body?.cancel();
      if (revokeEnded(response)) return true;
      failure = response.status;
    } catch (error) {
      failure = error;
    }
    console.warn('[authworker] sign-out revoke queued for retry', failure);
    return false;
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

/**
 * Whether an answer ends a revoke: a 2xx, or a 4xx saying the token is unknown, invalid, revoked or expired (the
 * refresh-token error family). A 5xx, a 429 or any other 4xx (a wrong key, a gateway's page) keeps it queued.
 */
export function revokeEnded(response: Response): boolean {
  const code = response.headers.get(HEADER.knownError);
  return response.ok || (response.status < 500 && code !== null && isRefreshTokenErrorCode(code));
}
