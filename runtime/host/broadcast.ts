import type { SessionEvent, SessionSnapshot } from '../bridge/messages.ts';

/** Tells every tab of the origin about session changes, within a millisecond or two. */
export class SessionBroadcaster {
  readonly #channel: BroadcastChannel;
  /** Identifies this host's posts (a random id per host instance). */
  readonly source = crypto.randomUUID();
  constructor(channelName: string) {
    this.#channel = new BroadcastChannel(channelName);
    // In Node an open channel keeps the process alive: an idle page-hosted session must let it exit.
    (this.#channel as { unref?: () => void }).unref?.();
  }
  post(snapshot: SessionSnapshot): void {
    const event: SessionEvent = { type: 'session', snapshot, source: this.source };
    this.#channel.postMessage(event);
  }
  close(): void {
    this.#channel.close();
  }
}
