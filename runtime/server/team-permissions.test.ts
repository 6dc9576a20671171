import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import {
  getTeamPermission,
  grantTeamPermission,
  hasTeamPermission,
  listTeamPermissions,
  revokeTeamPermission,
  teamIdOf,
} from './team-permissions.ts';
import { expectBodyAccepted, expectCall, serverTestContext, successBody } from '../../testing/runtime/server.ts';

const perm = (id: string) => ({ id, user_id: 'u-1', team_id: 't-1' });
const list = (...ids: string[]) => ({ items: ids.map(perm), is_paginated: false });

describe('team permissions', () => {
  it('grants with POST and an empty object', async () => {
    const { ctx, calls } = serverTestContext(new Response(JSON.stringify(perm('read')), { status: 201 }));
    expect(await grantTeamPermission(ctx, 't-1', 'u-1', 'read')).toEqual({ id: 'read', userId: 'u-1', teamId: 't-1' });
    expectCall(calls[0], 'POST', '/team-permissions/t-1/u-1/read', {});
    expectBodyAccepted(ENDPOINTS.teamPermissionsGrant, 'server', calls[0]);
  });

  it('revokes with DELETE and an empty object', async () => {
    const { ctx, calls } = serverTestContext(successBody);
    await revokeTeamPermission(ctx, 't-1', 'u-1', '$update_team');
    expectCall(calls[0], 'DELETE', '/team-permissions/t-1/u-1/%24update_team', {});
  });

  it('lists recursively by default, sending recursive=true explicitly', async () => {
    const { ctx, calls } = serverTestContext(list('a', 'b'), list('a'));
    expect((await listTeamPermissions(ctx, 't-1', 'u-1')).map((p) => p.id)).toEqual(['a', 'b']);
    await listTeamPermissions(ctx, 't-1', 'u-1', { recursive: false });
    expectCall(calls[0], 'GET', '/team-permissions?user_id=u-1&team_id=t-1&recursive=true');
    expectCall(calls[1], 'GET', '/team-permissions?user_id=u-1&team_id=t-1&recursive=false');
  });

  it('gets one permission or null, and checks membership of the recursive list', async () => {
    const { ctx, calls } = serverTestContext(list('a', 'b'));
    expect(await getTeamPermission(ctx, 't-1', 'u-1', 'b')).toEqual({ id: 'b', userId: 'u-1', teamId: 't-1' });
    expect(await getTeamPermission(ctx, 't-1', 'u-1', 'zzz')).toBeNull();
    expect(await hasTeamPermission(ctx, 't-1', 'u-1', 'a')).toBe(true);
    expect(await hasTeamPermission(ctx, 't-1', 'u-1', 'c')).toBe(false);
    expect(calls.every((c) => c.url.endsWith('recursive=true'))).toBe(true);
  });

  it('propagates TEAM_PERMISSION_NOT_FOUND on revoke', async () => {
    const { ctx } = serverTestContext({ knownError: 'TEAM_PERMISSION_NOT_FOUND', details: { team_id: 't', user_id: 'u', permission_id: 'p' } });
    await expect(revokeTeamPermission(ctx, 't', 'u', 'p')).rejects.toBeInstanceOf(KnownErrors.TeamPermissionNotFound);
  });

  it('accepts a team or its id', () => {
    expect(teamIdOf('t-1')).toBe('t-1');
    expect(teamIdOf({ id: 't-2' })).toBe('t-2');
  });
});
