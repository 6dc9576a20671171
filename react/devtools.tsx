import { useEffect, useRef } from 'react';
import { mountAuthDevtools, type AuthDevtoolsControls, type AuthDevtoolsOptions } from '../runtime/client/index.ts';

export interface AuthDevtoolsProps extends AuthDevtoolsOptions {
  /** Called with the fault controls once the panel is loaded (tests and the console can use them). */
  onReady?: (devtools: AuthDevtoolsControls) => void;
}

/**
 * The devtools panel: a floating trigger that opens the worker's view of the session, the tabs, the requests and
 * the events, with fault controls. Its code loads when it first renders; render it in development only.
 * @example
 * ```tsx
 * import { AuthDevtools } from 'authworker/react';
 * return <AuthDevtools initialIsOpen={false} />; // in development builds only
 * ```
 */
export function AuthDevtools({ initialIsOpen = false, onReady }: AuthDevtoolsProps) {
  const host = useRef<HTMLDivElement>(null);
  const ready = useRef(onReady);
  ready.current = onReady;
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    let unmount: (() => void) | null = null;
    let cancelled = false;
    void mountAuthDevtools(element, { initialIsOpen }).then((mounted) => {
      if (cancelled) return mounted.unmount();
      unmount = () => mounted.unmount();
      ready.current?.(mounted.devtools);
    });
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [initialIsOpen]);
  return <div ref={host} data-authworker-devtools="" />;
}
