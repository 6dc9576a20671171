import type { HostEvent, SessionBackend, WorkerApi, WorkerMethod, WorkerValue } from '../../bridge/messages.ts';
import { inPageChannelName, type InPageHostOptions } from './in-page-host-options.ts';

/**
 * The page-hosted session (`InPageHost`), loaded on first construction: it is the fallback mode,
 * so pages with a service worker never download it.
 */
export class LazyInPageHost implements SessionBackend {
  readonly controlsPage = false;
  readonly #host: Promise<SessionBackend>;

  constructor(options: InPageHostOptions) {
    const resolved = { ...options, channelName: options.channelName ?? inPageChannelName(options) };
    this.#host = import('./in-page-host.ts').then(({ InPageHost }) => new InPageHost(resolved));
  }

  watchSession(listener: (event: HostEvent) => void): void {
    // A host that failed to start (e.g. a token store refused) is reported by every call; no rejection left unhandled here.
    this.#host.then(
      (host) => host.watchSession(listener),
      () => undefined,
    );
  }

  async call<M extends WorkerMethod>(method: M, ...args: Parameters<WorkerApi[M]>): Promise<WorkerValue<M>> {
    return (await this.#host).call(method, ...args);
  }
}
