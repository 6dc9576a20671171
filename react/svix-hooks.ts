// The project's webhooks in React, as svix-react's hooks (useSvix, useEndpoints, useEndpointMessageAttempts) but on
// the admin app's Svix token and without a provider: the app and the Svix server are arguments. What the hooks of
// one app share (the token, a client per server, the lists on screen) is the app's (`app.svix`, runtime/admin/
// svix-hub.ts); each list is a SvixListQuery store of its hook. A change made through useSvix, or
// refreshSvixLists(app), reloads every list of the app on screen. Nothing polls.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { StackAdminApp } from '../runtime/admin/admin-app.ts';
import type { SvixClient } from '../runtime/admin/svix-client.ts';
import { SvixListQuery, type SvixListSnapshot } from '../runtime/admin/svix-list.ts';
import type { SvixEndpoint, SvixMessageAttempt } from '../runtime/protocol/schemas/svix.ts';

export interface UseSvixOptions {
  /** The Svix server (see SvixClientOptions.serverUrl): the emulator's is `http://127.0.0.1:8113`. */
  serverUrl?: string;
}

/** A list as the hooks give it: svix-react's fields (the page, loading, error, paging, reload). */
export interface SvixListState<T> extends SvixListSnapshot<T> {
  reload(): void;
  nextPage(): void;
  prevPage(): void;
}

/**
 * Reads again every Svix list of this admin app that a mounted hook shows (after a change made elsewhere).
 *
 * @example
 * ```ts
 * import { refreshSvixLists } from 'authworker/react/admin';
 * refreshSvixLists(admin); // after an endpoint was added with the Svix client
 * ```
 */
export function refreshSvixLists(app: StackAdminApp): void {
  app.svix.refresh();
}

/**
 * The Svix client of the admin app's project (svix-react's `useSvix`), one per app and server: its token is the
 * one useSvixToken shows, asked on the first call. createEndpoint and deleteEndpoint reload the lists on screen.
 *
 * @example
 * ```tsx
 * import { useSvix } from 'authworker/react/admin';
 * const svix = useSvix(admin, { serverUrl: 'http://127.0.0.1:8113' });
 * return <button onClick={() => void svix.createEndpoint({ url: 'https://api.example.com/hooks' })}>Add endpoint</button>;
 * ```
 */
export function useSvix(app: StackAdminApp, options: UseSvixOptions = {}): SvixClient {
  return app.svix.client(options.serverUrl);
}

/** A list of one hook (its own SvixListQuery store), shown while mounted. */
function useSvixList<T>(app: StackAdminApp, list: SvixListQuery<T>, endpointId?: string): SvixListState<T> {
  useEffect(() => {
    const hide = app.svix.show(list as SvixListQuery<unknown>, endpointId);
    void list.reload();
    return () => {
      hide();
      list.abort();
    };
  }, [app, list, endpointId]);
  const snapshot = useSyncExternalStore(list.subscribe, list.getSnapshot, list.getSnapshot);
  return useMemo(
    () => ({ ...snapshot, reload: () => void list.reload(), nextPage: () => void list.nextPage(), prevPage: () => void list.prevPage() }),
    [snapshot, list],
  );
}

/**
 * The project's webhook endpoints, a page at a time (svix-react's `useEndpoints`); loads on mount.
 *
 * @example
 * ```tsx
 * import { useEndpoints } from 'authworker/react/admin';
 * const endpoints = useEndpoints(admin, { limit: 20 });
 * return <ul>{endpoints.data?.map((e) => <li key={e.id}>{e.url}</li>)}</ul>;
 * ```
 */
export function useEndpoints(app: StackAdminApp, options: UseSvixOptions & { limit?: number; order?: 'ascending' | 'descending' } = {}): SvixListState<SvixEndpoint> {
  const svix = useSvix(app, options);
  const { limit, order } = options;
  const list = useMemo(() => new SvixListQuery((iterator, signal) => svix.listEndpoints({ limit, order, iterator, signal })), [svix, limit, order]);
  return useSvixList(app, list);
}

/**
 * An endpoint's delivery attempts, newest first (svix-react's `useEndpointMessageAttempts`); `withMsg` adds each
 * attempt's message (its event type; the payload too unless `withContent` is false).
 *
 * @example
 * ```tsx
 * import { useEndpointMessageAttempts } from 'authworker/react/admin';
 * const attempts = useEndpointMessageAttempts(admin, 'ep_2Xk9', { withMsg: true });
 * return <ul>{attempts.data?.map((a) => <li key={a.id}>{a.msg?.eventType}: {a.responseStatusCode}</li>)}</ul>;
 * ```
 */
export function useEndpointMessageAttempts(
  app: StackAdminApp,
  endpointId: string,
  options: UseSvixOptions & { limit?: number; withMsg?: boolean; withContent?: boolean } = {},
): SvixListState<SvixMessageAttempt> {
  const svix = useSvix(app, options);
  const { limit, withMsg, withContent } = options;
  const list = useMemo(
    () => new SvixListQuery((iterator, signal) => svix.listAttemptsByEndpoint(endpointId, { limit, withMsg, withContent, iterator, signal })),
    [svix, endpointId, limit, withMsg, withContent],
  );
  return useSvixList(app, list, endpointId);
}
