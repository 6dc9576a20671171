// 6. Emulator: sign-ins and refreshes per second at 32 concurrent clients (HTTP from Node, no browser).
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { createUser, PASSWORD } from './harness.ts';
import { ms, percentile } from './stats.ts';
import type { ResultRow } from './table.ts';

const CONCURRENCY = 32;
const DURATION_MS = 5_000;
/** Upper bound on requests per phase, whatever the speed. */
const MAX_REQUESTS = 20_000;

const clientHeaders = {
  'x-stack-project-id': DEMO_PROJECT.id,
  'x-stack-access-type': 'client',
  'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey,
};

interface Phase {
  perSecond: number;
  latencies: number[];
  failures: number;
}

/** Runs `call` from CONCURRENCY loops until the duration or the request bound is reached. */
async function load(call: (client: number) => Promise<boolean>): Promise<Phase> {
  const latencies: number[] = [];
  let failures = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      while (performance.now() < deadline && issued < MAX_REQUESTS) {
        issued++;
        const t = performance.now();
        const ok = await call(client).catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) failures++;
      }
    }),
  );
  return { perSecond: latencies.length / ((performance.now() - started) / 1000), latencies, failures };
}

async function signIn(emulatorUrl: string, email: string): Promise<{ ok: boolean; refreshToken?: string }> {
  const response = await fetch(`${emulatorUrl}/api/v1/auth/password/sign-in`, {
    method: 'POST',
    headers: { ...clientHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) return { ok: false };
  const body = (await response.json()) as { refresh_token: string };
  return { ok: true, refreshToken: body.refresh_token };
}

async function refresh(emulatorUrl: string, refreshToken: string): Promise<boolean> {
  const response = await fetch(`${emulatorUrl}/api/v1/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: DEMO_PROJECT.id, client_secret: DEMO_PROJECT.publishableClientKey }),
  });
  await response.arrayBuffer();
  return response.ok;
}

export async function emulatorThroughput(emulatorUrl: string): Promise<ResultRow[]> {
  const emails = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => createUser(emulatorUrl, `load-${i}`)));
  const refreshTokens: string[] = [];
  const signIns = await load(async (client) => {
    const result = await signIn(emulatorUrl, emails[client] as string);
    if (result.refreshToken) refreshTokens[client] = result.refreshToken;
    return result.ok;
  });
  const refreshes = await load((client) => refresh(emulatorUrl, refreshTokens[client] as string));
  const name = '6. Emulator';
  const theirs = 'n/a (hosted backend not benchmarked: localhost only)';
  const phaseRows = (label: string, phase: Phase): ResultRow[] => [
    {
      benchmark: name,
      metric: `${label} per second, ${CONCURRENCY} concurrent clients`,
      ours: phase.perSecond.toFixed(1),
      theirs,
      note: `${phase.latencies.length} requests in ~${DURATION_MS / 1000} s, ${phase.failures} failed; p50 ${ms(percentile(phase.latencies, 50))}`,
    },
    { benchmark: name, metric: `${label} latency p99`, ours: ms(percentile(phase.latencies, 99)), theirs },
  ];
  return [...phaseRows('password sign-ins', signIns), ...phaseRows('refresh grants', refreshes)];
}
