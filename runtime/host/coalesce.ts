import { Answer, type BufferedBody } from './answer.ts';

interface Inflight {
  response: Promise<Response>;
  callers: number;
  /** The one read of the body, when more than one caller shares it. */
  body?: Promise<BufferedBody>;
}

/**
 * Identical GETs in flight at once (several tabs asking for /users/me on load) share one network
 * request. A lone caller gets the answer unread (it may stream through); several share one read of it.
 */
export class InflightGets {
  readonly #inflight = new Map<string, Inflight>();

  get size(): number {
    return this.#inflight.size;
  }

  async run(key: string, send: () => Promise<Response>): Promise<Answer> {
    let entry = this.#inflight.get(key);
    if (!entry) {
      // Callers join until the answer's head arrives; later ones send their own request.
      entry = { response: send().finally(() => this.#inflight.delete(key)), callers: 0 };
      this.#inflight.set(key, entry);
    }
    entry.callers += 1;
    const response = await entry.response;
    if (entry.callers === 1) return new Answer(response);
    entry.body ??= new Answer(response).body();
    return new Answer(response, entry.body);
  }
}

/** Requests that may share an answer: GETs whose page headers match exactly. */
export function coalescingKey(method: string, path: string, headers: Record<string, string>): string | null {
  if (method !== 'GET') return null;
  return `${path}\n${Object.entries(headers).map(([name, value]) => `${name}:${value}`).sort().join('\n')}`;
}
