import type { Endpoint } from 'comlink';

type Listener = (event: MessageEvent) => void;

/**
 * Wraps a port so that Comlink only ever sees calls of whitelisted methods with plain arguments.
 * Comlink would otherwise let a page GET, SET or CONSTRUCT any path on the exposed object.
 */
export function guardedEndpoint(port: MessagePort, allowedMethods: readonly string[]): Endpoint {
  const allowed = new Set(allowedMethods);
  const wrapped = new WeakMap<EventListenerOrEventListenerObject, Listener>();

  const isAllowed = (data: unknown): boolean => {
    if (typeof data !== 'object' || data === null) return false;
    const message = data as { type?: unknown; path?: unknown; argumentList?: unknown };
    if (message.type === 'RELEASE') return true;
    if (message.type !== 'APPLY') return false;
    if (!Array.isArray(message.path) || message.path.length !== 1 || !allowed.has(String(message.path[0]))) return false;
    const args = message.argumentList ?? [];
    return Array.isArray(args) && args.every((arg) => typeof arg === 'object' && arg !== null && (arg as { type?: unknown }).type === 'RAW');
  };

  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => port.postMessage(message, transfer ?? []),
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      const filtered: Listener = (event) => {
        if (isAllowed(event.data)) {
          if (typeof listener === 'function') listener(event);
          else listener.handleEvent(event);
          return;
        }
        const id = (event.data as { id?: unknown } | null)?.id;
        port.postMessage({
          id,
          type: 'HANDLER',
          name: 'throw',
          value: { isError: true, value: { name: 'Error', message: 'authworker: call refused by the worker' } },
        });
      };
      wrapped.set(listener, filtered);
      port.addEventListener(type, filtered as EventListener);
    },
    removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      const filtered = wrapped.get(listener);
      if (filtered) port.removeEventListener(type, filtered as EventListener);
    },
    start: () => port.start(),
  };
}
