// The one way a store tells its subscribers (after TanStack Query's subscribable.ts, written for this code base):
// a listener set, `subscribe` returning the unsubscribe, and hooks for the first and the last subscriber.
import { deliver, type Listener } from './notify-manager.ts';

export type { Listener };

export class Subscribable<L extends Listener = () => void> {
  protected readonly listeners = new Set<L>();

  /** Adds `listener`; the returned function removes it. A bound property: `useSyncExternalStore(store.subscribe, ...)`. */
  readonly subscribe = (listener: L): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.onFirstSubscriber();
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.onLastUnsubscribe();
    };
  };

  /** Tells every listener, each once per batch (notify-manager.ts); one that throws does not stop the others. */
  protected notify(...args: Parameters<L>): void {
    for (const listener of [...this.listeners]) deliver(listener, args);
  }

  /** Called when the first listener arrives (start following a source). */
  protected onFirstSubscriber(): void {}

  /** Called when the last listener left (stop following it). */
  protected onLastUnsubscribe(): void {}
}
