import { describe, expect, it } from 'vitest';
import type { SvixList } from '../protocol/schemas/svix.ts';
import { SvixListQuery } from './svix-list.ts';

interface Pending {
  iterator: string | null;
  signal: AbortSignal;
  resolve: (page: SvixList<string>) => void;
  reject: (error: unknown) => void;
}

/** A list whose reads the test answers by hand. */
function manualList() {
  const reads: Pending[] = [];
  const query = new SvixListQuery<string>(
    (iterator, signal) =>
      new Promise((resolve, reject) => {
        reads.push({ iterator, signal, resolve, reject });
      }),
  );
  const notified: number[] = [];
  query.subscribe(() => notified.push(notified.length));
  return { query, reads, notified };
}

const page = (data: string[], iterator: string | null = null): SvixList<string> => ({ data, done: iterator === null, iterator, prevIterator: null });

describe('SvixListQuery', () => {
  it('starts loading with no data; a reload shows the page and whether more follow', async () => {
    const { query, reads, notified } = manualList();
    expect(query.getSnapshot()).toEqual({ data: undefined, loading: true, error: undefined, hasNextPage: false, hasPrevPage: false });
    const loaded = query.reload();
    expect(reads.map((r) => r.iterator)).toEqual([null]);
    reads[0]?.resolve(page(['a', 'b'], 'b'));
    await loaded;
    expect(query.getSnapshot()).toEqual({ data: ['a', 'b'], loading: false, error: undefined, hasNextPage: true, hasPrevPage: false });
    expect(notified.length).toBeGreaterThan(0);
  });

  it('walks pages by the iterators, and back; the shown page stays while the next one loads', async () => {
    const { query, reads } = manualList();
    const first = query.reload();
    reads[0]?.resolve(page(['a', 'b'], 'b'));
    await first;
    const second = query.nextPage();
    expect(query.getSnapshot()).toMatchObject({ data: ['a', 'b'], loading: true });
    expect(reads[1]?.iterator).toBe('b');
    reads[1]?.resolve(page(['c']));
    await second;
    expect(query.getSnapshot()).toEqual({ data: ['c'], loading: false, error: undefined, hasNextPage: false, hasPrevPage: true });
    await query.nextPage(); // done: nothing to read
    expect(reads).toHaveLength(2);
    const reloaded = query.reload();
    expect(reads[2]?.iterator).toBe('b');
    reads[2]?.resolve(page(['c', 'd']));
    await reloaded;
    const back = query.prevPage();
    expect(reads[3]?.iterator).toBeNull();
    reads[3]?.resolve(page(['a', 'b'], 'b'));
    await back;
    expect(query.getSnapshot()).toMatchObject({ data: ['a', 'b'], hasPrevPage: false, hasNextPage: true });
  });

  it('keeps the page on a failure and reports it; a failed page change leaves the walk where it was', async () => {
    const { query, reads } = manualList();
    const first = query.reload();
    reads[0]?.resolve(page(['a'], 'a'));
    await first;
    const next = query.nextPage();
    reads[1]?.reject(new Error('svix down'));
    await next;
    expect(query.getSnapshot()).toMatchObject({ data: ['a'], loading: false, error: new Error('svix down'), hasPrevPage: false, hasNextPage: true });
    const retried = query.reload();
    expect(reads[2]?.iterator).toBeNull();
    reads[2]?.resolve(page(['a'], 'a'));
    await retried;
    expect(query.getSnapshot().error).toBeUndefined();
  });

  it('the newest read wins: an older one is aborted and its late answer dropped; abort() stops the read under way', async () => {
    const { query, reads } = manualList();
    const older = query.reload();
    const newer = query.reload();
    expect(reads[0]?.signal.aborted).toBe(true);
    reads[1]?.resolve(page(['new']));
    reads[0]?.resolve(page(['old']));
    await Promise.all([older, newer]);
    expect(query.getSnapshot().data).toEqual(['new']);

    const stopped = query.reload();
    query.abort();
    expect(reads[2]?.signal.aborted).toBe(true);
    expect(query.getSnapshot()).toMatchObject({ data: ['new'], loading: false });
    reads[2]?.reject(new DOMException('aborted', 'AbortError'));
    await stopped;
    expect(query.getSnapshot().error).toBeUndefined();
  });
});
