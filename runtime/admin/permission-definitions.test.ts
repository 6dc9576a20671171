import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import {
  createTeamPermissionDefinition,
  deleteTeamPermissionDefinition,
  listTeamPermissionDefinitions,
  updateTeamPermissionDefinition,
} from './permission-definitions.ts';
import { adminTestContext, expectBodyAccepted, expectCall, successBody } from '../../testing/runtime/admin.ts';

const def = { id: 'editor', description: 'Edits', contained_permission_ids: ['$read_members'] };

describe('team permission definitions', () => {
  it('lists (description may be omitted)', async () => {
    const { ctx, calls } = adminTestContext({ items: [def, { id: 'bare', contained_permission_ids: [] }], is_paginated: false });
    expect(await listTeamPermissionDefinitions(ctx)).toEqual([
      { id: 'editor', description: 'Edits', containedPermissionIds: ['$read_members'] },
      { id: 'bare', description: undefined, containedPermissionIds: [] },
    ]);
    expectCall(calls[0], 'GET', '/team-permission-definitions');
  });

  it('creates, updates and deletes', async () => {
    const { ctx, calls } = adminTestContext(def, { ...def, description: 'New' }, successBody);
    await createTeamPermissionDefinition(ctx, { id: 'editor', description: 'Edits', containedPermissionIds: ['$read_members'] });
    expect((await updateTeamPermissionDefinition(ctx, 'editor', { description: 'New' })).description).toBe('New');
    await deleteTeamPermissionDefinition(ctx, 'editor');
    expectCall(calls[0], 'POST', '/team-permission-definitions', { id: 'editor', description: 'Edits', contained_permission_ids: ['$read_members'] });
    expectBodyAccepted(ENDPOINTS.teamPermissionDefinitionsCreate, 'admin', calls[0]);
    expectCall(calls[1], 'PATCH', '/team-permission-definitions/editor', { description: 'New' });
    expectBodyAccepted(ENDPOINTS.teamPermissionDefinitionsUpdate, 'admin', calls[1]);
    expectCall(calls[2], 'DELETE', '/team-permission-definitions/editor', {});
  });

  it('propagates CONTAINED_PERMISSION_NOT_FOUND', async () => {
    const { ctx } = adminTestContext({ knownError: 'CONTAINED_PERMISSION_NOT_FOUND', details: { permission_id: 'x' } });
    await expect(createTeamPermissionDefinition(ctx, { id: 'a', containedPermissionIds: ['x'] })).rejects.toBeInstanceOf(
      KnownErrors.ContainedPermissionNotFound,
    );
  });
});
