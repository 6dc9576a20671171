// The page's end of the devtools against a fake worker: reports are checked before the panel sees them (unknown
// fields dropped, malformed ones ignored), the controls resolve or reject with the worker's answer, and a page
// no worker controls is told so.
import { describe, expect, it, vi } from 'vitest';
import { DEVTOOLS_MESSAGE_TYPE, type DevtoolsState } from '../../bridge/devtools-schemas.ts';
import { connectAuthDevtools } from './connection.ts';

const STATE: DevtoolsState = {
  session: { status: 'signed-in', userId: 'u1', primaryEmail: null, seq: 3, network: 'online', accessTokenExpiresInMs: 60_000, clockOffsetMs: 0, lastRefresh: null, nextRefreshInMs: 40_000 },
  worker: {
    scriptUrl: 'https://app.example/sw.js',
    version: 'js authworker@0.1.0',
    mode: 'worker',
    storage: 'memory',
    startedAt: 1,
    restarts: 0,
    queuedSignOuts: 0,
    offlineCachedReads: 0,
    faults: { networkDroppedUntil: null, failNext: null, clockSkewMs: 0 },
  },
  tabs: [],
};

/** A worker that answers each message with `answer(data)` on the port the message carries. */
function fakeContainer(answer: (data: { command: string }) => unknown[]) {
  const sent: unknown[] = [];
  const controller = {
    postMessage: (data: { command: string }, [port]: MessagePort[]) => {
      sent.push(data);
      for (const reply of answer(data)) port?.postMessage(reply);
    },
  };
  const container = { controller, addEventListener: vi.fn(), removeEventListener: vi.fn() };
  return { container: container as unknown as ServiceWorkerContainer, sent };
}

describe('connectAuthDevtools', () => {
  it('keeps the checked reports only, without fields the schema does not name', async () => {
    const { container, sent } = fakeContainer((data) =>
      data.command === 'connect'
        ? [{ report: 'state', state: { ...STATE, session: { ...STATE.session, accessToken: 'eyJ.leak.sig' } } }, { report: 'request', request: { id: 'x' } }]
        : [],
    );
    const devtools = connectAuthDevtools(container);
    await vi.waitFor(() => expect(devtools.view.state).not.toBeNull());
    expect(JSON.stringify(devtools.view)).not.toContain('eyJ.leak.sig');
    expect(devtools.view.state?.session.seq).toBe(3);
    expect(devtools.view.requests).toEqual([]);
    expect(sent).toEqual([{ type: DEVTOOLS_MESSAGE_TYPE, command: 'connect' }]);
    devtools.close();
  });

  it("resolves a control on the worker's ok and rejects with its message", async () => {
    const { container, sent } = fakeContainer((data) => (data.command === 'drop-network' ? [{ ok: true }] : data.command === 'revoke-session' ? [{ ok: false, message: 'no session to revoke' }] : []));
    const devtools = connectAuthDevtools(container);
    await expect(devtools.dropNetwork(5)).resolves.toBeUndefined();
    await expect(devtools.revokeSession()).rejects.toThrow('no session to revoke');
    expect(sent).toContainEqual({ type: DEVTOOLS_MESSAGE_TYPE, command: 'drop-network', seconds: 5 });
    devtools.close();
  });

  it('says why without a worker, and its controls reject', async () => {
    const container = { controller: null, addEventListener: vi.fn(), removeEventListener: vi.fn() } as unknown as ServiceWorkerContainer;
    const devtools = connectAuthDevtools(container);
    expect(devtools.view.unavailable).toMatch(/No service worker controls this page/);
    await expect(devtools.expireAccessToken()).rejects.toThrow(/No service worker controls this page/);
    devtools.close();
  });
});
