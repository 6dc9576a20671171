// The devtools' fault switches (issue 34): the worker's network dropped for a while, the next API requests
// answered with a failure, the worker's clock skewed. They act on the fetch the session host is given, so the
// pipeline, the refresh and the offline cache react exactly as they would to the real thing.
import type { FaultKind } from '../../runtime/bridge/devtools-schemas.ts';
import { API_PATH_PREFIX } from '../../runtime/protocol/endpoint-path.ts';

export class FaultSwitches {
  readonly #apiPrefix: string;
  #networkDroppedUntil = 0;
  #failNext: { count: number; kind: FaultKind } | null = null;
  #clockSkewMs = 0;

  constructor(apiUrl: string) {
    this.#apiPrefix = `${apiUrl}${API_PATH_PREFIX}`;
  }

  get networkDropped(): boolean {
    return Date.now() < this.#networkDroppedUntil;
  }

  /** The worker's clock: the real one plus the skew. */
  now = (): number => Date.now() + this.#clockSkewMs;

  dropNetwork(seconds: number): void {
    this.#networkDroppedUntil = Date.now() + seconds * 1000;
  }

  failNext(count: number, kind: FaultKind): void {
    this.#failNext = { count, kind };
  }

  skewClock(ms: number): void {
    this.#clockSkewMs = ms;
  }

  describe(): { networkDroppedUntil: number | null; failNext: { count: number; kind: FaultKind } | null; clockSkewMs: number } {
    return { networkDroppedUntil: this.networkDropped ? this.#networkDroppedUntil : null, failNext: this.#failNext && { ...this.#failNext }, clockSkewMs: this.#clockSkewMs };
  }

  /** `inner` with the faults applied to API requests; other requests pass untouched. */
  wrap(inner: typeof fetch): typeof fetch {
    return (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith(this.#apiPrefix)) return inner(input, init);
      if (this.networkDropped) return Promise.reject(new TypeError('Failed to fetch (network dropped by authworker devtools)'));
      const failure = this.#takeFailure();
      if (failure === 'network') return Promise.reject(new TypeError('Failed to fetch (failure injected by authworker devtools)'));
      if (failure === '429') return Promise.resolve(Response.json({ error: 'Too many requests (injected by authworker devtools)' }, { status: 429, headers: { 'retry-after': '1' } }));
      if (failure === '500') return Promise.resolve(Response.json({ error: 'Internal server error (injected by authworker devtools)' }, { status: 500 }));
      return inner(input, init);
    };
  }

  #takeFailure(): FaultKind | null {
    const next = this.#failNext;
    if (!next) return null;
    this.#failNext = next.count > 1 ? { ...next, count: next.count - 1 } : null;
    return next.kind;
  }
}
