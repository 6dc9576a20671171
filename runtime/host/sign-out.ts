import type { Pipeline } from '../http/pipeline.ts';
import type { TokenSession } from '../session/token-session.ts';
import type { SessionHost } from './session-host.ts';

/**
 * Sign-out wipes the local session first (even offline), then revokes it on the server. A revoke
 * that cannot reach the server stays queued and is retried on the worker's next activity.
 */
export class SignOutService {
  readonly #host: SessionHost;
  readonly #pipeline: Pipeline;
  readonly #pending: TokenSession[] = [];

  constructor(host: SessionHost, pipeline: Pipeline) {
    this.#host = host;
    this.#pipeline = pipeline;
  }

  get pendingRevokes(): number {
    return this.#pending.length;
  }

  async signOut(): Promise<void> {
    const dropped = await this.#host.wipe();
    if (dropped?.refreshToken) this.#pending.push(dropped);
    await this.flush();
  }

  /** Sends queued revokes; keeps the ones that failed on the network for the next attempt. */
  async flush(): Promise<void> {
    const queue = this.#pending.splice(0);
    for (const session of queue) {
      try {
        const response = await this.#pipeline.send({
          path: '/auth/sessions/current',
          method: 'DELETE',
          json: {},
          session,
          sendRefreshToken: true,
        });
        // A token the server no longer knows is already revoked: that is success too.
        await response.body?.cancel();
        session.markInvalid();
      } catch (error) {
        console.warn('[authworker] sign-out revoke queued for retry', error);
        this.#pending.push(session);
      }
    }
  }
}
