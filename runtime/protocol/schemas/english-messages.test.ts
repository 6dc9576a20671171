// The entity schemas are zod/mini, which has no texts of its own: what a malformed answer reports must still read
// in English (as classic zod did), whichever schema module a bundle loads first.
import * as z from 'zod/mini';
import { beforeEach, expect, test, vi } from 'vitest';

beforeEach(() => {
  z.config({ localeError: undefined }); // as in a page that has loaded no other zod module yet
  vi.resetModules();
});

test('a malformed user, team or project answer names what was expected', async () => {
  const { clientUserSchema } = await import('./user.ts');
  expect(clientUserSchema.safeParse({ id: 1 }).error?.issues[0]).toMatchObject({ path: ['id'], message: 'Invalid input: expected string, received number' });
  vi.resetModules();
  z.config({ localeError: undefined });
  const { clientTeamSchema } = await import('./team.ts');
  expect(() => clientTeamSchema.parse({ id: 't', display_name: null })).toThrow('Invalid input: expected string, received null');
});

test('the endpoint table refuses unknown keys with the English text', async () => {
  const { ENDPOINTS } = await import('../endpoints.ts');
  const issue = ENDPOINTS.usersMeUpdate.body.safeParse({ server_metadata: {} }).error?.issues[0];
  expect(issue?.message).toBe('Unrecognized key: "server_metadata"');
});

test('a malformed Svix answer reads in English', async () => {
  const { svixEndpointSecretSchema } = await import('./svix.ts');
  const result = svixEndpointSecretSchema.safeParse({});
  expect(z.prettifyError(result.error as z.core.$ZodError)).toBe('✖ Invalid input: expected string, received undefined\n  → at key');
});
