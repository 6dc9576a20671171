// testing/emulator/: the emulator's test kits (never imported by the emulator package; dependency-cruiser checks).
// Test helpers: an in-process emulator from the cached snapshot, and request builders for the seeded projects.
import { createEmulator, type Emulator, type EmulatorDialect } from '../../emulator/index.ts';
import type { SeedProject } from '../../emulator/domain/seed.ts';
import type { AccessType } from '../../runtime/protocol/headers.ts';
import { testDatabase } from './postgres.ts';
import type { WebhookDeliveryOptions } from '../../emulator/webhooks/delivery.ts';
import { projectHeaders } from './project-headers.ts';

export { projectHeaders };

export interface TestEmulator extends Emulator {
  /** `app.request()` against http://localhost:8102 with optional project headers. */
  fetch(path: string, init?: TestRequestInit): Promise<Response>;
}

export interface TestRequestInit extends Omit<RequestInit, 'body'> {
  /** Adds the project id, access type and the matching key of `project` (default the demo project). */
  accessType?: AccessType;
  project?: SeedProject;
  /** JSON body (sets content-type). */
  json?: unknown;
  body?: BodyInit;
}

export const TEST_ORIGIN = 'http://localhost:8102';

/**
 * An in-process emulator whose deliberate delays advance its clock instead of waiting. On PGlite by default;
 * with EMULATOR_TEST_DATABASE=postgres on a fresh database of the DATABASE_URL server (dropped on close).
 * `dialect` and `hostedRefreshClaims` are the CLI's --dialect and --hosted-refresh-claims.
 */
export async function createTestEmulator(
  opts: { now?: () => number; dialect?: EmulatorDialect; hostedRefreshClaims?: boolean; webhooks?: WebhookDeliveryOptions; allowedOrigins?: string[] } = {},
): Promise<TestEmulator> {
  const database = await testDatabase();
  const emulator = await createEmulator({
    ...(opts.now ? { now: opts.now } : {}),
    hostedRefreshClaims: opts.hostedRefreshClaims ?? false,
    ...(opts.dialect ? { dialect: opts.dialect } : {}),
    ...(opts.webhooks ? { webhooks: opts.webhooks } : {}),
    ...(opts.allowedOrigins ? { allowedOrigins: opts.allowedOrigins } : {}),
    ...database.options,
    virtualSleep: true,
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    ...emulator,
    close: async () => {
      await emulator.close();
      await database.drop();
    },
    fetch(path, init = {}) {
      const { accessType, project, json, headers, ...rest } = init;
      const merged = new Headers(headers);
      if (accessType) for (const [k, v] of Object.entries(projectHeaders(accessType, project))) if (!merged.has(k)) merged.set(k, v);
      let body = rest.body;
      if (json !== undefined) {
        body = JSON.stringify(json);
        if (!merged.has('content-type')) merged.set('content-type', 'application/json');
      }
      return Promise.resolve(emulator.app.request(`${TEST_ORIGIN}${path}`, { ...rest, headers: merged, ...(body === undefined ? {} : { body }) }));
    },
  };
}

/** Signs up a fresh user on the demo project and returns its tokens. */
export async function signUp(
  emu: TestEmulator,
  opts: { email?: string; password?: string; project?: SeedProject; headers?: Record<string, string> } = {},
): Promise<{ email: string; password: string; accessToken: string; refreshToken: string; userId: string }> {
  const email = opts.email ?? `user-${crypto.randomUUID()}@example.com`;
  const password = opts.password ?? 'hunter2-password';
  const res = await emu.fetch('/api/v1/auth/password/sign-up', {
    method: 'POST',
    accessType: 'client',
    ...(opts.project ? { project: opts.project } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
    json: { email, password, verification_callback_url: 'http://localhost:3000/handler/email-verification' },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; refresh_token: string; user_id: string };
  return { email, password, accessToken: body.access_token, refreshToken: body.refresh_token, userId: body.user_id };
}

/** Merges `patch` into a project's stored config (tests of disabled features). */
export async function setProjectConfig(emu: Emulator, projectId: string, patch: Record<string, unknown>): Promise<void> {
  const row = await emu.db.selectFrom('projects').select('config').where('id', '=', projectId).executeTakeFirstOrThrow();
  await emu.db
    .updateTable('projects')
    .set({ config: JSON.stringify({ ...(row.config as object), ...patch }) })
    .where('id', '=', projectId)
    .execute();
}

export interface OutboxEmail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** E-mails sent to `address`, oldest first. */
export async function outbox(emu: TestEmulator, address: string): Promise<OutboxEmail[]> {
  const mailbox = address.split('@')[0] ?? address;
  const res = await emu.fetch(`/emulator/api/outbox?mailbox=${encodeURIComponent(mailbox)}`);
  return ((await res.json()) as OutboxEmail[]).filter((e) => e.to === address);
}

/** The `code` query parameter of the first link in the newest e-mail to `address`. */
export async function latestCode(emu: TestEmulator, address: string): Promise<string> {
  const emails = await outbox(emu, address);
  const link = /https?:\/\/\S+/.exec(emails.at(-1)?.text ?? '')?.[0];
  const code = link ? new URL(link).searchParams.get('code') : null;
  if (!code) throw new Error(`no code in the latest e-mail to ${address}`);
  return code;
}
