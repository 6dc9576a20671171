// An API answer on its way from the network to the page (forward.ts): the steps that need its body (coalescing,
// the token sanitiser, the offline cache) share one read of it, and the page's Response is built once at the end.
// An answer no step reads streams through: its body is handed on unread.

/** Statuses whose Response may not carry a body (Fetch's "null body status"). */
const NULL_BODY_STATUSES = [101, 103, 204, 205, 304];

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

  /** An unread network answer (`unread`), or one whose body is already in memory (`body`, never changed in place). */
  constructor(head: AnswerHead, unread: Response | null, body?: Promise<BufferedBody>) {
    this.status = head.status;
    this.statusText = head.statusText;
    this.headers = head.headers;
    this.#unread = unread;
    this.#body = body;
  }

  static of(response: Response): Answer {
    return new Answer(response, response);
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

  /** Drops an answer that will not be used, releasing its connection. */
  discard(): void {
    void this.#unread?.body?.cancel().catch(() => undefined);
    this.#unread = null;
  }

  /** The page's Response: built once, from the one read or around the unread network body. */
  async toResponse(): Promise<Response> {
    // The answer is its own ResponseInit (status, statusText, headers).
    const unread = this.#unread;
    const empty = NULL_BODY_STATUSES.includes(this.status);
    if (empty) this.discard();
    // A Response made in the worker, as before: the page sees every header, not only the CORS-exposed ones.
    else if (unread) return new Response(unread.body, this);
    return new Response(empty ? null : await this.body(), this);
  }
}
