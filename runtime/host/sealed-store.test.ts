import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { bestEffort, type RecordStore } from './sealed-store.ts';
import { memoryRecords, sealedStore } from '../../testing/runtime/host.ts';

const parseNote = (value: unknown) => z.object({ note: z.string() }).safeParse(value);

describe('SealedStore', () => {
  it('keeps records sealed: ciphertext at rest, readable by the next worker over the same storage', async () => {
    const records = memoryRecords();
    await sealedStore(records).seal('thing', { note: 'secret-note' });
    const stored = records.entries.get('thing:http://api.test|p');
    expect(stored).toMatchObject({ iv: expect.any(Uint8Array), data: expect.any(ArrayBuffer) });
    expect(new TextDecoder().decode((stored as { data: ArrayBuffer }).data)).not.toContain('secret-note');
    expect(await sealedStore(records).open('thing', parseNote)).toEqual({ note: 'secret-note' });
  });

  it('will not open a record of another API or project, a tampered one, or garbage', async () => {
    const records = memoryRecords();
    await sealedStore(records).seal('thing', { note: 'n' });
    const key = 'thing:http://api.test|p';
    const other = sealedStore(records, { apiUrl: 'http://api.test', projectId: 'other' });
    records.entries.set('thing:http://api.test|other', records.entries.get(key));
    expect(await other.open('thing', parseNote)).toBeNull();

    const sealed = records.entries.get(key) as { iv: Uint8Array; data: ArrayBuffer };
    const flipped = new Uint8Array(sealed.data.slice(0));
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    records.entries.set(key, { iv: sealed.iv, data: flipped.buffer });
    expect(await sealedStore(records).open('thing', parseNote)).toBeNull();

    records.entries.set(key, 'garbage');
    expect(await sealedStore(records).open('thing', parseNote)).toBeNull();
  });

  it('removes a record', async () => {
    const store = sealedStore();
    await store.seal('thing', { note: 'n' });
    await store.remove('thing');
    expect(await store.open('thing', parseNote)).toBeNull();
  });
});

describe('bestEffort', () => {
  it('reads a failing or hung storage as null, within the timeout', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const hung: RecordStore = { get: () => new Promise(() => undefined), set: async () => undefined, del: async () => undefined };
    const broken: RecordStore = { get: async () => Promise.reject(new Error('quota')), set: async () => undefined, del: async () => undefined };
    expect(await bestEffort(sealedStore(hung), 20, 'reading', (s) => s.open('thing', parseNote))).toBeNull();
    expect(await bestEffort(sealedStore(broken), 20, 'reading', (s) => s.open('thing', parseNote))).toBeNull();
    expect(await bestEffort(null, 20, 'reading', async () => 'never')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
