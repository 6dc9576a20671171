// What the Svix hooks of one admin app share (react/svix-hooks.ts), held by the app: the Svix token (asked once,
// asked again after a failure or a refusal), one client per Svix server, and the lists on screen, which a change
// made through those clients (or `refresh()`) reads again.
import { createSvixClient, type SvixClient } from './svix-client.ts';
import { SvixApiError } from './svix-errors.ts';
import type { SvixListQuery } from './svix-list.ts';

export class SvixHub {
  readonly #getToken: () => Promise<string>;
  readonly #appId: string;
  #token: Promise<string> | undefined;
  readonly #clients = new Map<string, SvixClient>();
  /** The lists mounted hooks show, with the endpoint each one is about (an attempt list). */
  readonly #lists = new Map<SvixListQuery<unknown>, string | undefined>();

  constructor(getToken: () => Promise<string>, appId: string) {
    this.#getToken = getToken;
    this.#appId = appId;
  }

  /** The token, shared; a failed request is not kept (the next read, say after an error boundary resets, asks again). */
  token(): Promise<string> {
    if (this.#token) return this.#token;
    const token = this.#getToken();
    this.#token = token;
    token.catch(() => this.forgetToken(token));
    return token;
  }

  /** Drops the token (the Svix server refused it), unless a newer one replaced it already. */
  forgetToken(token: Promise<string> | undefined = this.#token): void {
    if (this.#token === token) this.#token = undefined;
  }

  /** The client for `serverUrl` (see SvixClientOptions.serverUrl): creating or deleting an endpoint reloads the lists. */
  client(serverUrl?: string): SvixClient {
    const known = this.#clients.get(serverUrl ?? '');
    if (known) return known;
    const svix = createSvixClient({ token: () => this.token(), appId: this.#appId, ...(serverUrl === undefined ? {} : { serverUrl }) });
    const createEndpoint = this.#renewing(svix.createEndpoint);
    const deleteEndpoint = this.#renewing(svix.deleteEndpoint);
    const client: SvixClient = {
      appId: svix.appId,
      listEndpoints: this.#renewing(svix.listEndpoints),
      createEndpoint: async (...args) => {
        const endpoint = await createEndpoint(...args);
        this.refresh();
        return endpoint;
      },
      deleteEndpoint: async (endpointId, options) => {
        await deleteEndpoint(endpointId, options);
        this.refresh(endpointId);
      },
      getEndpointSecret: this.#renewing(svix.getEndpointSecret),
      listAttemptsByEndpoint: this.#renewing(svix.listAttemptsByEndpoint),
      getMessage: this.#renewing(svix.getMessage),
    };
    this.#clients.set(serverUrl ?? '', client);
    return client;
  }

  /** A mounted hook shows `list` (about `endpointId`): it is read again on changes until the returned call. */
  show(list: SvixListQuery<unknown>, endpointId?: string): () => void {
    this.#lists.set(list, endpointId);
    return () => this.#lists.delete(list);
  }

  /** Reads every list on screen again; `gone`: a deleted endpoint, whose attempt lists are not (they would only answer 404). */
  refresh(gone?: string): void {
    for (const [list, endpointId] of this.#lists) if (gone === undefined || endpointId !== gone) void list.reload();
  }

  /** A refused token is dropped, so the next call asks the backend for a new one (tokens expire). */
  #renewing<A extends unknown[], R>(call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args) => {
      try {
        return await call(...args);
      } catch (error) {
        if (error instanceof SvixApiError && error.status === 401) this.forgetToken();
        throw error;
      }
    };
  }
}
