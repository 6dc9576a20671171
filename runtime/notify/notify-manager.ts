// Batched notification (after TanStack Query's notifyManager): inside `batch(run)`, each listener is called once, with
// the last arguments it was given, when the outermost batch ends. So a session change and the user change it causes,
// made in one batch, reach React in one synchronous run: one render. Outside a batch a listener is called at once.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a listener's own arguments, whatever they are
export type Listener = (...args: any[]) => void;

let depth = 0;
const queued = new Map<Listener, unknown[]>();

/** Runs `run`; the notifications it causes are delivered when the outermost batch ends. */
export function batch<T>(run: () => T): T {
  depth += 1;
  try {
    return run();
  } finally {
    depth -= 1;
    if (depth === 0) flush();
  }
}

/** Calls `listener` now, or (in a batch) once when the batch ends. */
export function deliver(listener: Listener, args: unknown[]): void {
  if (depth > 0) {
    // Moved to the end: the latest call decides the order too.
    queued.delete(listener);
    queued.set(listener, args);
  } else call(listener, args);
}

function flush(): void {
  // Listeners that notify again while the queue drains join this run.
  depth += 1;
  try {
    for (const [listener, args] of queued) {
      queued.delete(listener);
      call(listener, args);
    }
  } finally {
    depth -= 1;
  }
}

function call(listener: Listener, args: unknown[]): void {
  try {
    listener(...args);
  } catch (error) {
    // One faulty listener must not starve the others; it is reported, asynchronously.
    queueMicrotask(() => {
      throw error;
    });
  }
}
