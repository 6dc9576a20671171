// The panel's sections, each drawn from the view the worker reported: Session, Worker, Tabs, Requests, Events.
// Values only: the reports hold no token (the worker never puts one in), so neither can the panel.
import type { RequestAttempt, RequestRecord } from '../../bridge/devtools-schemas.ts';
import type { DevtoolsView } from './connection.ts';
import { clock, duration, facts, h, table } from './dom.ts';

export function sessionSection(view: DevtoolsView, now: number): Node {
  const session = view.state?.session;
  if (!session) return h('p', { 'data-testid': 'aw-dt-session-unknown' }, view.unavailable ?? 'Waiting for the worker…');
  const elapsed = now - view.stateAt;
  const left = session.accessTokenExpiresInMs === null ? null : session.accessTokenExpiresInMs - elapsed;
  const next = session.nextRefreshInMs === null ? null : session.nextRefreshInMs - elapsed;
  const refresh = session.lastRefresh;
  return facts([
    ['status', 'Status', `${session.status}${session.network === 'online' ? '' : ` (${session.network})`}`],
    ['user-id', 'User id', session.userId ?? '—'],
    ['email', 'E-mail', session.primaryEmail ?? (session.userId ? 'not read yet' : '—')],
    ['seq', 'Sequence number', String(session.seq)],
    ['expiry', 'Access token', left === null ? 'none held (the next request refreshes)' : left > 0 ? `expires in ${duration(left)}` : `expired ${duration(left)}`],
    ['last-refresh', 'Last refresh', refresh ? `${clock(refresh.at)}, ${refresh.durationMs} ms, ${refresh.outcome}` : 'none since the worker started'],
    ['next-refresh', 'Next refresh', next === null ? 'on the next request' : next > 0 ? `on the first request after ${duration(next)}` : 'on the next request'],
    ['clock-offset', 'Server clock offset', `${session.clockOffsetMs} ms`],
  ]);
}

export function workerSection(view: DevtoolsView): Node {
  const worker = view.state?.worker;
  const controller = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return facts([['controlling', 'Controlling this page', controller ? 'yes' : 'no']]);
  const faults = worker.faults;
  const active = [
    faults.networkDroppedUntil !== null && `network dropped until ${clock(faults.networkDroppedUntil)}`,
    faults.failNext && `next ${faults.failNext.count} request(s) fail with ${faults.failNext.kind}`,
    faults.clockSkewMs !== 0 && `clock skewed ${faults.clockSkewMs} ms`,
  ].filter((fault): fault is string => typeof fault === 'string');
  return facts([
    ['controlling', 'Controlling this page', controller ? 'yes' : 'no (registered)'],
    ['script', 'Script', worker.scriptUrl],
    ['version', 'Version', worker.version],
    ['mode', 'Mode', worker.mode],
    ['storage', 'Storage', worker.storage === 'indexeddb' ? 'IndexedDB (sealed store)' : 'memory'],
    ['started', 'Started', `${clock(worker.startedAt)}${worker.restarts > 0 ? `, restarted ${worker.restarts}×` : ''}`],
    ['queued-sign-outs', 'Queued sign-outs', String(worker.queuedSignOuts)],
    ['offline-reads', 'Offline-cached reads', String(worker.offlineCachedReads)],
    ['faults', 'Faults on', active.length > 0 ? active.join('; ') : 'none'],
  ]);
}

export function tabsSection(view: DevtoolsView): Node {
  const tabs = view.state?.tabs ?? [];
  return table(
    'Tabs the worker serves',
    ['URL', 'Visible', 'Focused', 'Last message'],
    tabs.map((tab) => [tab.url, tab.visibility, tab.focused ? 'yes' : 'no', tab.lastMessageAt === null ? '—' : clock(tab.lastMessageAt)]),
    'aw-dt-tabs',
  );
}

export function requestsSection(view: DevtoolsView): Node {
  return table(
    `Latest API requests, newest first (${view.requests.length})`,
    ['Time', 'Method', 'Path', 'Status', 'Attempts', 'Duration', 'Notes'],
    view.requests.map((request) => [
      clock(request.at),
      request.method,
      request.path,
      h('span', { class: (request.status ?? 500) >= 400 ? 'aw-dt-error' : '' }, request.status === null ? 'failed' : String(request.status)),
      attemptsText(request.attempts),
      request.durationMs === null ? '—' : `${request.durationMs} ms`,
      notes(request),
    ]),
    'aw-dt-requests',
  );
}

export function eventsSection(view: DevtoolsView): Node {
  if (view.events.length === 0) return h('p', {}, 'No events yet.');
  return h(
    'ol',
    { 'data-testid': 'aw-dt-events', reversed: true },
    ...view.events.map((event) =>
      h(
        'li',
        { class: event.kind === 'error' ? 'aw-dt-error' : '' },
        `${clock(event.at)} ${event.kind}${event.seq === null ? '' : ` #${event.seq}`}: ${event.text}${event.code ? ` [${event.code}]` : ''}`,
      ),
    ),
  );
}

/** `2: 429, 200`: how many, and what each before the last answered (why it was retried). */
function attemptsText(attempts: readonly RequestAttempt[]): string {
  if (attempts.length === 0) return '0';
  if (attempts.length === 1) return '1';
  return `${attempts.length}: ${attempts.map((attempt) => (attempt.status === null ? 'network error' : `${attempt.status}${attempt.code ? ` ${attempt.code}` : ''}`)).join(', ')}`;
}

function notes(request: RequestRecord): string {
  return [request.source === 'worker' && 'sent by the worker', request.coalesced && 'coalesced', request.offlineCache && 'offline cache', request.code]
    .filter((note): note is string => typeof note === 'string' && note !== '')
    .join(', ');
}
