// The worker entry, used as an app's own service worker would: WebWorker types, no DOM.
import { installAuthWorker, MemoryVault, type AuthWorkerOptions } from 'authworker/sw';

declare const self: ServiceWorkerGlobalScope;

const options: AuthWorkerOptions = {
  apiUrl: 'http://localhost:8102',
  projectId: 'dfa45225-c0f9-490d-98d7-d2c978934c58',
  publishableClientKey: 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf',
};
export const worker = installAuthWorker(self, options);
export const vault = MemoryVault;
