import * as z from 'zod/mini';
import { bestEffort, type SealedStore } from './sealed-store.ts';

/** Verification codes live 7 days by default: past that the nonce is useless. */
export const MAGIC_LINK_CODE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const RECORD = 'magic-link-nonce';
const pendingNonceSchema = z.object({ nonce: z.string().check(z.minLength(1)), expiresAt: z.number() });
type PendingNonce = z.output<typeof pendingNonceSchema>;

/**
 * The nonce of the last magic-link e-mail this browser asked for: with it, any tab can finish with
 * the 6-character code. Kept in memory and, sealed, in storage: the browser stops an idle worker
 * long before an e-mail usually arrives. Not a token, yet half of a sign-in code, so it is stored
 * like the vault, never where a page reads it in the clear.
 */
export class MagicLinkNonces {
  readonly #sealed: SealedStore | null;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #pending: PendingNonce | null = null;

  constructor(options: { sealed?: SealedStore | null; timeoutMs?: number; now?: () => number } = {}) {
    this.#sealed = options.sealed ?? null;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#now = options.now ?? Date.now;
  }

  async remember(nonce: string): Promise<void> {
    const pending = { nonce, expiresAt: this.#now() + MAGIC_LINK_CODE_LIFETIME_MS };
    this.#pending = pending;
    // Awaited: the page hears "sent" only once the nonce would survive a worker restart.
    await bestEffort(this.#sealed, this.#timeoutMs, 'storing the magic-link nonce', (sealed) => sealed.seal(RECORD, pending));
  }

  /** The pending nonce, from memory or (after a worker restart) storage; null when none or expired. */
  async recall(): Promise<string | null> {
    const pending =
      this.#pending ??
      (await bestEffort(this.#sealed, this.#timeoutMs, 'loading the magic-link nonce', (sealed) => sealed.open(RECORD, (value) => pendingNonceSchema.safeParse(value))));
    if (!pending) return null;
    if (pending.expiresAt <= this.#now()) {
      await this.forget();
      return null;
    }
    this.#pending = pending;
    return pending.nonce;
  }

  async forget(): Promise<void> {
    this.#pending = null;
    await bestEffort(this.#sealed, this.#timeoutMs, 'forgetting the magic-link nonce', (sealed) => sealed.remove(RECORD));
  }
}
