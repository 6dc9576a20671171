// The load scenario, one phase after another, each for the same time: password sign-ups, password sign-ins of the
// users just signed up, refresh grants, then user reads (GET /users/me). The requests are the published client's (JSON auth calls with project
// headers, the form-encoded OAuth refresh grant). Sign-ups and sign-ins cost a bcrypt hash each (cost 4 in the emulator),
// so the refresh phase does not depend on them: each client refreshes its own session, opened for a signed-up user
// with the server key (POST /auth/sessions, no password hash), as a server SDK would.
import { DEMO_PROJECT, type SeedProject } from '../index.ts';
import { LoadRecorder, type Operation } from './report.ts';

export interface LoadOptions {
  baseUrl: string;
  concurrency: number;
  /** Length of each phase. */
  phaseMillis: number;
  project?: SeedProject;
  /** The emulator process's CPU time so far, in microseconds (GET /emulator/api/process); per-phase CPU when given. */
  cpuMicros?: () => Promise<number>;
}

export const PASSWORD = 'correct horse battery staple';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

async function timed<T>(recorder: LoadRecorder, op: Operation, call: () => Promise<Outcome<T>>): Promise<T | null> {
  const started = performance.now();
  const outcome = await call().catch((error: unknown): Outcome<T> => ({ ok: false, error: error instanceof Error ? error.message : String(error) }));
  recorder.record(op, performance.now() - started, outcome.ok ? null : outcome.error);
  return outcome.ok ? outcome.value : null;
}

async function readJson<T>(res: Response, check: (body: Record<string, unknown>) => T | null): Promise<Outcome<T>> {
  const text = await res.text();
  if (res.status !== 200) return { ok: false, error: `${res.status} ${res.headers.get('x-stack-known-error') ?? text.slice(0, 120)}` };
  const value = check(JSON.parse(text) as Record<string, unknown>);
  return value === null ? { ok: false, error: `unexpected answer ${text.slice(0, 120)}` } : { ok: true, value };
}

const withTokens = (body: Record<string, unknown>) =>
  typeof body.access_token === 'string' && typeof body.refresh_token === 'string' ? { refreshToken: body.refresh_token, userId: String(body.user_id) } : null;

export async function runLoad(opts: LoadOptions): Promise<{ recorder: LoadRecorder; elapsedMs: number }> {
  const project = opts.project ?? DEMO_PROJECT;
  const api = `${opts.baseUrl}/api/v1`;
  const projectHeaders = { 'content-type': 'application/json', 'x-stack-project-id': project.id };
  const clientKey = { 'x-stack-project-id': project.id, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': project.publishableClientKey };
  const clientHeaders = { ...projectHeaders, ...clientKey };
  const serverHeaders = { ...projectHeaders, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': project.secretServerKey };
  const post = (path: string, headers: Record<string, string>, body: unknown) => fetch(`${api}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const recorder = new LoadRecorder();

  /** Runs `step` in every client until the phase's time is up; records the emulator's CPU time over the phase. */
  const phase = async (op: Operation, step: (client: number) => Promise<void>) => {
    const cpuBefore = await opts.cpuMicros?.();
    const started = performance.now();
    const deadline = started + opts.phaseMillis;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async (_, client) => {
        while (performance.now() < deadline) await step(client);
      }),
    );
    const cpuAfter = await opts.cpuMicros?.();
    recorder.phaseDone(op, performance.now() - started, cpuBefore === undefined || cpuAfter === undefined ? null : cpuAfter - cpuBefore);
  };

  const users: { email: string; userId: string }[] = [];
  await phase('sign-up', async (client) => {
    const email = `load-${client}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const body = { email, password: PASSWORD, verification_callback_url: 'http://localhost:3000/handler/email-verification' };
    const signedUp = await timed(recorder, 'sign-up', async () => readJson(await post('/auth/password/sign-up', clientHeaders, body), withTokens));
    if (signedUp) users.push({ email, userId: signedUp.userId });
  });
  if (users.length === 0) return { recorder, elapsedMs: recorder.elapsedMs() };

  let next = 0;
  await phase('sign-in', async () => {
    const user = users[next++ % users.length] as { email: string };
    await timed(recorder, 'sign-in', async () => readJson(await post('/auth/password/sign-in', clientHeaders, { email: user.email, password: PASSWORD }), withTokens));
  });

  const sessions = await Promise.all(
    Array.from({ length: opts.concurrency }, async (_, client) => {
      const user = users[client % users.length] as { userId: string };
      const opened = await readJson(await post('/auth/sessions', serverHeaders, { user_id: user.userId }), (body) => (typeof body.refresh_token === 'string' ? body.refresh_token : null));
      if (!opened.ok) throw new Error(`POST /auth/sessions: ${opened.error}`);
      return opened.value;
    }),
  );
  const accessTokens: string[] = [];
  const refresh = async (refreshToken: string, client: number): Promise<Outcome<null>> => {
    const res = await fetch(`${api}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
      body: new URLSearchParams({ refresh_token: refreshToken, grant_type: 'refresh_token', client_id: project.id, client_secret: project.publishableClientKey }),
    });
    const refreshed = await readJson(res, (body) => (typeof body.access_token === 'string' ? body.access_token : null));
    if (!refreshed.ok) return refreshed;
    accessTokens[client] = refreshed.value;
    return { ok: true, value: null };
  };
  await phase('refresh', async (client) => {
    await timed(recorder, 'refresh', () => refresh(sessions[client] as string, client));
  });
  // The page's commonest authenticated call: the signed-in user, with the access token of the client's last refresh.
  await phase('user-read', async (client) => {
    // No content-type: a GET with one and no body is a BODY_PARSING_ERROR, as on the real backend.
    const headers = { ...clientKey, 'x-stack-access-token': accessTokens[client] ?? '' };
    await timed(recorder, 'user-read', async () => readJson(await fetch(`${api}/users/me`, { headers }), (body) => (typeof body.id === 'string' ? true : null)));
  });
  return { recorder, elapsedMs: recorder.elapsedMs() };
}
