/** GETs whose last answer is worth showing while offline: the user and the project. */
const CACHEABLE_PATHS = new Set(['/users/me', '/projects/current']);

interface CachedAnswer {
  userId: string | null;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}

export const FROM_CACHE_HEADER = 'x-authworker-from-cache';

/**
 * Keeps the last good answer of a few GETs in worker memory, per user, so a tab opened offline
 * still shows who is signed in. Never tokens (answers are sanitised first); never another user's.
 */
export class OfflineReadCache {
  readonly #entries = new Map<string, CachedAnswer>();

  async remember(path: string, userId: string | null, response: Response): Promise<Response> {
    if (!CACHEABLE_PATHS.has(path) || !response.ok) return response;
    const body = await response.arrayBuffer();
    this.#entries.set(path, { userId, status: response.status, headers: [...response.headers], body });
    return new Response(body.slice(0), { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  recall(path: string, userId: string | null): Response | null {
    const entry = this.#entries.get(path);
    // The user's own data only: after a sign-out or a switch of user the entry is dead.
    if (!entry || (path === '/users/me' && entry.userId !== userId)) return null;
    const headers = new Headers(entry.headers);
    headers.set(FROM_CACHE_HEADER, '1');
    return new Response(entry.body.slice(0), { status: entry.status, headers });
  }

  clear(): void {
    this.#entries.clear();
  }
}
