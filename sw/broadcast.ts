import { broadcastChannelName, type SessionEvent, type SessionSnapshot } from '../runtime/bridge/messages.ts';

/** Tells every tab of the origin about session changes, within a millisecond or two. */
export class SessionBroadcaster {
  readonly #channel: BroadcastChannel;
  constructor(projectId: string) {
    this.#channel = new BroadcastChannel(broadcastChannelName(projectId));
  }
  post(snapshot: SessionSnapshot): void {
    const event: SessionEvent = { type: 'session', snapshot };
    this.#channel.postMessage(event);
  }
  close(): void {
    this.#channel.close();
  }
}
