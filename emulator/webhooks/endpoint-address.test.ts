// Webhook endpoints are not a way into the developer's network (issue 32.3): each refused kind of address at
// registration (422 in Svix's shape), and again after DNS resolution at delivery time.
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { svixApi } from '../../testing/emulator/svix-api.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/emulator/webhook-receiver.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';
import { addressKind, guardedLookup, refusedEndpointUrl, RefusedWebhookTarget, type WebhookTargetRule } from './endpoint-address.ts';

const RULE: WebhookTargetRule = { allowPrivateNetworks: false, ownPorts: new Set([8102, 8105, 8113]) };

describe('refusedEndpointUrl (registration)', () => {
  const refused = [
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://[fe80::1]:3000/hook', /link-local/],
    ['http://metadata.google.internal/computeMetadata/v1/', /metadata/],
    ['http://METADATA/', /metadata/],
    ['http://0.0.0.0:3000/hook', /unspecified/],
    ['http://[::]:3000/hook', /unspecified/],
    ['http://10.0.0.5/hook', /private network/],
    ['http://172.20.1.1/hook', /private network/],
    ['http://192.168.1.20:3000/hook', /private network/],
    ['http://100.100.100.200/latest/meta-data', /private network/],
    ['http://[fd00:ec2::254]/latest/meta-data', /private network/],
    ['http://[::ffff:10.0.0.1]/hook', /private network/],
    ['http://0x0a000001/hook', /private network/],
    ['http://user:pass@localhost:3000/hook', /user name or password/],
    ['http://localhost:8102/api/v1/users', /own ports/],
    ['http://127.0.0.1:8113/api/v1/app/x/endpoint', /own ports/],
    ['http://[::1]:8105/api/v1/mailbox/x', /own ports/],
    ['http://224.0.0.1/hook', /multicast/],
  ] as const;
  for (const [url, reason] of refused) {
    it(`refuses ${url}`, () => {
      expect(refusedEndpointUrl(url, RULE)).toMatch(reason);
    });
  }

  it('accepts loopback on other ports, public names and addresses; private ones only behind the flag', () => {
    for (const url of ['http://localhost:3000/api/stack-webhooks', 'http://127.0.0.1:4000/hook', 'http://[::1]:3000/hook', 'https://hooks.example.com/stack', 'http://93.184.216.34/hook']) {
      expect(refusedEndpointUrl(url, RULE)).toBeNull();
    }
    const lan: WebhookTargetRule = { ...RULE, allowPrivateNetworks: true };
    expect(refusedEndpointUrl('http://192.168.1.20:3000/hook', lan)).toBeNull();
    expect(refusedEndpointUrl('http://[fd12::1]:3000/hook', lan)).toBeNull();
    expect(refusedEndpointUrl('http://169.254.169.254/', lan)).toMatch(/link-local/);
    expect(refusedEndpointUrl('http://192.168.1.20:8102/', lan)).toMatch(/own ports/);
  });

  it('classifies the ranges', () => {
    expect(['127.0.0.1', '::1', '10.1.1.1', '172.31.255.255', '172.32.0.1', '8.8.8.8'].map(addressKind)).toEqual(['loopback', 'loopback', 'private', 'private', 'public', 'public']);
  });
});

describe('guardedLookup (delivery, after DNS resolution)', () => {
  /** A resolver that answers every name with `addresses`; nothing is looked up or connected to. */
  const resolver = (addresses: string[]) =>
    ((_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) => {
      callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    }) as unknown as WebhookTargetRule['resolve'];

  const lookupWith = (addresses: string[], port = 3000, rule: WebhookTargetRule = RULE) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) => {
      guardedLookup(port, { ...rule, resolve: resolver(addresses) })('hooks.example.test', { all: true }, (error, address) => resolve({ error, address }));
    });

  it('refuses a name that resolves to a link-local, private or unspecified address, or to any such among several', async () => {
    for (const addresses of [['169.254.169.254'], ['10.0.0.8'], ['0.0.0.0'], ['fe80::1'], ['93.184.216.34', '192.168.0.2']]) {
      const { error } = await lookupWith(addresses);
      expect(error).toBeInstanceOf(RefusedWebhookTarget);
      expect(error?.message).toMatch(/refused after DNS resolution: hooks\.example\.test resolves to/);
    }
  });

  it('passes a name that resolves to public or loopback addresses (not the emulator ports)', async () => {
    expect((await lookupWith(['93.184.216.34'])).error).toBeNull();
    expect((await lookupWith(['127.0.0.1'])).address).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect((await lookupWith(['127.0.0.1'], 8113)).error).toBeInstanceOf(RefusedWebhookTarget);
  });
});

describe('the Svix API and the delivery', () => {
  let emu: TestEmulator;
  let receiver: WebhookReceiver;
  const resolve = ((host: string, options: { all?: boolean }, callback: (error: null, addresses: LookupAddress[]) => void) => {
    // `rebound.test` plays a name whose DNS answer changed to a refused address after registration. 0.0.0.0: were it
    // ever connected to, it would only reach this machine.
    callback(null, [{ address: host === 'rebound.test' ? '0.0.0.0' : '127.0.0.1', family: 4 }]);
    void options;
  }) as unknown as WebhookTargetRule['resolve'];
  beforeAll(async () => {
    emu = await createTestEmulator({ webhooks: { retryDelaysMillis: [], ...(resolve ? { resolve } : {}) } });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await emu.close();
    await receiver.close();
  });
  const { svixToken, svix } = svixApi(() => emu);
  const register = async (token: string, body: Record<string, unknown>) => svix(`/api/v1/app/${DEMO_PROJECT.id}/endpoint`, token, { method: 'POST', body: JSON.stringify(body) });

  it('registration of a refused URL is a 422 validation error naming why', async () => {
    const token = await svixToken();
    const res = await register(token, { url: 'http://169.254.169.254/latest/meta-data/' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'validation', detail: 'url: refused: 169.254.169.254 is a link-local address (cloud metadata services live there)' });
  });

  it('a NUL in url or description is a 422, not a 500, and nothing is stored', async () => {
    const token = await svixToken();
    for (const body of [{ url: `${receiver.url}\u0000` }, { url: receiver.url, description: 'a\u0000b' }]) {
      const res = await register(token, body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/NUL character/);
    }
    const rows = await emu.db.selectFrom('webhook_endpoints').select('description').where('description', 'like', 'a%b').execute();
    expect(rows).toEqual([]);
  });

  it('a name that resolves to a refused address at delivery time is not connected to; the attempt records why', async () => {
    const token = await svixToken();
    const created = await register(token, { url: `http://rebound.test:${new URL(receiver.url).port}/webhooks` });
    expect(created.status).toBe(201);
    const endpointId = ((await created.json()) as { id: string }).id;
    await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: {} });
    await emu.webhookDelivery.settled();
    const attempts = (await (await svix(`/api/v1/app/${DEMO_PROJECT.id}/attempt/endpoint/${endpointId}`, token)).json()) as { data: { status: number; responseStatusCode: number; response: string }[] };
    expect(attempts.data[0]).toMatchObject({ status: 2, responseStatusCode: 0, response: expect.stringMatching(/refused after DNS resolution: rebound\.test resolves to 0\.0\.0\.0 is the unspecified address/) });
    expect(receiver.deliveries).toEqual([]);
  });
});
