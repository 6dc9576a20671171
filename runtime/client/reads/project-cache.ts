// The project's client view as `useProject()` reads it (react/project.ts): one fetch per app, shared by every hook,
// held by the app rather than by a module of react/.
import { Subscribable } from '../../notify/subscribable.ts';
import type { ClientProjectData } from '../../protocol/schemas/project.ts';

/** A failed fetch is kept this long (a hook shows the error), then the next read asks again: never a request per render. */
const PROJECT_RETRY_AFTER_MS = 1_000;

export class ProjectCache extends Subscribable {
  readonly #load: () => Promise<ClientProjectData>;
  #pending: Promise<ClientProjectData> | undefined;
  #value: ClientProjectData | undefined;

  constructor(load: () => Promise<ClientProjectData>) {
    super();
    this.#load = load;
  }

  /** The project once fetched, else undefined (subscribers hear when it arrives). */
  getSnapshot = (): ClientProjectData | undefined => this.#value;

  /**
   * The shared fetch: started by the first read, again after a failure has been kept a second. Once settled the
   * promise carries React's `status`/`value`/`reason` fields, so `use()` reads it without suspending again.
   */
  read(): Promise<ClientProjectData> {
    if (this.#pending) return this.#pending;
    const pending = this.#load();
    this.#pending = pending;
    pending.then(
      (project) => {
        Object.assign(pending, { status: 'fulfilled', value: project });
        this.#value = project;
        this.notify();
      },
      (reason: unknown) => {
        Object.assign(pending, { status: 'rejected', reason });
        setTimeout(() => this.#pending === pending && (this.#pending = undefined), PROJECT_RETRY_AFTER_MS);
      },
    );
    return pending;
  }
}
