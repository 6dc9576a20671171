// The devtools' contract (issue 34): the commands a page's panel sends the worker, and the reports the worker
// sends back. Both ends validate with these schemas. No report field may ever hold a token or a secret: the
// worker fills them from decoded claims, statuses and redacted paths only (sw/devtools/devtools.test.ts).
import * as z from 'zod/mini';

export const DEVTOOLS_MESSAGE_TYPE = 'authworker:devtools';
/** Rows kept of each list: the latest requests and events. */
export const DEVTOOLS_LOG_CAP = 200;
export const FAULT_KINDS = ['429', '500', 'network'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const command = <T extends string, S extends z.core.$ZodLooseShape>(name: T, shape: S) =>
  z.object({ type: z.literal(DEVTOOLS_MESSAGE_TYPE), command: z.literal(name), ...shape });

/** A page -> worker devtools message; its reply (or the report stream, for `connect`) goes to the port it carries. */
export const devtoolsCommandSchema = z.discriminatedUnion('command', [
  command('connect', {}),
  command('state', {}),
  command('expire-access-token', {}),
  command('drop-network', { seconds: z.number().check(z.positive(), z.maximum(3600)) }),
  command('fail-next-requests', { count: z.number().check(z.int(), z.positive(), z.maximum(1000)), kind: z.enum(FAULT_KINDS) }),
  command('restart-worker', {}),
  command('revoke-session', {}),
  command('skew-clock', { ms: z.number().check(z.int(), z.minimum(-86_400_000), z.maximum(86_400_000)) }),
]);
export type DevtoolsCommand = z.infer<typeof devtoolsCommandSchema>;
/** Every command but the ones that open or read the report stream: the fault controls. */
export type FaultCommand = Exclude<DevtoolsCommand, { command: 'connect' | 'state' }>;

export const devtoolsReplySchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), message: z.string() })]);
export type DevtoolsReply = z.infer<typeof devtoolsReplySchema>;

const time = z.number();
const count = z.number().check(z.int(), z.minimum(0));

const refreshRecordSchema = z.object({ at: time, durationMs: z.number(), outcome: z.enum(['ok', 'refused', 'failed']) });
export type RefreshRecord = z.infer<typeof refreshRecordSchema>;

const devtoolsStateSchema = z.object({
  session: z.object({
    // Shown, not acted on: plain strings keep the bridge's constants out of the panel's chunk (no shared chunk).
    status: z.string(),
    userId: z.nullable(z.string()),
    /** Read from the worker's last /users/me answer for this user. */
    primaryEmail: z.nullable(z.string()),
    seq: z.number(),
    network: z.string(),
    /** Milliseconds the access token had left when the state was taken (server clock); null when there is none. */
    accessTokenExpiresInMs: z.nullable(z.number()),
    clockOffsetMs: z.number(),
    lastRefresh: z.nullable(refreshRecordSchema),
    /** The first request after this many ms refreshes (the 20 s margin); null when no access token is held. */
    nextRefreshInMs: z.nullable(z.number()),
  }),
  worker: z.object({
    /** The script URL with its query values removed. */
    scriptUrl: z.string(),
    version: z.string(),
    mode: z.literal('worker'),
    storage: z.enum(['indexeddb', 'memory']),
    startedAt: time,
    restarts: count,
    queuedSignOuts: count,
    offlineCachedReads: count,
    faults: z.object({ networkDroppedUntil: z.nullable(time), failNext: z.nullable(z.object({ count, kind: z.enum(FAULT_KINDS) })), clockSkewMs: z.number() }),
  }),
  tabs: z.array(z.object({ id: z.string(), url: z.string(), visibility: z.string(), focused: z.boolean(), lastMessageAt: z.nullable(time) })),
});
export type DevtoolsState = z.infer<typeof devtoolsStateSchema>;

const requestAttemptSchema = z.object({ status: z.nullable(z.number()), code: z.nullable(z.string()), durationMs: z.number() });
export type RequestAttempt = z.infer<typeof requestAttemptSchema>;

const requestRecordSchema = z.object({
  id: count,
  at: time,
  /** `page` for a page's request the worker forwarded, `worker` for one it sent itself (a refresh, a Comlink call). */
  source: z.enum(['page', 'worker']),
  method: z.string(),
  /** The path under /api/v1 with its query values removed. */
  path: z.string(),
  status: z.nullable(z.number()),
  code: z.nullable(z.string()),
  attempts: z.array(requestAttemptSchema),
  durationMs: z.nullable(z.number()),
  coalesced: z.boolean(),
  offlineCache: z.boolean(),
});
export type RequestRecord = z.infer<typeof requestRecordSchema>;

const eventRecordSchema = z.object({
  id: count,
  at: time,
  kind: z.enum(['session', 'error', 'fault']),
  seq: z.nullable(z.number()),
  code: z.nullable(z.string()),
  text: z.string(),
});
export type EventRecord = z.infer<typeof eventRecordSchema>;

export const devtoolsReportSchema = z.discriminatedUnion('report', [
  z.object({ report: z.literal('state'), state: devtoolsStateSchema }),
  z.object({ report: z.literal('request'), request: requestRecordSchema }),
  z.object({ report: z.literal('event'), event: eventRecordSchema }),
]);
export type DevtoolsReport = z.infer<typeof devtoolsReportSchema>;

/** A path or URL with every query value removed (`?code=…`): values may be secrets, names are not. */
export function withoutQueryValues(pathOrUrl: string): string {
  const [base, query] = pathOrUrl.split('?', 2) as [string, string | undefined];
  const hashless = base.split('#')[0] ?? base;
  if (query === undefined) return hashless;
  const names = query.split('#')[0]?.split('&').filter(Boolean).map((pair) => `${pair.split('=')[0]}=…`) ?? [];
  return names.length > 0 ? `${hashless}?${names.join('&')}` : hashless;
}
