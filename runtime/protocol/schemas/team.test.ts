import { expect, test } from 'vitest';
import { clientTeamWire, serverTeamWire } from '../../../testing/runtime/protocol/fixtures.ts';
import { clientTeamSchema, serverTeamSchema, toServerTeam, toTeam, toTeamUpdateWire } from './team.ts';

test('client team maps to the model', () => {
  expect(toTeam(clientTeamSchema.parse({ ...clientTeamWire, extra: 1 }))).toEqual({
    id: clientTeamWire.id,
    displayName: "Ada's Team",
    profileImageUrl: null,
    clientMetadata: { theme: 'dark' },
    clientReadOnlyMetadata: null,
  });
});

test('server team adds createdAt and serverMetadata', () => {
  const team = toServerTeam(serverTeamSchema.parse(serverTeamWire));
  expect(team.createdAt).toEqual(new Date(1_700_000_000_000));
  expect(team.serverMetadata).toEqual({ plan: 'pro' });
});

test('absent metadata reads as null', () => {
  const { client_metadata: _c, ...rest } = clientTeamWire;
  expect(toTeam(clientTeamSchema.parse(rest)).clientMetadata).toBeNull();
});

test('update mapper', () => {
  expect(toTeamUpdateWire({ displayName: 'X', serverMetadata: null })).toEqual({ display_name: 'X', server_metadata: null });
});
