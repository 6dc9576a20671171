import type { SessionSnapshot } from '../../bridge/messages.ts';
import { batch } from '../../notify/notify-manager.ts';
import { Subscribable } from '../../notify/subscribable.ts';

const LOADING: SessionSnapshot = { status: 'loading', userId: null, network: 'online', seq: -1 };

/** What the page tells the store: `resync` when the tab may have missed broadcasts, `offline` when the network went. */
export interface PageEventHandlers {
  readonly resync: () => void;
  readonly offline: () => void;
}

/**
 * Adds the listeners that call the handlers and returns a function that removes them (nothing where there
 * is nothing to follow). The store calls the previous one's removal before it installs the next.
 */
export type PageEventsSetup = (handlers: PageEventHandlers) => (() => void) | undefined;

/**
 * The browser's page lifecycle: visible again (`visibilitychange`, a `pageshow` restoring from the back-forward cache),
 * `resume` after freezing and `online` ask for a resync; `offline` marks the network. Outside a browser
 * (Node, server rendering) there are none.
 */
export const browserPageEvents: PageEventsSetup = ({ resync, offline }) => {
  if (typeof document === 'undefined' || typeof addEventListener !== 'function') return undefined;
  const onVisible = () => {
    if (document.visibilityState === 'visible') resync();
  };
  // Every load fires pageshow; only a restore from the back-forward cache (persisted) may have missed broadcasts.
  const onShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) onVisible();
  };
  const onResume = () => resync();
  const onOffline = () => offline();
  document.addEventListener('visibilitychange', onVisible);
  addEventListener('pageshow', onShow);
  document.addEventListener('resume', onResume);
  addEventListener('online', onResume);
  addEventListener('offline', onOffline);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    removeEventListener('pageshow', onShow);
    document.removeEventListener('resume', onResume);
    removeEventListener('online', onResume);
    removeEventListener('offline', onOffline);
  };
};

/**
 * The page's view of the session: a plain subscribable fed by its own session host (the app hands it the host's
 * snapshots). Snapshots only move forward (by sequence number); a tab that was frozen resyncs on resume.
 */
export class SessionStore extends Subscribable {
  #snapshot: SessionSnapshot = LOADING;
  readonly #resync: () => Promise<SessionSnapshot>;
  readonly #follow: (snapshot: SessionSnapshot) => void;
  #stopPageEvents: (() => void) | undefined;

  /**
   * `resync` reads the state again (and whatever else the tab may have missed); `follow` is told each new snapshot
   * first, in the same batch as the subscribers (the user cache: a session change and the user change it causes
   * reach the hooks together).
   */
  constructor(resync: () => Promise<SessionSnapshot>, pageEvents: PageEventsSetup | null = browserPageEvents, follow: (snapshot: SessionSnapshot) => void = () => undefined) {
    super();
    this.#resync = resync;
    this.#follow = follow;
    this.setPageEvents(pageEvents);
  }

  /**
   * Replaces the page events the store follows (after the manner of TanStack Query's
   * `onlineManager.setEventListener`): the current listeners are removed first; `null` follows none.
   */
  setPageEvents(setup: PageEventsSetup | null): void {
    this.#stopPageEvents?.();
    this.#stopPageEvents = setup?.({
      // A frozen tab (bfcache, background freezing) may have missed broadcasts: read the state again.
      resync: () => void this.refresh(),
      offline: () => this.accept({ ...this.#snapshot, network: 'offline', seq: this.#snapshot.seq + 0.001 }),
    });
  }

  /** The session as this tab last heard it (`status` is `loading` until the host first answers). */
  getSnapshot = (): SessionSnapshot => this.#snapshot;

  /** Asks the host for the current state (first load, resume, reconnect). */
  async refresh(): Promise<SessionSnapshot> {
    try {
      const answer = await this.#resync();
      const now = this.#snapshot;
      // The page's own offline mark sits just above the backend's snapshot it was made from: back online, that unchanged snapshot ends it.
      this.accept(now.network === 'offline' && answer.seq === Math.floor(now.seq) && globalThis.navigator?.onLine !== false ? { ...answer, seq: now.seq + 0.001 } : answer);
    } catch (error) {
      console.warn('[authworker] could not read the session from the worker', error);
    }
    return this.#snapshot;
  }

  accept(snapshot: SessionSnapshot): void {
    if (snapshot.seq <= this.#snapshot.seq) return;
    batch(() => {
      this.#snapshot = snapshot;
      this.#follow(snapshot);
      this.notify();
    });
  }
}
