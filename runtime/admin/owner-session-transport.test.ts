import { describe, expect, it } from 'vitest';
import { fakeSession } from '../../testing/runtime/http.ts';
import { KnownErrors, createKnownError } from '../protocol/errors/index.ts';
import type { JsonTransport } from '../server/context.ts';
import { OWNER_SESSION_ATTEMPTS, ownerSessionTransport, sessionFromTokenGetter } from './owner-session-transport.ts';

function pipelineAnswering(answer: (adminToken: string | null, index: number) => unknown) {
  const seen: (string | null)[] = [];
  const pipeline: JsonTransport = {
    async sendJson(req, schema) {
      const token = new Headers(req.headers).get('x-stack-admin-access-token');
      seen.push(token);
      const result = answer(token, seen.length - 1);
      if (result instanceof Error) throw result;
      return schema.parse(result);
    },
  };
  return { pipeline, seen };
}

const parse = { parse: (d: unknown) => d };

describe('ownerSessionTransport', () => {
  it('sends the owner access token with a 20 s margin', async () => {
    const session = fakeSession(['owner-at-1']);
    const { pipeline, seen } = pipelineAnswering(() => ({ ok: true }));
    expect(await ownerSessionTransport(pipeline, session).sendJson({ path: '/projects/current', headers: { 'x-other': '1' } }, parse)).toEqual({ ok: true });
    expect(seen).toEqual(['owner-at-1']);
    expect(session.margins).toEqual([20_000]);
  });

  it.each(['ADMIN_ACCESS_TOKEN_EXPIRED', 'UNPARSABLE_ADMIN_ACCESS_TOKEN', 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN', 'INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN', 'API_KEY_NOT_FOUND'] as const)(
    '%s marks the token expired and retries with the next one',
    async (code) => {
      const session = fakeSession(['stale', 'fresh']);
      const { pipeline, seen } = pipelineAnswering((token) => (token === 'stale' ? createKnownError(code) : { ok: 1 }));
      expect(await ownerSessionTransport(pipeline, session).sendJson({ path: '/x' }, parse)).toEqual({ ok: 1 });
      expect(seen).toEqual(['stale', 'fresh']);
      expect(session.expired).toEqual(['stale']);
    },
  );

  it('gives up after the attempt budget with the last error', async () => {
    const session = fakeSession(['a', 'b', 'c', 'd', 'e', 'f']);
    const { pipeline, seen } = pipelineAnswering(() => createKnownError('ADMIN_ACCESS_TOKEN_EXPIRED', { expired_at_millis: 1 }));
    await expect(ownerSessionTransport(pipeline, session).sendJson({ path: '/x' }, parse)).rejects.toBeInstanceOf(KnownErrors.AdminAccessTokenExpired);
    expect(seen).toHaveLength(OWNER_SESSION_ATTEMPTS);
  });

  it('does not retry other errors', async () => {
    const session = fakeSession(['a', 'b']);
    const { pipeline, seen } = pipelineAnswering(() => createKnownError('USER_NOT_FOUND'));
    await expect(ownerSessionTransport(pipeline, session).sendJson({ path: '/x' }, parse)).rejects.toBeInstanceOf(KnownErrors.UserNotFound);
    expect(seen).toEqual(['a']);
    expect(session.expired).toEqual([]);
  });

  it('sends no token header once the owner session is signed out', async () => {
    const session = fakeSession([]);
    const { pipeline, seen } = pipelineAnswering(() => createKnownError('ADMIN_AUTHENTICATION_REQUIRED'));
    await expect(ownerSessionTransport(pipeline, session).sendJson({ path: '/x' }, parse)).rejects.toBeInstanceOf(KnownErrors.AdminAuthenticationRequired);
    expect(seen).toEqual([null]);
  });

  it('accepts the 2.8 token-getter form, asking it again after a rejection', async () => {
    const tokens = ['g1', 'g2'];
    const session = sessionFromTokenGetter(async () => tokens.shift() ?? null);
    const { pipeline, seen } = pipelineAnswering((token) => (token === 'g1' ? createKnownError('UNPARSABLE_ADMIN_ACCESS_TOKEN') : { ok: 2 }));
    expect(await ownerSessionTransport(pipeline, session).sendJson({ path: '/x' }, parse)).toEqual({ ok: 2 });
    expect(seen).toEqual(['g1', 'g2']);
    expect(await session.getTokens()).toBeNull();
  });
});
