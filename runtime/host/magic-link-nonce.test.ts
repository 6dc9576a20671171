import { describe, expect, it, vi } from 'vitest';
import { MAGIC_LINK_CODE_LIFETIME_MS, MagicLinkNonces } from './magic-link-nonce.ts';
import type { RecordStore } from './sealed-store.ts';
import { memoryRecords, sealedStore } from '../../testing/runtime/host.ts';

describe('MagicLinkNonces', () => {
  it('outlives the worker: a restarted worker (new instance, same storage) still has the nonce', async () => {
    const records = memoryRecords();
    await new MagicLinkNonces({ sealed: sealedStore(records) }).remember('n'.repeat(39));
    expect(await new MagicLinkNonces({ sealed: sealedStore(records) }).recall()).toBe('n'.repeat(39));
  });

  it('is forgotten in memory and storage', async () => {
    const records = memoryRecords();
    const nonces = new MagicLinkNonces({ sealed: sealedStore(records) });
    await nonces.remember('n'.repeat(39));
    await nonces.forget();
    expect(await nonces.recall()).toBeNull();
    expect(await new MagicLinkNonces({ sealed: sealedStore(records) }).recall()).toBeNull();
    expect([...records.entries.keys()].filter((key) => key.startsWith('magic-link-nonce'))).toEqual([]);
  });

  it('expires with the codes, 7 days after the e-mail', async () => {
    const records = memoryRecords();
    let now = 1_000_000;
    await new MagicLinkNonces({ sealed: sealedStore(records), now: () => now }).remember('n'.repeat(39));
    now += MAGIC_LINK_CODE_LIFETIME_MS - 1;
    expect(await new MagicLinkNonces({ sealed: sealedStore(records), now: () => now }).recall()).toBe('n'.repeat(39));
    now += 1;
    expect(await new MagicLinkNonces({ sealed: sealedStore(records), now: () => now }).recall()).toBeNull();
    expect(records.entries.has('magic-link-nonce:http://api.test|p')).toBe(false);
  });

  it('lasts as long as the worker when storage fails, and with no storage (memory persistence)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken: RecordStore = { get: async () => Promise.reject(new Error('no')), set: async () => Promise.reject(new Error('no')), del: async () => undefined };
    for (const nonces of [new MagicLinkNonces({ sealed: sealedStore(broken), timeoutMs: 50 }), new MagicLinkNonces()]) {
      await nonces.remember('n'.repeat(39));
      expect(await nonces.recall()).toBe('n'.repeat(39));
    }
    warn.mockRestore();
  });
});
