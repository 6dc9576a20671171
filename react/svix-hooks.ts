// The project's webhooks in React, as svix-react's hooks (useSvix, useEndpoints, useEndpointMessageAttempts) but on
// the admin app's Svix token and without a provider: the app and the Svix server are arguments. Lists are
// SvixListQuery stores (runtime/admin/svix-list.ts); a change made through useSvix, or refreshSvixLists(app),
// reloads every list of the app on screen. Nothing polls.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { StackAdminApp } from '../runtime/admin/admin-app.ts';
import { createSvixClient, type SvixClient } from '../runtime/admin/svix-client.ts';
import { SvixApiError } from '../runtime/admin/svix-errors.ts';
import { SvixListQuery, type SvixListSnapshot } from '../runtime/admin/svix-list.ts';
import type { SvixEndpoint, SvixMessageAttempt } from '../runtime/protocol/schemas/svix.ts';
import { forgetSvixToken, svixTokenOf } from './svix-token.ts';

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

const clients = new WeakMap<StackAdminApp, Map<string, SvixClient>>();
/** The lists mounted hooks show, with the endpoint each one is about (an attempt list). */
const liveLists = new WeakMap<StackAdminApp, Map<SvixListQuery<unknown>, string | undefined>>();

/** Reads again every Svix list of this admin app that a mounted hook shows (after a change made elsewhere). */
export function refreshSvixLists(app: StackAdminApp): void {
  reloadLists(app);
}

/** `gone`: a deleted endpoint, whose attempt lists are not read again (they would only answer 404). */
function reloadLists(app: StackAdminApp, gone?: string): void {
  for (const [list, endpointId] of liveLists.get(app) ?? []) if (gone === undefined || endpointId !== gone) void list.reload();
}

/** A refused token is dropped, so the next call asks the backend for a new one (tokens expire). */
function renewingToken<A extends unknown[], R>(app: StackAdminApp, call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await call(...args);
    } catch (error) {
      if (error instanceof SvixApiError && error.status === 401) forgetSvixToken(app);
      throw error;
    }
  };
}

function clientOf(app: StackAdminApp, serverUrl: string | undefined): SvixClient {
  const byServer = clients.get(app) ?? new Map<string, SvixClient>();
  clients.set(app, byServer);
  const known = byServer.get(serverUrl ?? '');
  if (known) return known;
  const svix = createSvixClient({ token: () => svixTokenOf(app), appId: app.projectId, ...(serverUrl === undefined ? {} : { serverUrl }) });
  const createEndpoint = renewingToken(app, svix.createEndpoint);
  const deleteEndpoint = renewingToken(app, svix.deleteEndpoint);
  const client: SvixClient = {
    appId: svix.appId,
    listEndpoints: renewingToken(app, svix.listEndpoints),
    createEndpoint: async (...args) => {
      const endpoint = await createEndpoint(...args);
      reloadLists(app);
      return endpoint;
    },
    deleteEndpoint: async (endpointId, options) => {
      await deleteEndpoint(endpointId, options);
      reloadLists(app, endpointId);
    },
    getEndpointSecret: renewingToken(app, svix.getEndpointSecret),
    listAttemptsByEndpoint: renewingToken(app, svix.listAttemptsByEndpoint),
    getMessage: renewingToken(app, svix.getMessage),
  };
  byServer.set(serverUrl ?? '', client);
  return client;
}

/**
 * The Svix client of the admin app's project (svix-react's `useSvix`), one per app and server: its token is the
 * one useSvixToken shows, asked on the first call. createEndpoint and deleteEndpoint reload the lists on screen.
 */
export function useSvix(app: StackAdminApp, options: UseSvixOptions = {}): SvixClient {
  return clientOf(app, options.serverUrl);
}

function useSvixList<T>(app: StackAdminApp, list: SvixListQuery<T>, endpointId?: string): SvixListState<T> {
  useEffect(() => {
    const live = liveLists.get(app) ?? new Map<SvixListQuery<unknown>, string | undefined>();
    liveLists.set(app, live);
    live.set(list as SvixListQuery<unknown>, endpointId);
    void list.reload();
    return () => {
      live.delete(list as SvixListQuery<unknown>);
      list.abort();
    };
  }, [app, list, endpointId]);
  const snapshot = useSyncExternalStore(list.subscribe, list.getSnapshot, list.getSnapshot);
  return useMemo(
    () => ({ ...snapshot, reload: () => void list.reload(), nextPage: () => void list.nextPage(), prevPage: () => void list.prevPage() }),
    [snapshot, list],
  );
}

/** The project's webhook endpoints, a page at a time (svix-react's `useEndpoints`); loads on mount. */
export function useEndpoints(app: StackAdminApp, options: UseSvixOptions & { limit?: number; order?: 'ascending' | 'descending' } = {}): SvixListState<SvixEndpoint> {
  const svix = useSvix(app, options);
  const { limit, order } = options;
  const list = useMemo(() => new SvixListQuery((iterator, signal) => svix.listEndpoints({ limit, order, iterator, signal })), [svix, limit, order]);
  return useSvixList(app, list);
}

/**
 * An endpoint's delivery attempts, newest first (svix-react's `useEndpointMessageAttempts`); `withMsg` adds each
 * attempt's message (its event type; the payload too unless `withContent` is false).
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
