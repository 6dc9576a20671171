// What a reader asks the user cache for (user-cache.ts) through its observer (read-observer.ts): a file of its own so
// that the two import it rather than each other.
import type { CurrentUser } from '../user/current-user.ts';
import type { ReadKey } from './read-keys.ts';

export interface ReadOptions<T> {
  /** What is read (read-keys.ts): a change that names it fetches it again. */
  key: ReadKey;
  /** Readers that load the same key into another shape name theirs; the same view shares one read. */
  view?: string;
  load: (user: CurrentUser) => Promise<T>;
  /** The value while nobody is signed in. */
  signedOut: T;
}
