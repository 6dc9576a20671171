// One configuration: the app's StackClientApp hands its API URL, project id and publishable client key to the
// worker it registers (auto-backend.ts), and compares them with the worker's own at start-up. A worker set up
// otherwise is a setup error naming both values, instead of a CORS error later. Loaded only then.
import type { ConnectionSetup } from '../../bridge/messages.ts';

/** What each setting is, and how the app's options name it (the worker's names are the keys). */
const SETTING: Record<keyof ConnectionSetup, [what: string, appOption: string]> = {
  apiUrl: ['APIs', 'baseUrl'],
  projectId: ['projects', 'projectId'],
  publishableClientKey: ['publishable client keys', 'publishableClientKey'],
};

/** The setup error's text for `name`, a setting the worker has otherwise than the app. */
export function setupMismatch(name: keyof ConnectionSetup, app: ConnectionSetup, worker: ConnectionSetup): string {
  const [what, appOption] = SETTING[name];
  return (
    `authworker: the app and its service worker are set up for different ${what}: StackClientApp's ${appOption} is "${app[name]}", the worker's ${name} is "${worker[name]}". ` +
      "Leave the setting out of the worker's code: StackClientApp hands the worker the app's own when it registers it (docs/service-worker.md, \"One configuration\")."
  );
}
