// The Svix API's reads and deletes that the admin page uses (issue 19): endpoint lists and attempt lists a page at a
// time, attempts with their messages, deleting an endpoint; strict query parameters and trailing slashes ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { svixApi } from '../../testing/emulator/svix-api.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/emulator/webhook-receiver.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
let receiver: WebhookReceiver;
beforeAll(async () => {
  emu = await createTestEmulator({ webhooks: { retryDelaysMillis: [] } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await emu.close();
  await receiver.close();
});

const { svixToken, svix } = svixApi(() => emu);

const app = `/api/v1/app/${DEMO_PROJECT.id}`;
interface Page<T> {
  data: T[];
  done: boolean;
  iterator: string | null;
}

async function createEndpoint(token: string, description: string): Promise<string> {
  const res = await svix(`${app}/endpoint`, token, { method: 'POST', body: JSON.stringify({ url: receiver.url, description }) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('the Svix API of the admin page', () => {
  it('lists endpoints a page at a time, newest first by default, with an iterator until done', async () => {
    const token = await svixToken();
    const tag = crypto.randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await createEndpoint(token, `${tag}-${i}`));
    const all = (await (await svix(`${app}/endpoint?limit=250`, token)).json()) as Page<{ id: string; description: string }>;
    const ours = all.data.filter((e) => e.description.startsWith(tag)).map((e) => e.id);
    expect(ours).toEqual([...ids].reverse());

    // Walk the whole list two at a time: every endpoint once, in the same order as the single page.
    const walked: string[] = [];
    let iterator: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const page = (await (await svix(`${app}/endpoint?limit=2${iterator === null ? '' : `&iterator=${iterator}`}`, token)).json()) as Page<{ id: string }>;
      expect(page.data.length).toBeLessThanOrEqual(2);
      walked.push(...page.data.map((e) => e.id));
      if (page.done) {
        expect(page.iterator).toBeNull();
        break;
      }
      iterator = page.iterator;
      expect(iterator).toBe(page.data.at(-1)?.id);
    }
    expect(walked).toEqual(all.data.map((e) => e.id));

    const ascending = (await (await svix(`${app}/endpoint?limit=250&order=ascending`, token)).json()) as Page<{ id: string; description: string }>;
    expect(ascending.data.filter((e) => e.description.startsWith(tag)).map((e) => e.id)).toEqual(ids);
  });

  it('lists attempts newest first, a page at a time, with their messages when asked (and without payloads when asked)', async () => {
    const token = await svixToken();
    const endpointId = await createEndpoint(token, 'attempts');
    const users: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: { display_name: `Attempt ${i}` } });
      users.push(((await res.json()) as { id: string }).id);
      await receiver.next((d) => d.payload.type === 'user.created' && d.payload.data.id === users[i]);
      await emu.webhookDelivery.settled();
    }
    const attempts = `${app}/attempt/endpoint/${endpointId}`;
    type Attempt = { id: string; msgId: string; status: number; statusText: string; msg?: { eventType: string; payload?: { data: { id: string } } } };
    const first = (await (await svix(`${attempts}?limit=2&with_msg=true`, token)).json()) as Page<Attempt>;
    expect(first.done).toBe(false);
    expect(first.data.map((a) => a.msg?.payload?.data.id)).toEqual([users[2], users[1]]);
    expect(first.data[0]).toMatchObject({ status: 0, statusText: 'success', msg: { eventType: 'user.created' } });
    const second = (await (await svix(`${attempts}?limit=2&with_msg=true&with_content=false&iterator=${first.iterator}`, token)).json()) as Page<Attempt>;
    expect(second).toMatchObject({ done: true, iterator: null });
    expect(second.data.map((a) => a.msg?.eventType)).toEqual(['user.created']);
    expect(second.data[0]?.msg).not.toHaveProperty('payload');
    const plain = (await (await svix(attempts, token)).json()) as Page<Attempt>;
    expect(plain.data).toHaveLength(3);
    expect(plain.data[0]).not.toHaveProperty('msg');
  });

  it('deletes an endpoint (its attempts with it); later events are not delivered to it', async () => {
    const token = await svixToken();
    const deletedReceiver = await startWebhookReceiver();
    const created = await svix(`${app}/endpoint`, token, { method: 'POST', body: JSON.stringify({ url: deletedReceiver.url }) });
    const endpointId = ((await created.json()) as { id: string }).id;
    const res = await svix(`${app}/endpoint/${endpointId}`, token, { method: 'DELETE' });
    expect([res.status, await res.text()]).toEqual([204, '']);
    expect((await svix(`${app}/endpoint/${endpointId}`, token, { method: 'DELETE' })).status).toBe(404);
    expect((await svix(`${app}/attempt/endpoint/${endpointId}`, token)).status).toBe(404);
    expect((await svix(`${app}/endpoint/${endpointId}/secret`, token)).status).toBe(404);
    const list = (await (await svix(`${app}/endpoint?limit=250`, token)).json()) as Page<{ id: string }>;
    expect(list.data.map((e) => e.id)).not.toContain(endpointId);
    // The next event reaches the other endpoints (the shared receiver) and not the deleted one.
    await createEndpoint(token, 'witness');
    const user = (await (await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: {} })).json()) as { id: string };
    await receiver.next((d) => d.payload.type === 'user.created' && d.payload.data.id === user.id);
    await emu.webhookDelivery.settled();
    expect(deletedReceiver.deliveries).toEqual([]);
    await deletedReceiver.close();

    // A token of another project can neither see nor delete the demo project's endpoints.
    const kept = await createEndpoint(token, 'kept');
    const internalToken = await svixToken(INTERNAL_PROJECT);
    expect((await svix(`${app}/endpoint/${kept}`, internalToken, { method: 'DELETE' })).status).toBe(404);
    expect((await svix(`/api/v1/app/${INTERNAL_PROJECT.id}/endpoint/${kept}`, internalToken, { method: 'DELETE' })).status).toBe(404);
    expect((await svix(`${app}/endpoint/${kept}/secret`, token)).status).toBe(200);
  });

  it('ignores a trailing slash, and refuses unknown or malformed query parameters and iterators', async () => {
    const token = await svixToken();
    expect((await svix(`${app}/endpoint/`, token)).status).toBe(200);
    const refused = async (query: string) => {
      const res = await svix(`${app}/endpoint?${query}`, token);
      return [res.status, ((await res.json()) as { code: string }).code];
    };
    expect(await refused('limit=0')).toEqual([422, 'validation']);
    expect(await refused('limit=251')).toEqual([422, 'validation']);
    expect(await refused('limit=ten')).toEqual([422, 'validation']);
    expect(await refused('order=sideways')).toEqual([422, 'validation']);
    expect(await refused('status=0')).toEqual([422, 'validation']);
    expect(await refused('iterator=ep_not_in_this_list')).toEqual([422, 'validation']);
    expect(await refused('iterator=..%2F..')).toEqual([422, 'validation']);
    const long = await svix(`${app}/endpoint?${'x'.repeat(5_000)}=1`, token);
    expect(((await long.json()) as { detail: string }).detail.length).toBeLessThanOrEqual(500);
    // Dot segments and encoded slashes never reach another app or route.
    expect((await svix(`/api/v1/app/%2e%2e/endpoint`, token)).status).toBe(404);
    expect((await svix(`/api/v1/app/${DEMO_PROJECT.id}%2Fendpoint/endpoint`, token)).status).toBe(404);
    expect((await svix(`${app}/msg/msg_x?with_content=yes`, token)).status).toBe(422);
  });
});
