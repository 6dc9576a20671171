interface BufferedResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

/**
 * Identical GETs in flight at once (several tabs asking for /users/me on load) share one network
 * request; each caller gets its own copy of the answer.
 */
export class InflightGets {
  readonly #inflight = new Map<string, Promise<BufferedResponse>>();

  get size(): number {
    return this.#inflight.size;
  }

  async run(key: string, send: () => Promise<Response>): Promise<Response> {
    let shared = this.#inflight.get(key);
    if (!shared) {
      shared = send()
        .then(async (response) => ({
          status: response.status,
          statusText: response.statusText,
          headers: [...response.headers],
          body: await response.arrayBuffer(),
        }))
        .finally(() => this.#inflight.delete(key));
      this.#inflight.set(key, shared);
    }
    const buffered = await shared;
    return new Response(buffered.status === 204 || buffered.status === 304 ? null : buffered.body.slice(0), {
      status: buffered.status,
      statusText: buffered.statusText,
      headers: buffered.headers,
    });
  }
}

/** Requests that may share an answer: GETs whose page headers match exactly. */
export function coalescingKey(method: string, path: string, headers: Headers): string | null {
  if (method !== 'GET') return null;
  return `${path}\n${[...headers].map(([name, value]) => `${name}:${value}`).sort().join('\n')}`;
}
