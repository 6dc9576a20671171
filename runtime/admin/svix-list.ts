// One Svix list as a page shows it (svix-react's list hooks, without React): the current page, loading and error
// state, next/previous page by Svix's iterators, reload. A plain subscribable; react/ adapts it.
import { Subscribable } from '../notify/subscribable.ts';
import type { SvixList } from '../protocol/schemas/svix.ts';

export interface SvixListSnapshot<T> {
  /** The page shown: the last one read, kept while a reload or a page change runs; undefined before the first. */
  data: T[] | undefined;
  loading: boolean;
  /** Why the last read failed (cleared by the next success). */
  error: Error | undefined;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

/** Reads one page: `iterator` null for the first. */
export type SvixPageReader<T> = (iterator: string | null, signal: AbortSignal) => Promise<SvixList<T>>;

export class SvixListQuery<T> extends Subscribable {
  readonly #read: SvixPageReader<T>;
  /** The iterators of the pages walked so far; the last one reads the page on screen. */
  #iterators: (string | null)[] = [null];
  #next: string | null = null;
  #inFlight: AbortController | undefined;
  #snapshot: SvixListSnapshot<T> = { data: undefined, loading: true, error: undefined, hasNextPage: false, hasPrevPage: false };

  constructor(read: SvixPageReader<T>) {
    super();
    this.#read = read;
  }

  getSnapshot = (): SvixListSnapshot<T> => this.#snapshot;

  /** Reads the page on screen again (the first page before any page change). */
  reload(): Promise<void> {
    return this.#load(this.#iterators);
  }

  nextPage(): Promise<void> {
    if (this.#next === null || this.#snapshot.loading) return Promise.resolve();
    return this.#load([...this.#iterators, this.#next]);
  }

  prevPage(): Promise<void> {
    if (this.#iterators.length < 2 || this.#snapshot.loading) return Promise.resolve();
    return this.#load(this.#iterators.slice(0, -1));
  }

  /** Drops the read under way (its answer is never shown); the page shown stays. */
  abort(): void {
    this.#inFlight?.abort();
    this.#inFlight = undefined;
    if (this.#snapshot.loading) this.#set({ loading: false });
  }

  /** Reads the page `iterators` ends with; they become the list's walk only once it arrives. */
  async #load(iterators: (string | null)[]): Promise<void> {
    // The newest read wins: an older one is aborted, and its answer dropped if it comes anyway.
    this.#inFlight?.abort();
    const controller = new AbortController();
    this.#inFlight = controller;
    this.#set({ loading: true });
    try {
      const page = await this.#read(iterators.at(-1) ?? null, controller.signal);
      if (this.#inFlight !== controller) return;
      this.#iterators = iterators;
      this.#next = page.done ? null : page.iterator;
      this.#set({ data: page.data, loading: false, error: undefined, hasNextPage: this.#next !== null, hasPrevPage: iterators.length > 1 });
    } catch (error) {
      if (this.#inFlight !== controller) return;
      this.#set({ loading: false, error: error instanceof Error ? error : new Error(String(error)) });
    } finally {
      if (this.#inFlight === controller) this.#inFlight = undefined;
    }
  }

  #set(change: Partial<SvixListSnapshot<T>>): void {
    this.#snapshot = { ...this.#snapshot, ...change };
    this.notify();
  }
}
