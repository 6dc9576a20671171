/// <reference lib="webworker" />
// The ready-made worker: serve this file as /sw.js. StackClientApp registers it with the app's API URL,
// project id and publishable client key in the query of its script URL, where installAuthWorker reads them;
// the vault is bound to that API origin and project, so a worker registered with another API URL cannot read
// the stored session. `persistence=memory` in the app's `serviceWorker.url` keeps the session in memory only.
import { installAuthWorker } from './install.ts';

declare const self: ServiceWorkerGlobalScope;

installAuthWorker(self, { persistence: new URL(self.location.href).searchParams.get('persistence') === 'memory' ? 'memory' : 'indexeddb' });
