import type { SessionBackend, SessionSnapshot } from '../bridge/messages.ts';

const LOADING: SessionSnapshot = { status: 'loading', userId: null, network: 'online', seq: -1 };

/**
 * The page's view of the session: a plain subscribable fed by its own session host (see `watchSession`).
 * Snapshots only move forward (by sequence number); a tab that was frozen resyncs on resume.
 */
export class SessionStore {
  #snapshot: SessionSnapshot = LOADING;
  readonly #listeners = new Set<() => void>();
  readonly #resync: () => Promise<SessionSnapshot>;

  constructor(backend: Pick<SessionBackend, 'watchSession'>, resync: () => Promise<SessionSnapshot>) {
    this.#resync = resync;
    backend.watchSession((snapshot) => this.accept(snapshot));
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
