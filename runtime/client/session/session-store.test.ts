import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../../bridge/messages.ts';
import { browserPageEvents, SessionStore, type PageEventHandlers, type PageEventsSetup } from './session-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signedIn = (seq: number, userId = 'u1'): SessionSnapshot => ({ status: 'signed-in', userId, network: 'online', seq });

/** A backend whose broadcasts the test sends, a resync the test answers, and page events the test fires. */
function setUp(resyncAnswer: () => Promise<SessionSnapshot> = async () => signedIn(1)) {
  const resync = vi.fn(resyncAnswer);
  const page: { handlers?: PageEventHandlers; removed: number } = { removed: 0 };
  const pageEvents: PageEventsSetup = (handlers) => {
    page.handlers = handlers;
    return () => void (page.removed += 1);
  };
  const store = new SessionStore(resync, pageEvents);
  return { store, resync, page, broadcast: (snapshot: SessionSnapshot) => store.accept(snapshot) };
}

describe('SessionStore', () => {
  it('starts loading, follows the broadcasts and tells its subscribers until they leave', () => {
    const { store, broadcast } = setUp();
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', seq: -1 });
    const listener = vi.fn();
    const leave = store.subscribe(listener);
    broadcast(signedIn(3));
    expect(store.getSnapshot()).toEqual(signedIn(3));
    expect(listener).toHaveBeenCalledTimes(1);
    leave();
    broadcast(signedIn(4));
    expect(store.getSnapshot().seq).toBe(4);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('only moves forward: an older or repeated snapshot is ignored and tells nobody', () => {
    const { store, broadcast } = setUp();
    const listener = vi.fn();
    store.subscribe(listener);
    broadcast(signedIn(5, 'new'));
    broadcast(signedIn(4, 'old'));
    store.accept(signedIn(5, 'same seq'));
    expect(store.getSnapshot()).toEqual(signedIn(5, 'new'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refresh() asks the backend and accepts its answer; a failure keeps the snapshot and warns', async () => {
    let answer: Promise<SessionSnapshot> = Promise.resolve(signedIn(2));
    const { store, resync } = setUp(() => answer);
    await expect(store.refresh()).resolves.toEqual(signedIn(2));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = Promise.reject(new Error('worker gone'));
    await expect(store.refresh()).resolves.toEqual(signedIn(2));
    expect(resync).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not read the session'), expect.any(Error));
  });

  it("a page event's resync reads the session again; offline marks the network and the next broadcast still wins", async () => {
    const { store, resync, page, broadcast } = setUp(async () => signedIn(7));
    broadcast(signedIn(6));
    page.handlers?.offline();
    expect(store.getSnapshot()).toEqual({ ...signedIn(6), network: 'offline', seq: 6.001 });
    page.handlers?.resync();
    await vi.waitFor(() => expect(store.getSnapshot()).toEqual(signedIn(7)));
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('back online, the backend\'s unchanged snapshot ends the offline mark; while still offline it keeps it', async () => {
    const { store, page, broadcast } = setUp(async () => signedIn(6));
    broadcast(signedIn(6));
    page.handlers?.offline();
    vi.stubGlobal('navigator', { onLine: false });
    await store.refresh();
    expect(store.getSnapshot()).toEqual({ ...signedIn(6), network: 'offline', seq: 6.001 });
    vi.stubGlobal('navigator', { onLine: true });
    await store.refresh();
    expect(store.getSnapshot()).toEqual({ ...signedIn(6), seq: expect.closeTo(6.002, 6) });
    // The backend's next snapshot still wins.
    broadcast(signedIn(7));
    expect(store.getSnapshot()).toEqual(signedIn(7));
  });

  it('setPageEvents removes the current listeners before it installs the next; null follows none', () => {
    const { store, page } = setUp();
    const next = vi.fn<PageEventsSetup>(() => undefined);
    store.setPageEvents(next);
    expect(page.removed).toBe(1);
    expect(next).toHaveBeenCalledTimes(1);
    store.setPageEvents(null);
    store.setPageEvents(null);
    expect(page.removed).toBe(1);
  });
});

describe('browserPageEvents', () => {
  /** A page's window and document as event targets, their listener counts, and a visibility to set. */
  function fakePage() {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const counts = { window: 0, document: 0 };
    const counted = (target: EventTarget, key: keyof typeof counts) => {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      return {
        add: (type: string, listener: EventListener) => {
          counts[key] += 1;
          add(type, listener);
        },
        remove: (type: string, listener: EventListener) => {
          counts[key] -= 1;
          remove(type, listener);
        },
      };
    };
    const w = counted(win, 'window');
    const d = counted(doc, 'document');
    vi.stubGlobal('addEventListener', w.add);
    vi.stubGlobal('removeEventListener', w.remove);
    vi.stubGlobal('document', Object.assign(doc, { addEventListener: d.add, removeEventListener: d.remove }));
    return { win, doc, counts };
  }

  it('resyncs when the tab is shown again, restored, resumed or back online, and marks offline', () => {
    const { win, doc } = fakePage();
    const resync = vi.fn();
    const offline = vi.fn();
    browserPageEvents({ resync, offline });
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(resync).not.toHaveBeenCalled();
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    doc.dispatchEvent(new Event('resume'));
    win.dispatchEvent(new Event('online'));
    expect(resync).toHaveBeenCalledTimes(4);
    win.dispatchEvent(new Event('offline'));
    expect(offline).toHaveBeenCalledTimes(1);
  });

  it("does not resync on a page load's own pageshow: the first snapshot comes with the start-up call", () => {
    const { win } = fakePage();
    const resync = vi.fn();
    browserPageEvents({ resync, offline: vi.fn() });
    win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(resync).not.toHaveBeenCalled();
  });

  it('its removal takes every listener off again', () => {
    const { win, doc, counts } = fakePage();
    const resync = vi.fn();
    const offline = vi.fn();
    const remove = browserPageEvents({ resync, offline });
    expect(counts).toEqual({ window: 3, document: 2 });
    remove?.();
    expect(counts).toEqual({ window: 0, document: 0 });
    for (const type of ['pageshow', 'online', 'offline']) win.dispatchEvent(new Event(type));
    for (const type of ['visibilitychange', 'resume']) doc.dispatchEvent(new Event(type));
    expect(resync).not.toHaveBeenCalled();
    expect(offline).not.toHaveBeenCalled();
  });

  it('a store replacing them leaves no listener behind', () => {
    const { counts } = fakePage();
    const store = new SessionStore(async () => signedIn(1));
    expect(counts).toEqual({ window: 3, document: 2 });
    store.setPageEvents(null);
    expect(counts).toEqual({ window: 0, document: 0 });
  });

  it('outside a browser there is nothing to follow', () => {
    expect(typeof document).toBe('undefined');
    expect(browserPageEvents({ resync: vi.fn(), offline: vi.fn() })).toBeUndefined();
  });
});
