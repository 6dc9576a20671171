// An API answer on its way from the network to the page (forward.ts): the steps that need its body (coalescing,
// the token sanitiser, the offline cache) share one read of it, and the page's Response is built once at the end.
// An answer no step reads streams through: its body is handed on unread.

/** Statuses whose Response may not carry a body (Fetch's "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** A body read into memory once: its bytes as they came, decoded at most once (as Response.text() decodes). */
export class BufferedBody {
  #bytes: Uint8Array<ArrayBuffer> | null;
  #text: string | null;

  private constructor(bytes: Uint8Array<ArrayBuffer> | null, text: string | null) {
    this.#bytes = bytes;
    this.#text = text;
  }

  static ofBytes(bytes: Uint8Array<ArrayBuffer>): BufferedBody {
    return new BufferedBody(bytes, null);
  }

  static ofText(text: string): BufferedBody {
    return new BufferedBody(null, text);
  }

  get text(): string {
    this.#text ??= new TextDecoder().decode(this.#bytes ?? new Uint8Array());
    return this.#text;
  }

  /** What a Response is built from: the original bytes when there are any (the page gets them unchanged). */
  get init(): BodyInit {
    return this.#bytes ?? this.#text ?? '';
  }
}

export interface AnswerHead {
  status: number;
  statusText: string;
  /** Shared by the answers built from one network answer: read, never changed. */
  headers: Headers;
}

export class Answer implements AnswerHead {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  #unread: Response | null;
  #body: Promise<BufferedBody> | null;

  private constructor(head: AnswerHead, unread: Response | null, body: Promise<BufferedBody> | null) {
    this.status = head.status;
    this.statusText = head.statusText;
    this.headers = head.headers;
    this.#unread = unread;
    this.#body = body;
  }

  /** The network's answer, its body not read yet. */
  static of(response: Response): Answer {
    return new Answer(response, response, null);
  }

  /** An answer whose body is already in memory (shared by coalesced callers: it is never changed in place). */
  static buffered(head: AnswerHead, body: BufferedBody): Answer {
    return new Answer(head, null, Promise.resolve(body));
  }

  /** The body, read from the network the first time it is asked for. */
  body(): Promise<BufferedBody> {
    if (this.#body === null) {
      const response = this.#unread;
      this.#unread = null;
      this.#body = response ? response.arrayBuffer().then((buffer) => BufferedBody.ofBytes(new Uint8Array(buffer))) : Promise.resolve(BufferedBody.ofText(''));
    }
    return this.#body;
  }

  async text(): Promise<string> {
    return (await this.body()).text;
  }

  /** The same head with another body (the sanitiser's). */
  withText(text: string): Answer {
    return Answer.buffered(this, BufferedBody.ofText(text));
  }

  /** Drops an answer that will not be used, releasing its connection. */
  discard(): void {
    void this.#unread?.body?.cancel().catch(() => undefined);
    this.#unread = null;
  }

  /** The page's Response: built once, from the one read or around the unread network body. */
  async toResponse(): Promise<Response> {
    const head = { status: this.status, statusText: this.statusText, headers: this.headers };
    if (NULL_BODY_STATUSES.has(this.status)) {
      this.discard();
      return new Response(null, head);
    }
    // A Response made in the worker, as before: the page sees every header, not only the CORS-exposed ones.
    const unread = this.#unread;
    this.#unread = null;
    if (unread) return new Response(unread.body, head);
    return new Response((await this.body()).init, head);
  }
}
