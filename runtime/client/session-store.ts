import { readSessionEvent, type SessionSnapshot } from '../bridge/messages.ts';

const LOADING: SessionSnapshot = { status: 'loading', userId: null, network: 'online', seq: -1 };

/**
 * The page's view of the session: a plain subscribable fed by the worker's broadcasts.
 * Snapshots only move forward (by sequence number); a tab that was frozen resyncs on resume.
 */
export class SessionStore {
  #snapshot: SessionSnapshot = LOADING;
  readonly #listeners = new Set<() => void>();
  readonly #resync: () => Promise<SessionSnapshot>;

  constructor(channelName: string, resync: () => Promise<SessionSnapshot>) {
    this.#resync = resync;
    // Lives as long as the page, like the app that owns it.
    const channel = new BroadcastChannel(channelName);
    channel.addEventListener('message', (event: MessageEvent) => {
      const parsed = readSessionEvent(event.data);
      if (parsed) this.accept(parsed.snapshot);
    });
    // In Node an open channel keeps the process alive: a script whose app is idle must still exit.
    (channel as { unref?: () => void }).unref?.();
    // Outside a browser (tests, server rendering) there are no page lifecycle events to follow.
    if (typeof document === 'undefined' || typeof addEventListener !== 'function') return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void this.refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    addEventListener('pageshow', onVisible);
    // A frozen tab (bfcache, background freezing) may have missed broadcasts: read the state again.
    document.addEventListener('resume', () => void this.refresh());
    addEventListener('online', () => void this.refresh());
    addEventListener('offline', () => this.accept({ ...this.#snapshot, network: 'offline', seq: this.#snapshot.seq + 0.001 }));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.#snapshot;

  /** Asks the worker for the current state (first load, resume, reconnect). */
  async refresh(): Promise<SessionSnapshot> {
    try {
      this.accept(await this.#resync());
    } catch (error) {
      console.warn('[authworker] could not read the session from the worker', error);
    }
    return this.#snapshot;
  }

  accept(snapshot: SessionSnapshot): void {
    if (snapshot.seq <= this.#snapshot.seq) return;
    this.#snapshot = snapshot;
    for (const listener of this.#listeners) listener();
  }
}
