/// <reference lib="webworker" />
// The demo's own worker: it composes authworker with whatever else the app needs.
import { installAuthWorker } from '../sw/index.ts';

declare const self: ServiceWorkerGlobalScope;

installAuthWorker(self, __AUTHWORKER_DEMO__);
