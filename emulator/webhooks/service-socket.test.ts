// The webhook service over a real socket (issue 19): its own port (a chosen one, or a free one beside port 0),
// bound to the loopback interface only.
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../index.ts';

/** A non-loopback IPv4 address of this machine, if it has one. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces()).flat().find((i) => i?.family === 'IPv4' && !i.internal)?.address;
}

describe('the webhook service socket', () => {
  it('listens on the given port on 127.0.0.1 only, and answers the Svix API', async () => {
    const emu = await startEmulator({ port: 0, mailPort: 0, webhooksPort: 18_613 });
    try {
      expect([emu.webhooksUrl, emu.webhooksPort]).toEqual(['http://127.0.0.1:18613', 18_613]);
      const res = await fetch(`${emu.webhooksUrl}/api/v1/app/internal/endpoint`, { method: 'POST', body: '{}' });
      expect([res.status, await res.json()]).toEqual([401, { code: 'authentication_failed', detail: 'Invalid token' }]);
      const external = externalAddress();
      if (external) await expect(fetch(`http://${external}:18613/api/v1/app/internal/endpoint`)).rejects.toThrow();
    } finally {
      await emu.close();
    }
  });

  it('takes a free port when the API port is 0 and none is given', async () => {
    const emu = await startEmulator({ port: 0, mailPort: 0 });
    try {
      expect(emu.webhooksPort).not.toBe(8113);
      expect(emu.webhooksUrl).toBe(`http://127.0.0.1:${emu.webhooksPort}`);
    } finally {
      await emu.close();
    }
  });
});
