/**
 * Apps of one page: a `uniqueIdentifier` may be used once, and more than ten
 * apps that prefetch on their own usually means apps are being created in a render loop.
 */
export class AppRegistry {
  readonly #identifiers = new Set<string>();
  #prefetching = 0;

  register(options: { uniqueIdentifier?: string; noAutomaticPrefetch?: boolean }): void {
    const id = options.uniqueIdentifier;
    if (id !== undefined) {
      if (this.#identifiers.has(id)) {
        throw new Error(`authworker: a StackClientApp with the uniqueIdentifier "${id}" already exists; create it once and share it.`);
      }
      this.#identifiers.add(id);
    }
    if (!options.noAutomaticPrefetch) {
      this.#prefetching += 1;
      if (this.#prefetching > 10) {
        console.warn(
          `authworker: ${this.#prefetching} StackClientApps with automatic prefetching exist. Create the app once (outside components), or pass noAutomaticPrefetch: true.`,
        );
      }
    }
  }
}

/** The page's registry: one per JavaScript realm, like the apps it counts. */
export const appRegistry = new AppRegistry();
