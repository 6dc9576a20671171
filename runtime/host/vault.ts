import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import * as z from 'zod/mini';

export interface StoredSession {
  refreshToken: string;
  userId: string | null;
}

/** Where the worker keeps the refresh token between restarts. Memory is always the first tier. */
export interface TokenVault {
  load(): Promise<StoredSession | null>;
  save(session: StoredSession): Promise<void>;
  clear(): Promise<void>;
  /** Refresh tokens whose server-side revoke has not gone through yet (sign-out while offline). */
  loadPendingRevokes(): Promise<string[]>;
  savePendingRevokes(refreshTokens: string[]): Promise<void>;
  /** Stores that keep the access token too (the cookie store) get every new one. */
  saveAccessToken?(refreshToken: string, accessToken: string): Promise<void>;
}

export class MemoryVault implements TokenVault {
  #session: StoredSession | null = null;
  #revokes: string[] = [];
  async load(): Promise<StoredSession | null> {
    return this.#session;
  }
  async save(session: StoredSession): Promise<void> {
    this.#session = session;
  }
  async clear(): Promise<void> {
    this.#session = null;
  }
  async loadPendingRevokes(): Promise<string[]> {
    return [...this.#revokes];
  }
  async savePendingRevokes(refreshTokens: string[]): Promise<void> {
    this.#revokes = [...refreshTokens];
  }
}

const storedSessionSchema = z.object({ refreshToken: z.string().check(z.minLength(1)), userId: z.nullable(z.string()) });
const pendingRevokesSchema = z.array(z.string().check(z.minLength(1)));
const sealedRecordSchema = z.object({ iv: z.instanceof(Uint8Array), data: z.instanceof(ArrayBuffer) });

const KEY_ENTRY = 'aes-gcm-key';

/**
 * IndexedDB vault. Records are sealed with AES-GCM under a non-extractable key, and the API
 * origin + project id are the additional data: a worker configured for another API cannot open
 * them. Defence in depth only: IndexedDB is shared with the page (see the threat model).
 */
export class IndexedDbVault implements TokenVault {
  readonly #store: UseStore;
  readonly #sessionKey: string;
  readonly #revokesKey: string;
  readonly #binding: Uint8Array<ArrayBuffer>;
  #key: Promise<CryptoKey> | null = null;

  constructor(binding: { apiUrl: string; projectId: string }, databaseName = 'authworker') {
    this.#store = createStore(databaseName, 'vault');
    const bindingText = `${new URL(binding.apiUrl).origin}|${binding.projectId}`;
    this.#sessionKey = `session:${bindingText}`;
    this.#revokesKey = `revokes:${bindingText}`;
    this.#binding = new TextEncoder().encode(bindingText);
  }

  async load(): Promise<StoredSession | null> {
    const session = await this.#open(this.#sessionKey, (value) => storedSessionSchema.safeParse(value));
    if (session) return session;
    await this.clear();
    return null;
  }

  async save(session: StoredSession): Promise<void> {
    await this.#seal(this.#sessionKey, session);
  }

  async clear(): Promise<void> {
    await del(this.#sessionKey, this.#store);
  }

  async loadPendingRevokes(): Promise<string[]> {
    return (await this.#open(this.#revokesKey, (value) => pendingRevokesSchema.safeParse(value))) ?? [];
  }

  async savePendingRevokes(refreshTokens: string[]): Promise<void> {
    if (refreshTokens.length === 0) await del(this.#revokesKey, this.#store);
    else await this.#seal(this.#revokesKey, refreshTokens);
  }

  async #seal(key: string, value: unknown): Promise<void> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: this.#binding },
      await this.#getKey(),
      new TextEncoder().encode(JSON.stringify(value)),
    );
    await set(key, { iv, data }, this.#store);
  }

  /** Garbage, a record sealed under another key or binding, or a tampered one: null. */
  async #open<T>(key: string, parse: (value: unknown) => { success: true; data: T } | { success: false }): Promise<T | null> {
    const sealed = sealedRecordSchema.safeParse(await get(key, this.#store));
    if (!sealed.success) return null;
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: new Uint8Array(sealed.data.iv), additionalData: this.#binding },
        await this.#getKey(),
        sealed.data.data,
      );
      const parsed = parse(JSON.parse(new TextDecoder().decode(plain)));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  #getKey(): Promise<CryptoKey> {
    this.#key ??= this.#loadOrCreateKey().catch((error: unknown) => {
      this.#key = null;
      throw error;
    });
    return this.#key;
  }

  async #loadOrCreateKey(): Promise<CryptoKey> {
    const existing: unknown = await get(KEY_ENTRY, this.#store);
    if (existing instanceof CryptoKey && !existing.extractable) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await set(KEY_ENTRY, key, this.#store);
    return key;
  }
}
