// What "no token reaches the page" looks for, in every engine: the emulator's token shapes, and all the storage a
// page's scripts can read.

/** The emulator's access tokens: ES256 JWTs. */
export const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;
/** The emulator's refresh tokens: 45 lowercase letters and digits. */
export const REFRESH_TOKEN = /\b[0-9a-z]{45}\b/;
/** A token field in a JSON body, in the wire's and the SDK's spelling. */
export const TOKEN_FIELD = /"(access_token|refresh_token|accessToken|refreshToken)"/;

export interface PageStorage {
  cookie: string;
  local: string;
  session: string;
  /** Every record of every IndexedDB database of the origin, bytes decoded as text. */
  idb: string;
}

/** In the page: its cookies, localStorage, sessionStorage and IndexedDB, as text. */
export async function readPageStorage(): Promise<PageStorage> {
  const dump = (storage: Storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`).join(';');
  // Bytes as text, so a token stored in clear would show (the sealed refresh token shows as noise).
  const asText = (_key: string, value: unknown) =>
    value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? new TextDecoder().decode(value) : value instanceof CryptoKey ? `[CryptoKey ${value.type}]` : value;
  const records: string[] = [];
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const storeName of Array.from(db.objectStoreNames)) {
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(storeName).objectStore(storeName).getAll();
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error);
      });
      for (const value of values) records.push(`${name}/${storeName}: ${JSON.stringify(value, asText)}`);
    }
    db.close();
  }
  return { cookie: document.cookie, local: dump(localStorage), session: dump(sessionStorage), idb: records.join('\n') };
}
