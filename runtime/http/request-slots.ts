/**
 * At most `limit` requests in flight. Requests wait here, not in the browser's connection queue, so
 * the access token is attached when a request really leaves: after a refresh, queued requests carry
 * the new token instead of being rejected and sent again.
 */
export class RequestSlots {
  readonly #limit: number;
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#limit = Math.max(1, Math.floor(limit));
  }

  get active(): number {
    return this.#active;
  }

  async acquire(): Promise<() => void> {
    if (this.#active >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active -= 1;
      this.#waiting.shift()?.();
    };
  }
}
