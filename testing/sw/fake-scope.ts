// The parts of a ServiceWorkerGlobalScope that installAuthWorker touches, as a fake a Node test can observe.
import { vi } from 'vitest';

export const ORIGIN = 'https://app.example';
export const API = 'https://api.example';

/** The parts of a ServiceWorkerGlobalScope installAuthWorker touches, observable. */
export class FakeScope extends EventTarget {
  constructor(readonly location = new URL(`${ORIGIN}/sw.js`)) {
    super();
  }
  readonly registration = { scope: `${ORIGIN}/` };
  readonly navigator = { onLine: true };
  /** Every message the worker posted to a window client. */
  readonly posted: unknown[] = [];
  readonly clients = {
    matchAll: vi.fn(async (_options: { type: 'window'; includeUncontrolled: boolean }) => [{ postMessage: (message: unknown) => this.posted.push(message) }]),
    claim: vi.fn(async () => undefined),
  };
  readonly skipWaiting = vi.fn(async () => undefined);
  /** The network: what the worker sent, and how it answers. */
  readonly sent: Request[] = [];
  answer: (request: Request) => Response = () => Response.json({});
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    this.sent.push(request);
    return this.answer(request);
  };
}

/** Lifecycle events are ExtendableEvents; Node has none, so an Event carries what the worker calls. */
export function extendable<T extends object>(type: string, extra: T = {} as T) {
  const waits: Promise<unknown>[] = [];
  const event = Object.assign(new Event(type), { waitUntil: (promise: Promise<unknown>) => waits.push(promise) }, extra);
  return { event, waits };
}

export function fetchEvent(request: Request) {
  let answer: Promise<Response> | Response | null = null;
  const event = Object.assign(new Event('fetch'), { request, respondWith: (response: Promise<Response> | Response) => (answer = response) });
  return { event, answer: () => answer };
}

