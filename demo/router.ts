import { useSyncExternalStore } from 'react';

// A router of a few lines: the handler pages work with any router, this demo needs almost none.
const CHANGE = 'demo:navigate';

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  dispatchEvent(new Event(CHANGE));
}

function subscribe(listener: () => void): () => void {
  addEventListener('popstate', listener);
  addEventListener(CHANGE, listener);
  return () => {
    removeEventListener('popstate', listener);
    removeEventListener(CHANGE, listener);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => location.pathname);
}
