import { useCallback, useEffect, useState } from 'react';
import type { CurrentUser } from '../../../../runtime/client/current-user.ts';
import type { Team, TeamUser } from '../../../../runtime/client/teams.ts';
import { ActionForm, TextField, useAction } from '../../kit.tsx';

// Reads through the user's methods, not the team hooks: the hooks' module then stays in the page's
// initial chunk instead of becoming a chunk of its own (the size budget).

interface TeamItem {
  team: Team;
  canInvite: boolean;
}

function TeamMembers({ team }: { team: Team }) {
  const [members, setMembers] = useState<TeamUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    team.listUsers().then(
      (users) => live && setMembers(users),
      (caught: unknown) => live && setError(caught instanceof Error ? caught.message : String(caught)),
    );
    return () => {
      live = false;
    };
  }, [team]);
  if (error) {
    return (
      <p className="aw-error" role="alert">
        {error}
      </p>
    );
  }
  if (!members) return <p aria-busy="true">Loading members…</p>;
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

function TeamRow({ user, item: { team, canInvite } }: { user: CurrentUser; item: TeamItem }) {
  const [showMembers, setShowMembers] = useState(false);
  const select = useAction(() => user.setSelectedTeam(team.id));
  const leave = useAction(() => user.leaveTeam(team));
  const selected = user.selectedTeamId === team.id;
  const error = select.error ?? leave.error;
  return (
    <li>
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
      {error && (
        <span className="aw-error" role="alert">
          {error}
        </span>
      )}
      {showMembers && <TeamMembers team={team} />}
      {canInvite && <InviteForm team={team} />}
    </li>
  );
}

export function TeamsSection({ user, canCreate }: { user: CurrentUser; canCreate: boolean }) {
  const [items, setItems] = useState<TeamItem[] | null>(null);
  const [displayName, setDisplayName] = useState('');
  const reload = useCallback(async () => {
    const teams = await user.listTeams();
    const allowed = await Promise.all(teams.map((team) => user.hasPermission(team, '$invite_members')));
    setItems(teams.map((team, index) => ({ team, canInvite: allowed[index] ?? false })));
  }, [user]);
  const load = useAction(reload);
  const { run: loadTeams } = load;
  // Every team mutation reloads the user: the new user object reloads the list.
  useEffect(() => {
    void loadTeams();
  }, [loadTeams]);
  const create = async () => {
    await user.createTeam({ displayName: displayName.trim() });
    setDisplayName('');
  };
  return (
    <section aria-labelledby="aw-teams">
      <h2 id="aw-teams">Teams</h2>
      {load.error && (
        <p className="aw-error" role="alert">
          {load.error}
        </p>
      )}
      {items === null ? (
        !load.error && <p aria-busy="true">Loading teams…</p>
      ) : items.length === 0 ? (
        <p>You are not in any team.</p>
      ) : (
        <ul aria-label="Your teams">
          {items.map((item) => (
            <TeamRow key={item.team.id} user={user} item={item} />
          ))}
        </ul>
      )}
      {canCreate && (
        <ActionForm action={create} submitLabel="Create team" busyLabel="Creating…">
          <TextField label="New team name" name="teamName" autoComplete="off" value={displayName} onChange={setDisplayName} />
        </ActionForm>
      )}
    </section>
  );
}
