import type { AuthDevtoolsControls } from '../runtime/client/index.ts';
import { useSession } from '../react/index.ts';

declare global {
  interface Window {
    /** The devtools' fault controls, for the console and the e2e suite (`window.authDevtools.expireAccessToken()`). */
    authDevtools?: AuthDevtoolsControls;
  }
}

export function exposeDevtools(devtools: AuthDevtoolsControls): void {
  window.authDevtools = devtools;
}

/**
 * The session as this tab sees it. The worker's side (its session, the tabs, every request and event, and the
 * fault controls) is in the Auth devtools panel, the button at the bottom right of every page.
 */
export function SessionInspector() {
  const session = useSession();
  return (
    <section aria-labelledby="inspector-title">
      <h1 id="inspector-title">Session inspector</h1>
      <p>
        Open this page in several tabs, then sign in or out in any of them: every tab follows. The worker’s own view, its requests and its
        events are in <strong>Auth devtools</strong> (bottom right), which can also break things on purpose.
      </p>
      <h2>This tab's session</h2>
      <pre data-testid="inspector-snapshot">{JSON.stringify(session, null, 2)}</pre>
    </section>
  );
}
