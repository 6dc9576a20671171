// How a page-hosted session is set up: shared by the host itself (in-page-host.ts, loaded only without a
// worker) and what starts it (lazy-in-page-host.ts, auto-backend.ts, on the page's start-up path).
import { broadcastChannelName } from '../../bridge/messages.ts';
import type { ForwardedTokens, RequestLike } from '../../protocol/forwarded-session.ts';

export interface InPageHostOptions {
  apiUrl: string;
  projectId: string;
  publishableClientKey: string;
  /** `cookie`: the official SDK's cookie store, shared with it on the same domain. */
  persistence?: 'indexeddb' | 'memory' | 'cookie';
  fetch?: typeof fetch;
  /** The session channel (default: `inPageChannelName`). */
  channelName?: string;
  /** Memory persistence only: the session to start with (a token-object or request token store). */
  initialTokens?: ForwardedTokens | RequestLike;
}

/** The channel an in-page host uses: memory mode keeps one session per tab, so its events stay in the tab. */
export function inPageChannelName(options: Pick<InPageHostOptions, 'projectId' | 'persistence'>): string {
  const shared = broadcastChannelName(options.projectId);
  return options.persistence === 'memory' ? `${shared}:tab:${crypto.randomUUID()}` : shared;
}
