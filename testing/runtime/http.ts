// Deterministic stand-ins for the injectable clock, sleep and fetch, shared by the http and session tests.
// Web-standard only, so it typechecks in every project; nothing outside tests imports it.

import { encodeKnownError, type KnownErrorCode } from '../../runtime/protocol/errors/index.ts';
import { createPipeline, type PipelineConfig } from '../../runtime/http/pipeline.ts';
import type { SessionLike } from '../../runtime/http/session-like.ts';

export interface FakeClock {
  now: () => number;
  advance(ms: number): void;
}

export function fakeClock(start = 1_700_000_000_000): FakeClock {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

/** A sleep that records each delay, moves the fake clock and resolves at once. */
export function instantSleep(clock: FakeClock): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
      clock.advance(ms);
    },
  };
}

/** A sleep that stays pending until the test releases it, for asserting what waits. */
export function manualSleep(): {
  sleep: (ms: number) => Promise<void>;
  pending: () => number[];
  releaseAll: () => void;
} {
  let waiting: { ms: number; resolve: () => void }[] = [];
  return {
    sleep: (ms: number) => new Promise<void>((resolve) => waiting.push({ ms, resolve })),
    pending: () => waiting.map((w) => w.ms),
    releaseAll() {
      const released = waiting;
      waiting = [];
      for (const w of released) w.resolve();
    },
  };
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  init: RequestInit;
}

export type FetchHandler = (call: RecordedCall, index: number) => Response | Promise<Response>;

/** A fetch that records every call and answers through `handler`. */
export function fakeFetch(handler: FetchHandler): { fetch: typeof fetch; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: RecordedCall = { url, method: init.method ?? 'GET', headers: new Headers(init.headers), init };
    calls.push(call);
    return handler(call, calls.length - 1);
  };
  return { fetch: fetchFn as typeof fetch, calls };
}

/** Lets every queued promise callback run (several hops deep). */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

function base64url(text: string): string {
  return btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT-shaped token: the client never verifies signatures, only decodes claims. */
export function makeJwt(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'ES256', kid: 'test-kid-123' }))}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

/** A token for user `sub` that expires `millisLeft` after `nowMs`. */
export function tokenExpiringIn(nowMs: number, millisLeft: number, sub = 'user-1'): string {
  return makeJwt({ sub, iat: Math.floor(nowMs / 1000), exp: (nowMs + millisLeft) / 1000 });
}

/** A response the way the backend sends it under x-stack-override-error-status: 200 + the real status in a header. */
export function overriddenResponse(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status: 200, headers: { 'x-stack-actual-status': String(status), ...headers } });
}

/** A known-error response; overridden (as /api/v1 answers us) unless `override` is false (the token endpoint). */
export function knownErrorResponse(code: KnownErrorCode, details?: Record<string, unknown>, override = true): Response {
  const encoded = encodeKnownError(code, details);
  const body = JSON.stringify(encoded.body);
  return override
    ? overriddenResponse(encoded.status, body, encoded.headers)
    : new Response(body, { status: encoded.status, headers: encoded.headers });
}

export const networkDown: FetchHandler = () => {
  throw new TypeError('fetch failed');
};

/** A session that hands out `tokens` in order, moving on each time the current one is marked expired. */
export function fakeSession(tokens: string[]): SessionLike & { expired: string[]; margins: (number | undefined)[] } {
  let current = 0;
  const expired: string[] = [];
  const margins: (number | undefined)[] = [];
  return {
    expired,
    margins,
    async getTokens(minMillisLeft?: number) {
      margins.push(minMillisLeft);
      const accessToken = tokens[current];
      return accessToken === undefined ? null : { accessToken, refreshToken: 'rt-1' };
    },
    markAccessTokenExpired(accessToken: string) {
      expired.push(accessToken);
      if (tokens[current] === accessToken) current++;
    },
  };
}

export const TEST_API = 'https://api.example.com';

/** A client pipeline on fake fetch, clock and instant sleep; random fixed at 0.5 so delays are 1000 * 2^i. */
export function setupPipeline(handler: FetchHandler, overrides: Partial<PipelineConfig> = {}) {
  const clock = fakeClock();
  const { sleep, delays } = instantSleep(clock);
  const { fetch, calls } = fakeFetch(handler);
  const pipeline = createPipeline({
    apiUrl: `${TEST_API}/`,
    projectId: 'proj-1',
    accessType: 'client',
    publishableClientKey: 'pck_1',
    fetch,
    now: clock.now,
    sleep,
    random: () => 0.5,
    isOnline: () => true,
    ...overrides,
  });
  return { pipeline, calls, delays, clock };
}
