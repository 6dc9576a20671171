// Public entry of the emulator: an in-process app for tests, or a real server on a port.
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { createApp } from './app.ts';
import { createMailboxApp } from './routes/mailbox.ts';
import { SigningKeys } from './auth/signing-keys.ts';
import { createClock, type EmulatorClock } from './core/clock.ts';
import { openDatabase } from './db/open.ts';
import { seedDatabase } from './domain/seed.ts';
import type { AppEnv } from './http/env.ts';
import type { HostRule } from './http/host-guard.ts';
import { parseAllowedOrigins, type OriginRule } from './http/key-origins.ts';
import { closeServer, listen } from './http/node-server.ts';
import { DEFAULT_MAX_BODY_BYTES, parseMaxBodyBytes } from './http/request-limits.ts';
import { Stats } from './core/stats.ts';
import { RateLimiter } from './core/rate-limit.ts';
import { WebhookDelivery, type WebhookDeliveryOptions } from './webhooks/delivery.ts';
import { createSvixApp } from './webhooks/svix-app.ts';
import type { WebhookTargetRule } from './webhooks/endpoint-address.ts';
import { hostGuard } from './http/host-guard.ts';

export type { EmulatorClock } from './core/clock.ts';
export { DEMO_PROJECT, INTERNAL_PROJECT, type SeedProject } from './core/seed-projects.ts';

export interface Emulator {
  app: Hono<AppEnv>;
  /** Inbucket-compatible mailbox API (served on mailPort by startEmulator). */
  mailApp: Hono;
  /** Svix-compatible webhook API (served on webhooksPort by startEmulator). */
  webhooksApp: Hono;
  /** Webhook delivery; `settled()` waits for the attempts under way (tests). */
  webhookDelivery: Pick<WebhookDelivery, 'settled'>;
  /** The ports this emulator listens on (filled by startEmulator); webhook endpoints may not point at them. */
  ownPorts: Set<number>;
  /** The emulator's database (for tests and tools; not a stable API). */
  db: Kysely<Database>;
  clock: EmulatorClock;
  stats: Stats;
  close(): Promise<void>;
}

/** Who may reach the emulator and how much a request may carry (the same on the API and the mailbox port). */
export interface EmulatorAccessOptions extends HostRule, OriginRule {
  /** Largest request body in bytes, refused 413 while it streams in (default 1 MiB; the CLI's --max-body-bytes). */
  maxBodyBytes?: number;
}

export interface CreateEmulatorOptions extends EmulatorAccessOptions {
  /** PGlite data folder that persists between runs; in memory when omitted. */
  dataDir?: string;
  /**
   * Without `dataDir`: keep the throwaway database in a scratch folder of the temp directory (removed on close)
   * instead of in memory, for about 90 MB less resident memory (the CLI does; bench/RESULTS.md).
   */
  scratchStorage?: boolean;
  /** `postgres://…`: store everything in this PostgreSQL database instead of PGlite (migrated on open). */
  databaseUrl?: string;
  /** Base time source of the emulator clock (default Date.now). */
  now?: () => number;
  /** The backend's deliberate delays advance the emulator clock instead of waiting (tests). */
  virtualSleep?: boolean;
  /** Log one line per request. */
  log?: boolean;
  /**
   * The backend a request that says nothing of its age is answered as: `'current'` (default, the 2.8 backend the
   * hosted service runs) or `'2.7'` (the CLI's `--dialect 2.7`). x-hexclave-* requests are always current, and a
   * client version below 2.8 (`js @stackframe/stack@2.7.26`) always 2.7. docs/emulator.md#dialects.
   */
  dialect?: EmulatorDialect;
  /**
   * With `dialect: '2.7'`: mint every token of the token endpoint (refresh and code grants) and of
   * `/auth/sessions/current/refresh` with the 2.8 claim set anyway, as the hosted service does. Without it, a
   * 2.7-dialect session refreshes with the 2.7 backend's six claims. The current dialect always mints the 2.8 set.
   */
  hostedRefreshClaims?: boolean;
  /** Webhook retries (default Svix's schedule). */
  webhooks?: WebhookDeliveryOptions;
}

/** See CreateEmulatorOptions.dialect. */
export type EmulatorDialect = 'current' | '2.7';

export async function createEmulator(opts: CreateEmulatorOptions = {}): Promise<Emulator> {
  const database = await openDatabase({
    ...(opts.dataDir === undefined ? {} : { dataDir: opts.dataDir }),
    scratch: opts.scratchStorage ?? false,
    ...(opts.databaseUrl === undefined ? {} : { databaseUrl: opts.databaseUrl }),
  });
  try {
    await database.setup(seedDatabase);
  } catch (error) {
    await database.close();
    throw error;
  }
  const clock = createClock(opts.now, { virtualSleep: opts.virtualSleep ?? false });
  const stats = new Stats();
  const services = { db: database.db, clock, keys: new SigningKeys(database.db), stats, rateLimiter: new RateLimiter(),
    dialect: opts.dialect === '2.7' ? ('stack' as const) : ('current' as const),
    hostedRefreshClaims: opts.hostedRefreshClaims ?? false,
  };
  const access = {
    maxBodyBytes: parseMaxBodyBytes(opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
    allowedHosts: opts.allowedHosts ?? [],
    allowAnyHost: opts.allowAnyHost ?? false,
  };
  const app = createApp(services, { log: opts.log ?? false, ...access, allowedOrigins: parseAllowedOrigins(opts.allowedOrigins ?? []) });
  // startEmulator adds the ports it listens on, so no endpoint can point the emulator at itself.
  const ownPorts = new Set<number>();
  const targets: WebhookTargetRule = {
    allowPrivateNetworks: opts.webhooks?.allowPrivateNetworks ?? false,
    ownPorts,
    ...(opts.webhooks?.resolve === undefined ? {} : { resolve: opts.webhooks.resolve }),
  };
  const delivery = new WebhookDelivery(database.db, targets, opts.webhooks);
  const close = async () => {
    await delivery.close();
    await database.close();
  };
  return {
    app,
    mailApp: createMailboxApp(database.db, access),
    webhooksApp: createSvixApp(database.db, hostGuard(access), targets),
    webhookDelivery: delivery,
    ownPorts,
    db: database.db,
    clock,
    stats,
    close,
  };
}

export interface StartEmulatorOptions extends EmulatorAccessOptions {
  /** Default 8102; 0 picks a free port. */
  port?: number;
  /** See CreateEmulatorOptions.scratchStorage (the CLI's default without --data). */
  scratchStorage?: boolean;
  /** Inbucket-compatible mailbox API port (default 8105). */
  mailPort?: number;
  /** Svix-compatible webhook API port (default 8113, or a free port when `port` is 0), on the loopback interface only. */
  webhooksPort?: number;
  dataDir?: string;
  /** See CreateEmulatorOptions.databaseUrl (the CLI passes DATABASE_URL). */
  databaseUrl?: string;
  /** Log one line per request. */
  log?: boolean;
  /** See CreateEmulatorOptions.dialect (the CLI's --dialect). */
  dialect?: EmulatorDialect;
  /** See CreateEmulatorOptions.hostedRefreshClaims (the CLI's --hosted-refresh-claims). */
  hostedRefreshClaims?: boolean;
  /** See CreateEmulatorOptions.webhooks (the CLI's --allow-private-webhooks). */
  webhooks?: WebhookDeliveryOptions;
  /**
   * Address to listen on (default `localhost`, loopback only; the CLI's --bind). Listening on a LAN address also
   * needs allowedHosts / allowAnyHost, since requests then carry a non-loopback Host.
   */
  hostname?: string;
}

export interface RunningEmulator extends Emulator {
  url: string;
  port: number;
  /** Base URL of the mailbox API, e.g. http://localhost:8105 */
  mailUrl: string;
  mailPort: number;
  /** Base URL of the webhook API, e.g. http://127.0.0.1:8113 */
  webhooksUrl: string;
  webhooksPort: number;
}

export async function startEmulator(opts: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = await createEmulator({
    ...(opts.dataDir === undefined ? {} : { dataDir: opts.dataDir }),
    ...(opts.scratchStorage === undefined ? {} : { scratchStorage: opts.scratchStorage }),
    ...(opts.databaseUrl === undefined ? {} : { databaseUrl: opts.databaseUrl }),
    log: opts.log ?? false,
    hostedRefreshClaims: opts.hostedRefreshClaims ?? false,
    ...(opts.dialect === undefined ? {} : { dialect: opts.dialect }),
    ...(opts.maxBodyBytes === undefined ? {} : { maxBodyBytes: opts.maxBodyBytes }),
    ...(opts.allowedHosts === undefined ? {} : { allowedHosts: opts.allowedHosts }),
    ...(opts.allowAnyHost === undefined ? {} : { allowAnyHost: opts.allowAnyHost }),
    ...(opts.allowedOrigins === undefined ? {} : { allowedOrigins: opts.allowedOrigins }),
    ...(opts.webhooks === undefined ? {} : { webhooks: opts.webhooks }),
  });
  const hostname = opts.hostname ?? 'localhost';
  try {
    const { server, port } = await listen(emulator.app.fetch, opts.port ?? 8102, hostname);
    const mail = await listen(emulator.mailApp.fetch, opts.mailPort ?? 8105, hostname).catch(async (error: unknown) => {
      await closeServer(server);
      throw error;
    });
    // Loopback only, whatever `hostname` says: the token is the only thing guarding it.
    const webhooks = await listen(emulator.webhooksApp.fetch, opts.webhooksPort ?? (opts.port === 0 ? 0 : 8113), '127.0.0.1').catch(async (error: unknown) => {
      await Promise.all([closeServer(server), closeServer(mail.server)]);
      throw error;
    });
    for (const own of [port, mail.port, webhooks.port]) emulator.ownPorts.add(own);
    return {
      ...emulator,
      url: `http://localhost:${port}`,
      port,
      mailUrl: `http://localhost:${mail.port}`,
      mailPort: mail.port,
      webhooksUrl: `http://127.0.0.1:${webhooks.port}`,
      webhooksPort: webhooks.port,
      close: async () => {
        await Promise.all([closeServer(server), closeServer(mail.server), closeServer(webhooks.server)]);
        await emulator.close();
      },
    };
  } catch (error) {
    await emulator.close();
    throw error;
  }
}
