import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import * as z from 'zod/mini';
import { withTimeout } from './timeout.ts';

/** The raw key-value store under the sealed records (IndexedDB; a Map in unit tests). */
export interface RecordStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

/** One object store of an IndexedDB database, opened on first use (never where there is no IndexedDB). */
export function indexedDbRecords(databaseName: string): RecordStore {
  let store: UseStore | null = null;
  const open = () => (store ??= createStore(databaseName, 'vault'));
  return { get: (key) => get(key, open()), set: (key, value) => set(key, value, open()), del: (key) => del(key, open()) };
}

const sealedRecordSchema = z.object({ iv: z.instanceof(Uint8Array), data: z.instanceof(ArrayBuffer) });

const KEY_ENTRY = 'aes-gcm-key';

export type Parse<T> = (value: unknown) => { success: true; data: T } | { success: false };

/**
 * What the worker keeps between restarts (the vault, a magic-link nonce, offline answers): records
 * sealed with AES-GCM under one non-extractable key, the API origin + project id as additional
 * data, so a worker configured for another API cannot open them. Defence in depth only: IndexedDB
 * is shared with the page (see the threat model). Share one instance per database: the key is
 * created on first use, and two instances could each create one.
 */
export class SealedStore {
  readonly #records: RecordStore;
  readonly #bindingText: string;
  readonly #binding: Uint8Array<ArrayBuffer>;
  #key: Promise<CryptoKey> | null = null;

  constructor(binding: { apiUrl: string; projectId: string }, records: RecordStore = indexedDbRecords('authworker')) {
    this.#records = records;
    this.#bindingText = `${new URL(binding.apiUrl).origin}|${binding.projectId}`;
    this.#binding = new TextEncoder().encode(this.#bindingText);
  }

  async seal(name: string, value: unknown): Promise<void> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: this.#binding },
      await this.#getKey(),
      new TextEncoder().encode(JSON.stringify(value)),
    );
    await this.#records.set(this.#keyOf(name), { iv, data });
  }

  /** Garbage, a record sealed under another key or binding, or a tampered one: null. */
  async open<T>(name: string, parse: Parse<T>): Promise<T | null> {
    const sealed = sealedRecordSchema.safeParse(await this.#records.get(this.#keyOf(name)));
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

  remove(name: string): Promise<void> {
    return this.#records.del(this.#keyOf(name));
  }

  #keyOf(name: string): string {
    return `${name}:${this.#bindingText}`;
  }

  #getKey(): Promise<CryptoKey> {
    this.#key ??= this.#loadOrCreateKey().catch((error: unknown) => {
      this.#key = null;
      throw error;
    });
    return this.#key;
  }

  async #loadOrCreateKey(): Promise<CryptoKey> {
    const existing: unknown = await this.#records.get(KEY_ENTRY);
    if (existing instanceof CryptoKey && !existing.extractable) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await this.#records.set(KEY_ENTRY, key);
    return key;
  }
}

/**
 * Storage beside memory is best effort: bounded by the timeout, and a failure is logged and read
 * as null, so the worker carries on from memory. No store (memory persistence): null at once.
 */
export async function bestEffort<T>(sealed: SealedStore | null, timeoutMs: number, what: string, run: (sealed: SealedStore) => Promise<T>): Promise<T | null> {
  if (!sealed) return null;
  try {
    return await withTimeout(run(sealed), timeoutMs, what);
  } catch (error) {
    console.warn(`[authworker] ${what} failed`, error);
    return null;
  }
}
