// The body limit stops reading at the limit (a chunked body is not buffered whole), on every part of the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../index.ts';
import { createTestEmulator, projectHeaders, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEFAULT_MAX_BODY_BYTES, parseMaxBodyBytes } from './request-limits.ts';

let emu: TestEmulator;
let small: Emulator;
beforeAll(async () => {
  emu = await createTestEmulator();
  small = await createEmulator({ maxBodyBytes: 1000 });
});
afterAll(async () => {
  await emu.close();
  await small.close();
});

const CHUNK = 64 * 1024;

/** An endless body of zero chunks that records how many bytes the server pulled from it. */
function endlessBody(): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK));
    },
  });
  return { stream, pulled: () => pulled };
}

const SIGN_UP = 'http://localhost:8102/api/v1/auth/password/sign-up';

describe('request body limit', () => {
  it('a chunked body (no Content-Length) is refused 413 once the limit is passed, without reading the rest', async () => {
    const body = endlessBody();
    const res = await emu.app.request(SIGN_UP, {
      method: 'POST',
      headers: { ...projectHeaders('client'), 'content-type': 'application/json' },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(`at most ${DEFAULT_MAX_BODY_BYTES} bytes`);
    // At most the limit plus the chunk that crossed it (and one the stream may have queued ahead).
    expect(body.pulled()).toBeLessThanOrEqual(DEFAULT_MAX_BODY_BYTES + 2 * CHUNK);
  });

  it('a Content-Length over the limit is refused before any byte is read', async () => {
    const body = endlessBody();
    const res = await emu.app.request(SIGN_UP, {
      method: 'POST',
      headers: { ...projectHeaders('client'), 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK);
  });

  it('maxBodyBytes moves the limit, on the API, the development API and the mailbox', async () => {
    const json = (bytes: number) => JSON.stringify({ display_name: 'x'.repeat(bytes - '{"display_name":""}'.length) });
    const post = (path: string, body: string) =>
      small.app.request(`http://localhost:8102${path}`, { method: 'POST', headers: { ...projectHeaders('client'), 'content-type': 'application/json' }, body });
    expect((await post('/api/v1/auth/password/sign-up', json(1000))).status).toBe(400); // read and validated
    const over = await post('/api/v1/auth/password/sign-up', json(1001));
    expect(over.status).toBe(413);
    expect(await over.text()).toBe('Request body too large: the emulator accepts at most 1000 bytes (raise it with --max-body-bytes).');
    expect((await post('/emulator/api/clock', json(1001))).status).toBe(413);
    expect((await small.mailApp.request('http://localhost:8105/api/v1/mailbox/x', { method: 'DELETE', body: 'x'.repeat(1001) })).status).toBe(413);
  });

  it('the limit must be a positive whole number of bytes', () => {
    expect(parseMaxBodyBytes('2048')).toBe(2048);
    for (const bad of ['0', '-1', '1.5', '1e6', 'lots', '']) expect(() => parseMaxBodyBytes(bad)).toThrow(/positive whole number/);
    expect(() => parseMaxBodyBytes(Number.NaN)).toThrow();
  });
});
