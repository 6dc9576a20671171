// The load scenario: each client loops sign-up -> sign-in -> two refresh grants, with the requests the
// published client sends (JSON auth calls with project headers, the form-encoded OAuth refresh grant).
import { DEMO_PROJECT, type SeedProject } from '../index.ts';
import { LoadRecorder, type Operation } from './report.ts';

export interface LoadOptions {
  baseUrl: string;
  concurrency: number;
  durationMs: number;
  project?: SeedProject;
}

const PASSWORD = 'correct horse battery staple';
const REFRESHES_PER_SIGN_IN = 2;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

async function timed<T>(recorder: LoadRecorder, op: Operation, call: () => Promise<Outcome<T>>): Promise<T | null> {
  const started = performance.now();
  const outcome = await call().catch((error: unknown): Outcome<T> => ({ ok: false, error: error instanceof Error ? error.message : String(error) }));
  recorder.record(op, performance.now() - started, outcome.ok ? null : outcome.error);
  return outcome.ok ? outcome.value : null;
}

async function readTokens(res: Response): Promise<Outcome<{ refreshToken: string }>> {
  const text = await res.text();
  if (res.status !== 200) return { ok: false, error: `${res.status} ${res.headers.get('x-stack-known-error') ?? text.slice(0, 120)}` };
  const body = JSON.parse(text) as { access_token?: unknown; refresh_token?: unknown };
  if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') return { ok: false, error: `no tokens in ${text.slice(0, 120)}` };
  return { ok: true, value: { refreshToken: body.refresh_token } };
}

export async function runLoad(opts: LoadOptions): Promise<{ recorder: LoadRecorder; elapsedMs: number }> {
  const project = opts.project ?? DEMO_PROJECT;
  const api = `${opts.baseUrl}/api/v1`;
  const headers = {
    'content-type': 'application/json',
    'x-stack-project-id': project.id,
    'x-stack-access-type': 'client',
    'x-stack-publishable-client-key': project.publishableClientKey,
  };
  const post = (path: string, body: unknown) => fetch(`${api}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const refresh = async (refreshToken: string): Promise<Outcome<null>> => {
    const res = await fetch(`${api}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
      body: new URLSearchParams({ refresh_token: refreshToken, grant_type: 'refresh_token', client_id: project.id, client_secret: project.publishableClientKey }),
    });
    const text = await res.text();
    if (res.status !== 200) return { ok: false, error: `${res.status} ${res.headers.get('x-stack-known-error') ?? text.slice(0, 120)}` };
    return typeof (JSON.parse(text) as { access_token?: unknown }).access_token === 'string' ? { ok: true, value: null } : { ok: false, error: 'no access_token' };
  };

  const recorder = new LoadRecorder();
  const started = performance.now();
  const deadline = started + opts.durationMs;
  const client = async (index: number) => {
    for (let round = 0; performance.now() < deadline; round++) {
      const email = `load-${index}-${round}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const signedUp = await timed(recorder, 'sign-up', async () => readTokens(await post('/auth/password/sign-up', { email, password: PASSWORD, verification_callback_url: 'http://localhost:3000/handler/email-verification' })));
      if (!signedUp || performance.now() >= deadline) continue;
      const signedIn = await timed(recorder, 'sign-in', async () => readTokens(await post('/auth/password/sign-in', { email, password: PASSWORD })));
      for (let i = 0; signedIn && i < REFRESHES_PER_SIGN_IN && performance.now() < deadline; i++) {
        await timed(recorder, 'refresh', () => refresh(signedIn.refreshToken));
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, i) => client(i)));
  return { recorder, elapsedMs: performance.now() - started };
}
