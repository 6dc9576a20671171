// A worker plugin composes into installAuthWorker's worker: it wraps the network, sees each session host the worker
// builds (again after a restart), hears page requests and may take a message before the worker's own handler.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, FakeScope, fetchEvent } from '../testing/sw/fake-scope.ts';
import { installAuthWorker, type AuthWorker } from './install.ts';
import type { AuthWorkerPluginHost } from './plugin.ts';

const installed: AuthWorker[] = [];
afterEach(() => {
  for (const worker of installed.splice(0)) worker.uninstall();
  vi.unstubAllGlobals();
});

function installWithPlugin() {
  // A development build (plugins come with it), the devtools left out.
  vi.stubGlobal('__AUTHWORKER_DEVTOOLS__', true);
  const scope = new FakeScope();
  const seen = { hosts: [] as unknown[], requests: [] as string[], sent: [] as string[], messages: 0, worker: null as AuthWorkerPluginHost | null };
  const worker = installAuthWorker(
    scope as unknown as ServiceWorkerGlobalScope,
    { apiUrl: API, projectId: 'p', publishableClientKey: 'pck', persistence: 'memory', devtools: false },
    {
      fetch: scope.fetch,
      plugins: [
        (host) => {
          seen.worker = host;
          return {
            wrapFetch: (inner) => (input, init) => {
              seen.sent.push(new Request(input, init).url);
              return inner(input, init);
            },
            attach: (services) => seen.hosts.push(services.host),
            onFetch: (event) => seen.requests.push(new URL(event.request.url).pathname),
            onMessage: (event) => {
              if ((event.data as { type?: string }).type !== 'mine') return false;
              seen.messages++;
              return true;
            },
          };
        },
      ],
    },
  );
  installed.push(worker);
  return { scope, worker, seen };
}

describe('a worker plugin', () => {
  it('wraps the network and hears every page request the worker sees', async () => {
    const { scope, seen } = installWithPlugin();
    const { event, answer } = fetchEvent(new Request(`${API}/api/v1/projects/current`));
    scope.dispatchEvent(event);
    expect((await answer())?.status).toBe(200);
    expect(seen.requests).toEqual(['/api/v1/projects/current']);
    expect(seen.sent).toEqual([`${API}/api/v1/projects/current`]);
  });

  it('sees the session host at install and a new one after each restart, which the worker then uses', () => {
    const { worker, seen } = installWithPlugin();
    expect(seen.hosts).toEqual([worker.host]);
    seen.worker?.restart();
    expect(seen.hosts).toHaveLength(2);
    expect(seen.hosts[1]).not.toBe(seen.hosts[0]);
    expect(worker.host).toBe(seen.hosts[1]);
  });

  it('takes the messages it claims; the worker handles the rest', () => {
    const { scope, seen } = installWithPlugin();
    scope.dispatchEvent(Object.assign(new Event('message'), { data: { type: 'mine' }, ports: [], waitUntil: () => undefined }));
    scope.dispatchEvent(Object.assign(new Event('message'), { data: { type: 'other' }, ports: [], waitUntil: () => undefined }));
    expect(seen.messages).toBe(1);
  });
});
