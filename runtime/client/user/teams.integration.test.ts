// Teams through StackClientApp (page-hosted, memory) against the in-process emulator: the SDK's team,
// invitation, member-profile and permission operations end to end.
import { describe, expect, it, vi } from 'vitest';
import { setProjectConfig } from '../../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../../../emulator/domain/seed.ts';
import { KnownErrors } from '../../protocol/errors/index.ts';
import type { StackClientApp } from '../app/client-app.ts';
import type { CurrentUser } from './current-user.ts';
import { emulatorClientKit } from '../../../testing/runtime/client/emulator-client.ts';

const { emulator, clientApp } = emulatorClientKit();

const CALLBACK = 'http://localhost:5173/handler/team-invitation';

const email = () => `teams-${crypto.randomUUID()}@example.com`;

async function signedIn(address = email()): Promise<{ app: StackClientApp; user: CurrentUser; address: string }> {
  const app = clientApp();
  await app.signUpWithCredential({ email: address, password: 'correct horse battery', noRedirect: true, verificationCallbackUrl: CALLBACK });
  return { app, user: await app.getUser({ or: 'throw' }), address };
}

async function invitationCode(address: string): Promise<string> {
  const response = await emulator().app.request(`http://localhost:8102/emulator/api/outbox?mailbox=${encodeURIComponent(address.split('@')[0] ?? '')}`);
  const mails = (await response.json()) as { text: string }[];
  return /[?&]code=([0-9a-z]{45})/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
}

describe('teams through StackClientApp', () => {
  it('creates, lists, reads, updates and deletes a team; the creator holds the admin permissions', async () => {
    const { app, user } = await signedIn();
    const team = await user.createTeam({ displayName: 'Alpha' });
    expect(team).toMatchObject({ displayName: 'Alpha', profileImageUrl: null });
    expect((await user.listTeams()).map((t) => t.displayName)).toEqual(['Alpha']);
    expect((await user.getTeam(team.id))?.id).toBe(team.id);
    expect(await user.getTeam(crypto.randomUUID())).toBeNull();

    expect((await user.listPermissions(team)).map((p) => p.id)).toContain('$update_team');
    expect((await user.listPermissions(team, { recursive: false })).map((p) => p.id)).toEqual(['admin']);
    expect(await user.getPermission(team, '$invite_members')).toEqual({ id: '$invite_members' });
    expect(await user.hasPermission(team, 'no-such-permission')).toBe(false);

    await team.update({ displayName: 'Renamed' });
    expect((await user.getTeam(team.id))?.displayName).toBe('Renamed');
    await user.setSelectedTeam(team.id);
    expect((await app.getUser({ or: 'throw' })).selectedTeam?.id).toBe(team.id);
    await team.delete();
    expect(await user.listTeams()).toEqual([]);
  });

  it('invites by e-mail; the invitee checks, reads and accepts the code; the member list and profiles follow', async () => {
    const owner = await signedIn();
    const team = await owner.user.createTeam({ displayName: 'Crew' });
    const invitee = await signedIn();
    await team.inviteUser({ email: invitee.address, callbackUrl: CALLBACK });
    const invitations = await team.listInvitations();
    expect(invitations).toEqual([expect.objectContaining({ teamId: team.id, recipientEmail: invitee.address })]);
    const code = await invitationCode(invitee.address);

    expect(await clientApp().verifyTeamInvitationCode(code)).toEqual({ status: 'ok', data: undefined });
    expect(await invitee.app.getTeamInvitationDetails(code)).toEqual({ status: 'ok', data: { teamDisplayName: 'Crew' } });
    expect(await invitee.app.acceptTeamInvitation(code)).toEqual({ status: 'ok', data: undefined });
    const used = await invitee.app.acceptTeamInvitation(code);
    expect(used.status === 'error' && used.error).toBeInstanceOf(KnownErrors.VerificationCodeAlreadyUsed);
    const bad = await invitee.app.verifyTeamInvitationCode('x'.repeat(45));
    expect(bad.status === 'error' && bad.error).toBeInstanceOf(KnownErrors.VerificationError);

    expect((await team.listUsers()).map((u) => u.id).sort()).toEqual([owner.user.id, invitee.user.id].sort());
    expect((await invitee.user.listTeams()).map((t) => t.id)).toEqual([team.id]);
    expect(await invitee.user.hasPermission(team, '$read_members')).toBe(true);
    expect(await invitee.user.hasPermission(team, '$delete_team')).toBe(false);

    const profile = await invitee.user.getTeamProfile(team);
    await profile.update({ displayName: 'Crew member' });
    expect((await team.listUsers()).find((u) => u.id === invitee.user.id)?.teamProfile.displayName).toBe('Crew member');

    await invitee.user.leaveTeam(team);
    expect(await invitee.user.listTeams()).toEqual([]);
    expect((await team.listUsers()).map((u) => u.id)).toEqual([owner.user.id]);
  });

  it('revokes an invitation', async () => {
    const { user } = await signedIn();
    const team = await user.createTeam({ displayName: 'Revokers' });
    await team.inviteUser({ email: email(), callbackUrl: CALLBACK });
    const [invitation] = await team.listInvitations();
    await invitation?.revoke();
    expect(await team.listInvitations()).toEqual([]);
  });

  it('each mutation names exactly the reads it changed, the user only when it changed', async () => {
    const { app, user } = await signedIn();
    const refetch = vi.spyOn(app.userCache, 'refetch');
    const team = await user.createTeam({ displayName: 'Keys' });
    await team.inviteUser({ email: email(), callbackUrl: CALLBACK });
    const [invitation] = await team.listInvitations();
    await invitation?.revoke();
    await team.update({ displayName: 'Keys 2' });
    await user.setSelectedTeam(team.id);
    await team.update({ displayName: 'Keys 3' });
    expect(app.userCache.getSnapshot().user?.selectedTeam?.displayName).toBe('Keys 3');
    await (await user.getTeamProfile(team)).update({ displayName: 'Me' });
    const channel = await user.createContactChannel({ value: email(), type: 'email', usedForAuth: false });
    await channel.update({ isPrimary: true });
    await user.leaveTeam(team);
    const id = team.id;
    // The reads each change named (a change naming none refetches nothing).
    const changes = refetch.mock.calls.map(([keys]) => [...keys]).filter((keys) => keys.length > 0);
    expect(changes).toEqual([
      ['teams'],
      [`invitations:${id}`],
      [`invitations:${id}`],
      ['teams'],
      // setSelectedTeam: its answer is the user, shown at once (the host sends it to the other tabs): no read named.
      ['teams', 'user'],
      [`team-profile:${id}`, `team-users:${id}`],
      ['contact-channels'],
      ['contact-channels', 'user'],
      ['teams', 'user'],
    ]);
  });

  it('surfaces the refusal when client team creation is off, and needs a callback URL outside a browser', async () => {
    const { user } = await signedIn();
    await setProjectConfig(emulator(), DEMO_PROJECT.id, { client_team_creation_enabled: false });
    try {
      await expect(user.createTeam({ displayName: 'Nope' })).rejects.toThrow(/^Client team creation is disabled for this project$/);
    } finally {
      await setProjectConfig(emulator(), DEMO_PROJECT.id, { client_team_creation_enabled: true });
    }
    const team = await user.createTeam({ displayName: 'Yes' });
    await expect(team.inviteUser({ email: email() })).rejects.toThrow('without a callback URL');
  });
});
