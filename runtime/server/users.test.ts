import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { KnownError, KnownErrors } from '../protocol/errors.ts';
import {
  SECRET_SERVER_KEY,
  USER_ID,
  expectBodyAccepted,
  expectCall,
  expectServerHeaders,
  serverTestContext,
  serverUserWire,
  successBody,
} from '../../testing/runtime/server.ts';
import { bytesToBase64, createUser, deleteUser, getUser, listUsers, toServerUserUpdateWire, updateUser } from './users.ts';

const page = (items: unknown[], nextCursor: string | null) => ({ items, is_paginated: true, pagination: { next_cursor: nextCursor } });

describe('listUsers', () => {
  it('sends every listing option as a string query and maps the page', async () => {
    const { ctx, calls } = serverTestContext(page([serverUserWire], 'next-id'));
    const result = await listUsers(ctx, { cursor: 'c-1', limit: 2, orderBy: 'signedUpAt', desc: true, query: 'ada', teamId: 't-1' });
    expectCall(calls[0], 'GET', '/users?cursor=c-1&limit=2&order_by=signed_up_at&desc=true&query=ada&team_id=t-1');
    expectServerHeaders(calls[0], SECRET_SERVER_KEY);
    expect(calls[0]?.init.body).toBeUndefined();
    expect(result.nextCursor).toBe('next-id');
    expect(result.items[0]?.id).toBe(USER_ID);
    expect(result.items[0]?.signedUpAt).toEqual(new Date(1_700_000_000_000));
    expect(result.items[0]?.lastActiveAt).toEqual(new Date(1_700_000_500_000));
    expect(result.items[0]?.selectedTeam?.createdAt).toEqual(new Date(1_700_000_000_000));
  });

  it('sends no query without options and desc=false when asked', async () => {
    const { ctx, calls } = serverTestContext(page([], null), page([], null));
    expect(await listUsers(ctx)).toEqual({ items: [], nextCursor: null });
    await listUsers(ctx, { desc: false });
    expectCall(calls[0], 'GET', '/users');
    expectCall(calls[1], 'GET', '/users?desc=false');
  });
});

describe('createUser', () => {
  it('posts the SDK fields in snake_case, dropping the unset ones', async () => {
    const { ctx, calls } = serverTestContext(new Response(JSON.stringify(serverUserWire), { status: 201 }));
    const user = await createUser(ctx, {
      primaryEmail: 'ada@example.com',
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: true,
      password: 'correct horse',
      displayName: 'Ada',
      serverMetadata: { plan: 'pro' },
    });
    expectCall(calls[0], 'POST', '/users', {
      primary_email: 'ada@example.com',
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: 'correct horse',
      display_name: 'Ada',
      server_metadata: { plan: 'pro' },
    });
    expectBodyAccepted(ENDPOINTS.usersCreate, 'server', calls[0]);
    expect(user.primaryEmail).toBe('ada@example.com');
  });
});

describe('getUser', () => {
  it('reads /users/{id}', async () => {
    const { ctx, calls } = serverTestContext(serverUserWire);
    expect((await getUser(ctx, USER_ID))?.displayName).toBe('Ada');
    expectCall(calls[0], 'GET', `/users/${USER_ID}`);
  });

  it('answers null for an unknown id (USER_NOT_FOUND), as the SDK does', async () => {
    const { ctx } = serverTestContext({ knownError: 'USER_NOT_FOUND' });
    expect(await getUser(ctx, USER_ID)).toBeNull();
  });

  it('lets every other error propagate as the typed error', async () => {
    const { ctx } = serverTestContext({ knownError: 'INVALID_SECRET_SERVER_KEY', details: { project_id: 'p' } });
    const error = await getUser(ctx, USER_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
    expect((error as KnownError).status).toBe(401);
  });

  it('percent-encodes the id so it stays one path segment', async () => {
    const { ctx, calls } = serverTestContext(serverUserWire);
    await getUser(ctx, 'a/b');
    expectCall(calls[0], 'GET', '/users/a%2Fb');
  });
});

describe('updateUser', () => {
  it('patches primary e-mail, verification, password, TOTP secret (base64), metadata and selected team', async () => {
    const { ctx, calls } = serverTestContext(serverUserWire);
    const secret = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    await updateUser(ctx, USER_ID, {
      primaryEmail: 'new@example.com',
      primaryEmailVerified: false,
      password: 'new password',
      totpMultiFactorSecret: secret,
      clientMetadata: { a: 1 },
      clientReadOnlyMetadata: null,
      serverMetadata: { b: 2 },
      selectedTeamId: 'team-1',
      displayName: null,
    });
    expectCall(calls[0], 'PATCH', `/users/${USER_ID}`, {
      primary_email: 'new@example.com',
      primary_email_verified: false,
      password: 'new password',
      totp_secret_base64: 'AAEC+vv8/f7/CgsMDQ4PEBESExQ=',
      client_metadata: { a: 1 },
      client_read_only_metadata: null,
      server_metadata: { b: 2 },
      selected_team_id: 'team-1',
      display_name: null,
    });
    expectBodyAccepted(ENDPOINTS.usersUpdate, 'server', calls[0]);
  });

  it('sends null to turn MFA off', () => {
    expect(toServerUserUpdateWire({ totpMultiFactorSecret: null })).toEqual({ totp_secret_base64: null });
    expect(toServerUserUpdateWire({})).toEqual({});
  });
});

describe('deleteUser', () => {
  it('sends DELETE with an empty JSON object, as the SDK does', async () => {
    const { ctx, calls } = serverTestContext(successBody);
    await deleteUser(ctx, USER_ID);
    expectCall(calls[0], 'DELETE', `/users/${USER_ID}`, {});
  });
});

describe('bytesToBase64', () => {
  it('is standard base64 with padding', () => {
    expect(bytesToBase64(new TextEncoder().encode('hello'))).toBe('aGVsbG8=');
    expect(bytesToBase64(new Uint8Array())).toBe('');
  });
});
