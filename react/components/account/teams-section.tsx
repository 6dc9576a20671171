import { useState } from 'react';
import type { CurrentUser } from '../../../runtime/client/user/current-user.ts';
import { readKey } from '../../../runtime/client/reads/read-keys.ts';
import type { Team, TeamInvitation } from '../../../runtime/client/user/teams.ts';
import { SectionHeading } from '../frame.tsx';
import { ActionForm, ReadState, TextField, useAccountRead, useAction } from '../kit.tsx';

// Reads through the user's methods, not the team hooks: the hooks' module then stays in the page's
// initial chunk instead of becoming a chunk of its own (the size budget). Each mutation names what it
// changed, and useAccountRead refetches exactly that.

interface TeamItem {
  team: Team;
  /** The team permissions the user holds (recursive), which decide the controls shown. */
  can: ReadonlySet<string>;
}

function ErrorText({ error }: { error: string | null }) {
  return (
    error && (
      <span className="aw-error" role="alert">
        {error}
      </span>
    )
  );
}

function TeamMembers({ team }: { team: Team }) {
  const read = useAccountRead(readKey('team-users', team.id), () => team.listUsers());
  const members = read.value;
  if (!members) return <ReadState read={read} loading="Loading members…" />;
  return (
    <ul aria-label={`Members of ${team.displayName}`}>
      {members.map((member) => (
        <li key={member.id}>{member.teamProfile.displayName ?? member.id}</li>
      ))}
    </ul>
  );
}

function InviteForm({ team }: { team: Team }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = async () => {
    setSentTo(null);
    await team.inviteUser({ email });
    setSentTo(email);
    setEmail('');
  };
  return (
    <>
      <ActionForm action={invite} submitLabel="Send invitation" busyLabel="Sending…">
        <TextField label={`Invite to ${team.displayName} by e-mail`} name="inviteEmail" type="email" autoComplete="off" value={email} onChange={setEmail} />
      </ActionForm>
      {sentTo && <p role="status">Invitation sent to {sentTo}.</p>}
    </>
  );
}

function InvitationRow({ invitation, canRevoke }: { invitation: TeamInvitation; canRevoke: boolean }) {
  const revoke = useAction(() => invitation.revoke());
  const who = invitation.recipientEmail ?? 'an invitation link';
  return (
    <li>
      {who}, expires {invitation.expiresAt.toLocaleDateString()}{' '}
      {canRevoke && (
        <button type="button" onClick={() => void revoke.run()} disabled={revoke.busy} aria-label={`Revoke the invitation of ${who}`}>
          Revoke
        </button>
      )}
      <ErrorText error={revoke.error} />
    </li>
  );
}

function PendingInvitations({ team, canRevoke }: { team: Team; canRevoke: boolean }) {
  const read = useAccountRead(readKey('invitations', team.id), () => team.listInvitations());
  const invitations = read.value;
  if (!invitations) return <ReadState read={read} loading="Loading invitations…" />;
  if (invitations.length === 0) return <p>No pending invitations to {team.displayName}.</p>;
  return (
    <ul aria-label={`Pending invitations to ${team.displayName}`}>
      {invitations.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} canRevoke={canRevoke} />
      ))}
    </ul>
  );
}

function RenameForm({ team }: { team: Team }) {
  const [displayName, setDisplayName] = useState(team.displayName);
  const [saved, setSaved] = useState(false);
  const rename = async () => {
    setSaved(false);
    await team.update({ displayName: displayName.trim() });
    setSaved(true);
  };
  return (
    <>
      <ActionForm action={rename} submitLabel="Rename team" busyLabel="Renaming…">
        <TextField label={`Name of ${team.displayName}`} name="teamDisplayName" autoComplete="off" value={displayName} onChange={setDisplayName} />
      </ActionForm>
      {saved && <p role="status">Team renamed.</p>}
    </>
  );
}

function TeamProfileForm({ user, team }: { user: CurrentUser; team: Team }) {
  const read = useAccountRead(readKey('team-profile', team.id), () => user.getTeamProfile(team));
  const profile = read.value;
  const [displayName, setDisplayName] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!profile) return <ReadState read={read} loading="Loading your team profile…" />;
  const shown = displayName ?? profile.displayName ?? '';
  const save = async () => {
    setSaved(false);
    await profile.update({ displayName: shown.trim() || null });
    setDisplayName(null);
    setSaved(true);
  };
  return (
    <>
      <ActionForm action={save} submitLabel="Save team profile" busyLabel="Saving…">
        <TextField label={`Your name in ${team.displayName}`} name="teamProfileName" autoComplete="nickname" value={shown} onChange={setDisplayName} />
      </ActionForm>
      {saved && <p role="status">Team profile saved.</p>}
    </>
  );
}

function DeleteTeam({ team }: { team: Team }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useAction(() => team.delete());
  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)}>
        Delete {team.displayName}…
      </button>
    );
  }
  return (
    <p role="group" aria-label={`Delete ${team.displayName}`}>
      Delete {team.displayName} for every member? This cannot be undone.{' '}
      <button type="button" onClick={() => void remove.run()} disabled={remove.busy}>
        {remove.busy ? 'Deleting…' : 'Yes, delete the team'}
      </button>{' '}
      <button type="button" onClick={() => setConfirming(false)} disabled={remove.busy}>
        Keep it
      </button>{' '}
      <ErrorText error={remove.error} />
    </p>
  );
}

function TeamRow({ user, item: { team, can } }: { user: CurrentUser; item: TeamItem }) {
  const [showMembers, setShowMembers] = useState(false);
  const select = useAction(() => user.setSelectedTeam(team.id));
  const leave = useAction(() => user.leaveTeam(team));
  const selected = user.selectedTeamId === team.id;
  // The switchers' "Team settings" link lands here.
  return (
    <li id={`team-${team.id}`}>
      <strong>{team.displayName}</strong> {selected && <em>selected</em>}{' '}
      {!selected && (
        <button type="button" onClick={() => void select.run()} disabled={select.busy} aria-label={`Switch to ${team.displayName}`}>
          Switch to
        </button>
      )}{' '}
      <button type="button" aria-expanded={showMembers} onClick={() => setShowMembers((v) => !v)} aria-label={`Members of ${team.displayName}`}>
        Members
      </button>{' '}
      <button type="button" onClick={() => void leave.run()} disabled={leave.busy} aria-label={`Leave ${team.displayName}`}>
        Leave
      </button>
      <ErrorText error={select.error ?? leave.error} />
      {showMembers && <TeamMembers team={team} />}
      {can.has('$invite_members') && <InviteForm team={team} />}
      <details>
        <summary>Manage {team.displayName}</summary>
        <TeamProfileForm user={user} team={team} />
        {can.has('$update_team') && <RenameForm team={team} />}
        {can.has('$read_members') && can.has('$invite_members') && <PendingInvitations team={team} canRevoke={can.has('$remove_members')} />}
        {can.has('$delete_team') && <DeleteTeam team={team} />}
      </details>
    </li>
  );
}

export function TeamsSection({ user, canCreate }: { user: CurrentUser; canCreate: boolean }) {
  const read = useAccountRead(readKey('teams'), async (): Promise<TeamItem[]> => {
    const teams = await user.listTeams();
    const held = await Promise.all(teams.map((team) => user.listPermissions(team)));
    return teams.map((team, index) => ({ team, can: new Set(held[index]?.map((permission) => permission.id)) }));
  });
  const items = read.value;
  const [displayName, setDisplayName] = useState('');
  const create = async () => {
    await user.createTeam({ displayName: displayName.trim() });
    setDisplayName('');
  };
  return (
    <section aria-labelledby="aw-teams">
      <SectionHeading id="aw-teams">Teams</SectionHeading>
      <ReadState read={read} loading="Loading teams…" />
      {items?.length === 0 && <p>You are not in any team.</p>}
      {!!items?.length && (
        <ul aria-label="Your teams">
          {items.map((item) => (
            <TeamRow key={item.team.id} user={user} item={item} />
          ))}
        </ul>
      )}
      {canCreate && (
        <div id="team-creation">
          <ActionForm action={create} submitLabel="Create team" busyLabel="Creating…">
            <TextField label="New team name" name="teamName" autoComplete="off" value={displayName} onChange={setDisplayName} />
          </ActionForm>
        </div>
      )}
    </section>
  );
}
