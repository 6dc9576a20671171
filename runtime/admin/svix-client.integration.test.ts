// The Svix client against the emulator's webhook service: the admin app's token opens it, and every answer the
// page reads (endpoints, attempts with messages, a message, the secret) passes the client's schemas.
import { Webhook } from 'svix';
import { describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../../testing/emulator/webhook-receiver.ts';
import { emulatorKit } from '../../testing/runtime/admin-integration.ts';
import { createSvixClient, type SvixClient } from './svix-client.ts';
import { SvixApiError } from './svix-errors.ts';

const { emu, adminApp } = emulatorKit();
const WEBHOOKS_URL = 'http://127.0.0.1:8113';

async function svixOfDemo(): Promise<SvixClient> {
  const admin = adminApp();
  return createSvixClient({
    token: await admin.getSvixToken(),
    appId: admin.projectId,
    serverUrl: WEBHOOKS_URL,
    fetch: (input, init) => Promise.resolve(emu().webhooksApp.request(input instanceof Request ? input : String(input), init)),
  });
}

describe('the Svix client on the emulator', () => {
  it('adds an endpoint, lists it, reads the delivery of a new user with its message, verifies it with the secret, deletes it', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const svix = await svixOfDemo();
      const endpoint = await svix.createEndpoint({ url: receiver.url, description: 'integration' });
      expect(endpoint).toMatchObject({ url: receiver.url, description: 'integration', disabled: false, uid: null });
      expect(endpoint.createdAt).toBeInstanceOf(Date);
      expect((await svix.listEndpoints({ limit: 250 })).data.map((e) => e.id)).toContain(endpoint.id);

      const user = await adminApp().createUser({ displayName: 'Hooked' });
      const delivery = await receiver.next((d) => d.payload.type === 'user.created' && d.payload.data.id === user.id);
      await emu().webhookDelivery.settled();

      const attempts = await svix.listAttemptsByEndpoint(endpoint.id, { limit: 10, withMsg: true, withContent: false });
      const attempt = attempts.data.find((a) => a.msgId === delivery.headers['svix-id']);
      expect(attempt).toMatchObject({ status: 0, statusText: 'success', responseStatusCode: 204, endpointId: endpoint.id, msg: { eventType: 'user.created' } });
      expect(attempt?.msg).not.toHaveProperty('payload');
      const message = await svix.getMessage(attempt?.msgId ?? '');
      expect(message).toMatchObject({ eventType: 'user.created', payload: { type: 'user.created', data: { id: user.id } } });

      const { key } = await svix.getEndpointSecret(endpoint.id);
      const headers = { 'svix-id': String(delivery.headers['svix-id']), 'svix-timestamp': String(delivery.headers['svix-timestamp']), 'svix-signature': String(delivery.headers['svix-signature']) };
      expect(new Webhook(key).verify(delivery.body, headers)).toEqual(message.payload);

      await svix.deleteEndpoint(endpoint.id);
      expect((await svix.listEndpoints({ limit: 250 })).data.map((e) => e.id)).not.toContain(endpoint.id);
      await expect(svix.listAttemptsByEndpoint(endpoint.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    } finally {
      await receiver.close();
    }
  });

  it('reports the service refusing a token of another project, and a bad URL, as SvixApiError', async () => {
    const svix = await svixOfDemo();
    const other = createSvixClient({ token: 'emulator-svix.not-issued', appId: svix.appId, serverUrl: WEBHOOKS_URL, fetch: (input, init) => Promise.resolve(emu().webhooksApp.request(String(input), init)) });
    await expect(other.listEndpoints()).rejects.toMatchObject({ name: 'SvixApiError', status: 401, code: 'authentication_failed' });
    const invalid = await svix.createEndpoint({ url: 'ftp://example.com/hook' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(SvixApiError);
    expect(invalid).toMatchObject({ status: 422, code: 'validation' });
    expect((invalid as SvixApiError).detail).toContain('url');
  });
});
