// An API answer on its way from the network to the page (forward.ts): the steps that need its body (coalescing,
// the token sanitiser, the offline cache) share one read of it, and the page's Response is built once at the end.
// An answer no step reads streams through: its body is handed on unread (and a step that only keeps a copy reads a tee).

export interface AnswerHead {
  status: number;
  statusText: string;
  /** Shared by the answers built from one network answer: read, never changed. */
  headers: Headers;
}

/** A body read into memory: the bytes as they came, or the text a step put in their place. */
export type BufferedBody = Uint8Array<ArrayBuffer> | string;

export class Answer implements AnswerHead {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  #unread: Response | null;
  #body: Promise<BufferedBody> | undefined;
  #text: string | undefined;

  /** The network's answer, its body unread; or a head with a body already in memory (never changed in place). */
  constructor(response: Response);
  constructor(head: AnswerHead, body: Promise<BufferedBody>);
  constructor(head: AnswerHead, body?: Promise<BufferedBody>) {
    this.status = head.status;
    this.statusText = head.statusText;
    this.headers = head.headers;
    this.#unread = body ? null : (head as Response);
    this.#body = body;
  }

  /** The body, read from the network the first time a step asks for it. */
  body(): Promise<BufferedBody> {
    const unread = this.#unread;
    this.#unread = null;
    this.#body ??= unread ? unread.arrayBuffer().then((buffer) => new Uint8Array(buffer)) : Promise.resolve('');
    return this.#body;
  }

  /** The body decoded as Response.text() decodes it (UTF-8, a leading BOM dropped), once. */
  async text(): Promise<string> {
    const body = await this.body();
    this.#text ??= typeof body === 'string' ? body : new TextDecoder().decode(body);
    return this.#text;
  }

  /** A second copy of an unread answer, its body teed (so neither waits for the other's reader), or null once read. */
  tee(): Answer | null {
    return this.#unread && new Answer(this.#unread.clone());
  }

  /** Drops an answer that will not be used, releasing its connection. */
  discard(): void {
    void this.#unread?.body?.cancel().catch(() => undefined);
    this.#unread = null;
  }

  /** The page's Response: built once, from the one read or around the unread network body. */
  async toResponse(): Promise<Response> {
    // The answer is its own ResponseInit (status, statusText, headers). A Response made in the worker, as before:
    // the page sees every header, not only the CORS-exposed ones.
    // Chromium gives a 204's or 304's network answer an empty body stream, which a Response with that status refuses.
    if (this.#unread) return new Response([204, 205, 304].includes(this.status) ? null : this.#unread.body, this);
    const body = await this.body();
    // An empty body goes as none: a 204 or 304 may not have one.
    return new Response(body.length > 0 ? body : null, this);
  }
}
