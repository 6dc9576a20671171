import { describe, expect, it } from 'vitest';
import { getSvixToken } from './webhooks.ts';
import { adminTestContext, expectAdminHeaders, expectCall } from '../../testing/runtime/admin.ts';

describe('getSvixToken', () => {
  it('posts an empty object and returns the token', async () => {
    const { ctx, calls } = adminTestContext(new Response(JSON.stringify({ token: 'svix-1' }), { status: 201 }));
    expect(await getSvixToken(ctx)).toBe('svix-1');
    expectCall(calls[0], 'POST', '/webhooks/svix-token', {});
    expectAdminHeaders(calls[0]);
  });
});
