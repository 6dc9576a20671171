/// <reference lib="webworker" />
// The ready-made worker: serve this file as /sw.js. Its configuration comes from the query of
// its own script URL; the vault is bound to that API origin and project, so a worker registered
// with another API URL cannot read the stored session.
import { installAuthWorker } from './install.ts';

declare const self: ServiceWorkerGlobalScope;

const params = new URL(self.location.href).searchParams;
installAuthWorker(self, {
  apiUrl: params.get('apiUrl') ?? '',
  projectId: params.get('projectId') ?? '',
  publishableClientKey: params.get('publishableClientKey') ?? '',
  persistence: params.get('persistence') === 'memory' ? 'memory' : 'indexeddb',
});
