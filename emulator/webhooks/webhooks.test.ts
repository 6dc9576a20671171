// The Svix-compatible webhook service (issue 19): endpoints registered with the token of POST /webhooks/svix-token,
// the eight events delivered with Svix signatures the svix package verifies, attempts and messages readable
// through the Svix API, failed deliveries retried.
import { Webhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { svixApi } from '../../testing/emulator/svix-api.ts';
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from '../../testing/emulator/webhook-receiver.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
let receiver: WebhookReceiver;
// Retries come after 20 ms, then 40 ms.
beforeAll(async () => {
  emu = await createTestEmulator({ webhooks: { retryDelaysMillis: [20, 40] } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await emu.close();
  await receiver.close();
});

const SECRET = `whsec_${btoa('emulator-webhook-secret-24b')}`;

const { svixToken, svix } = svixApi(() => emu);

async function registerEndpoint(url: string, token: string): Promise<string> {
  const res = await svix(`/api/v1/app/${DEMO_PROJECT.id}/endpoint`, token, { method: 'POST', body: JSON.stringify({ url, secret: SECRET }) });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: string; url: string };
  expect(body).toMatchObject({ id: expect.stringMatching(/^ep_[A-Za-z0-9]{27}$/), url });
  return body.id;
}

const server = (method: string, path: string, json?: unknown) => emu.fetch(`/api/v1${path}`, { method, accessType: 'server', ...(json === undefined ? {} : { json }) });
const about = (type: string, id: string) => (d: Delivery) => d.payload.type === type && (d.payload.data.id === id || d.payload.data.user_id === id || d.payload.data.team_id === id);

describe('webhooks', () => {
  it('delivers user.created with the server view, signed so the svix package verifies it; the Svix API shows attempt and message', async () => {
    const token = await svixToken();
    const endpointId = await registerEndpoint(receiver.url, token);
    const created = await server('POST', '/users', { primary_email: `hook-${crypto.randomUUID()}@example.com`, display_name: 'Hooked' });
    const user = (await created.json()) as { id: string };
    const delivery = await receiver.next(about('user.created', user.id));
    expect(delivery.payload).toEqual({ type: 'user.created', data: user });
    const headers = { 'svix-id': String(delivery.headers['svix-id']), 'svix-timestamp': String(delivery.headers['svix-timestamp']), 'svix-signature': String(delivery.headers['svix-signature']) };
    expect(() => new Webhook(SECRET).verify(delivery.body, headers)).not.toThrow();
    expect(() => new Webhook(`whsec_${btoa('another-secret-of-24-byte')}`).verify(delivery.body, headers)).toThrow();

    await emu.webhookDelivery.settled();
    const attempts = await svix(`/api/v1/app/${DEMO_PROJECT.id}/attempt/endpoint/${endpointId}`, token);
    const list = (await attempts.json()) as { data: { msgId: string; status: number; responseStatusCode: number }[] };
    expect(list.data).toContainEqual(expect.objectContaining({ msgId: headers['svix-id'], status: 0, responseStatusCode: 204 }));
    const message = await svix(`/api/v1/app/${DEMO_PROJECT.id}/msg/${headers['svix-id']}?with_content=true`, token);
    const body = (await message.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['channels', 'eventId', 'eventType', 'id', 'payload', 'timestamp']);
    expect(body).toEqual({
      channels: null,
      eventId: null,
      eventType: 'user.created',
      id: expect.stringMatching(/^msg_[A-Za-z0-9]{27}$/),
      payload: { type: 'user.created', data: user },
      timestamp: expect.any(String),
    });
    expect(body.id).toBe(headers['svix-id']);
  });

  it('delivers the team, membership, update and delete events', async () => {
    await registerEndpoint(receiver.url, await svixToken());
    const user = (await (await server('POST', '/users', { display_name: 'Member' })).json()) as { id: string };
    const team = (await (await server('POST', '/teams', { display_name: 'Hook Team' })).json()) as { id: string };
    expect((await server('POST', `/team-memberships/${team.id}/${user.id}`, {})).status).toBe(201);
    await server('PATCH', `/teams/${team.id}`, { display_name: 'Renamed Team' });
    await server('PATCH', `/users/${user.id}`, { display_name: 'Renamed Member' });
    expect((await receiver.next(about('team.created', team.id))).payload.data).toMatchObject({ id: team.id, display_name: 'Hook Team', server_metadata: null });
    expect((await receiver.next(about('team_membership.created', team.id))).payload.data).toEqual({ team_id: team.id, user_id: user.id });
    expect((await receiver.next(about('team.updated', team.id))).payload.data).toMatchObject({ display_name: 'Renamed Team' });
    expect((await receiver.next(about('user.updated', user.id))).payload.data).toMatchObject({ id: user.id, display_name: 'Renamed Member' });
    // user.deleted lists the teams the user was in.
    await server('DELETE', `/users/${user.id}`);
    expect((await receiver.next(about('user.deleted', user.id))).payload.data).toEqual({ id: user.id, teams: [{ id: team.id }] });
    const second = (await (await server('POST', '/users', {})).json()) as { id: string };
    await server('POST', `/team-memberships/${team.id}/${second.id}`, {});
    await server('DELETE', `/team-memberships/${team.id}/${second.id}`, {});
    expect((await receiver.next((d) => d.payload.type === 'team_membership.deleted' && d.payload.data.user_id === second.id)).payload.data).toEqual({ team_id: team.id, user_id: second.id });
    await server('DELETE', `/teams/${team.id}`);
    expect((await receiver.next(about('team.deleted', team.id))).payload.data).toEqual({ id: team.id });
  });

  it('a failed delivery is an attempt too, and is retried until it succeeds', async () => {
    const flaky = await startWebhookReceiver((_d, index) => (index === 0 ? 500 : 200));
    try {
      const token = await svixToken();
      const endpointId = await registerEndpoint(flaky.url, token);
      const user = (await (await server('POST', '/users', {})).json()) as { id: string };
      await flaky.next((d) => d.payload.type === 'user.created' && flaky.deliveries.indexOf(d) === 1);
      expect(flaky.deliveries.map((d) => d.headers['svix-id'])).toEqual([flaky.deliveries[0]?.headers['svix-id'], flaky.deliveries[0]?.headers['svix-id']]);
      expect(flaky.deliveries[0]?.payload.data.id).toBe(user.id);
      const attempts = async () => ((await (await svix(`/api/v1/app/${DEMO_PROJECT.id}/attempt/endpoint/${endpointId}`, token)).json()) as { data: { status: number; responseStatusCode: number }[] }).data;
      await emu.webhookDelivery.settled();
      const recorded = await attempts();
      expect(recorded.map((a) => [a.status, a.responseStatusCode])).toEqual([
        [0, 200],
        [2, 500],
      ]);
    } finally {
      await flaky.close();
    }
  });

  it('the Svix API needs a token of the project, and validates and size-limits its input', async () => {
    const token = await svixToken();
    const endpoint = `/api/v1/app/${DEMO_PROJECT.id}/endpoint`;
    expect((await svix(endpoint, 'not-a-token', { method: 'POST', body: JSON.stringify({ url: receiver.url }) })).status).toBe(401);
    expect((await svix(endpoint, await svixToken(INTERNAL_PROJECT), { method: 'POST', body: JSON.stringify({ url: receiver.url }) })).status).toBe(404);
    expect((await svix(endpoint, token, { method: 'POST', body: JSON.stringify({ url: 'ftp://example.com/hook' }) })).status).toBe(422);
    expect((await svix(endpoint, token, { method: 'POST', body: JSON.stringify({ url: receiver.url, description: 'x'.repeat(300 * 1024) }) })).status).toBe(413);
    expect((await svix(`/api/v1/app/${DEMO_PROJECT.id}/msg/msg_unknown`, token)).status).toBe(404);
    expect((await svix('/api/v2/app/x/endpoint', token)).status).toBe(404);
  });
});
