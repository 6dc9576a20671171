import * as z from 'zod/mini';
import { indexedDbRecords, SealedStore } from './sealed-store.ts';

export interface StoredSession {
  refreshToken: string;
  userId: string | null;
  /** Only a session handed over from outside (a token-object or request token store) starts with one. */
  accessToken?: string | null;
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
  #session: StoredSession | null;
  #revokes: string[] = [];
  /** `initial`: a session the app was given (token-object or request token store). */
  constructor(initial: StoredSession | null = null) {
    this.#session = initial;
  }
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

/**
 * IndexedDB vault: the session and the queued revokes, sealed (see SealedStore). Its store is
 * shared with the worker's other sealed records, so they all use one key.
 */
export class IndexedDbVault implements TokenVault {
  /** Its sealed records: the worker keeps its other records (magic-link nonce, offline answers) here too. */
  readonly sealed: SealedStore;

  constructor(binding: { apiUrl: string; projectId: string }, databaseName = 'authworker') {
    this.sealed = new SealedStore(binding, indexedDbRecords(databaseName));
  }

  async load(): Promise<StoredSession | null> {
    const session = await this.sealed.open('session', (value) => storedSessionSchema.safeParse(value));
    if (session) return session;
    await this.clear();
    return null;
  }

  async save(session: StoredSession): Promise<void> {
    await this.sealed.seal('session', session);
  }

  async clear(): Promise<void> {
    await this.sealed.remove('session');
  }

  async loadPendingRevokes(): Promise<string[]> {
    return (await this.sealed.open('revokes', (value) => pendingRevokesSchema.safeParse(value))) ?? [];
  }

  async savePendingRevokes(refreshTokens: string[]): Promise<void> {
    if (refreshTokens.length === 0) await this.sealed.remove('revokes');
    else await this.sealed.seal('revokes', refreshTokens);
  }
}
