// The Svix token that opens the project's webhook portal.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { callEndpoint, type AppContext } from '../server/context.ts';

export async function getSvixToken(ctx: AppContext): Promise<string> {
  return (await callEndpoint(ctx, ENDPOINTS.svixToken, { body: {} })).token;
}
