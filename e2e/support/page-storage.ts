// What a page's own script can read of its origin's storage: cookies, web storage and every IndexedDB record (the
// worker's sealed records as their raw bytes). The custody tests check it holds no token in the clear.
import type { Page } from '@playwright/test';

export interface PageStorage {
  cookie: string;
  local: Record<string, string>;
  session: Record<string, string>;
  /** One string per IndexedDB record: a sealed record's bytes decoded as text, anything else as JSON. */
  indexedDb: string[];
}

export function readPageStorage(page: Page): Promise<PageStorage> {
  return page.evaluate(async () => {
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
        for (const value of values) {
          const data = (value as { data?: unknown } | null)?.data;
          records.push(data instanceof ArrayBuffer ? new TextDecoder().decode(data) : JSON.stringify(value));
        }
      }
      db.close();
    }
    return { cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage }, indexedDb: records };
  });
}
