import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { z } from 'zod';

export interface StoredSession {
  refreshToken: string;
  userId: string | null;
}

/** Where the worker keeps the refresh token between restarts. Memory is always the first tier. */
export interface TokenVault {
  load(): Promise<StoredSession | null>;
  save(session: StoredSession): Promise<void>;
  clear(): Promise<void>;
}

export class MemoryVault implements TokenVault {
  #session: StoredSession | null = null;
  async load(): Promise<StoredSession | null> {
    return this.#session;
  }
  async save(session: StoredSession): Promise<void> {
    this.#session = session;
  }
  async clear(): Promise<void> {
    this.#session = null;
  }
}

const storedSessionSchema = z.object({ refreshToken: z.string().min(1), userId: z.string().nullable() });
const sealedRecordSchema = z.object({ iv: z.instanceof(Uint8Array), data: z.instanceof(ArrayBuffer) });

const KEY_ENTRY = 'aes-gcm-key';

/**
 * IndexedDB vault. The record is sealed with AES-GCM under a non-extractable key, and the
 * API origin + project id are the additional data: a worker configured for another API
 * cannot open it. Defence in depth only: IndexedDB is shared with the page (see the threat model).
 */
export class IndexedDbVault implements TokenVault {
  readonly #store: UseStore;
  readonly #recordKey: string;
  readonly #binding: Uint8Array<ArrayBuffer>;
  #key: Promise<CryptoKey> | null = null;

  constructor(binding: { apiUrl: string; projectId: string }, databaseName = 'authworker') {
    this.#store = createStore(databaseName, 'vault');
    const bindingText = `${new URL(binding.apiUrl).origin}|${binding.projectId}`;
    this.#recordKey = `session:${bindingText}`;
    this.#binding = new TextEncoder().encode(bindingText);
  }

  async load(): Promise<StoredSession | null> {
    const sealed = sealedRecordSchema.safeParse(await get(this.#recordKey, this.#store));
    if (!sealed.success) return null;
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: new Uint8Array(sealed.data.iv), additionalData: this.#binding },
        await this.#getKey(),
        sealed.data.data,
      );
      const parsed = storedSessionSchema.safeParse(JSON.parse(new TextDecoder().decode(plain)));
      if (parsed.success) return parsed.data;
    } catch {
      // Garbage, a record of another key, or a tampered record: treat as signed out.
    }
    await this.clear();
    return null;
  }

  async save(session: StoredSession): Promise<void> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: this.#binding },
      await this.#getKey(),
      new TextEncoder().encode(JSON.stringify(session)),
    );
    await set(this.#recordKey, { iv, data }, this.#store);
  }

  async clear(): Promise<void> {
    await del(this.#recordKey, this.#store);
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
