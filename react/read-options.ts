// The options and result type every data hook shares (useProject in hooks.ts, user-reads.ts, teams.ts): types only,
// in a module of their own so hooks.ts needs nothing from the modules that import it.

/** `{ suspense: false }`: the hook returns `undefined` while loading instead of suspending. */
export interface ReadOptions {
  suspense?: boolean;
}
/** What a hook returns: its value, or `undefined` too when it does not suspend. */
export type Loaded<T, O extends ReadOptions> = O extends { suspense: false } ? T | undefined : T;
