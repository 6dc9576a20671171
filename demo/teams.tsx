import { Suspense, useState, type FormEvent } from 'react';
import { usePermission, useTeamInvitations, useTeamProfile, useTeams, useTeamUsers, useUser } from '../react/index.ts';
import type { Team } from '../runtime/client/index.ts';

// The team hooks in an app's own page: the list, the selected team, what the user may do in each.

function TeamCard({ team, selected, onSelect }: { team: Team; selected: boolean; onSelect: () => void }) {
  const canUpdate = usePermission(team, '$update_team') !== null;
  const canInvite = usePermission(team, '$invite_members') !== null;
  return (
    <li data-testid="demo-team">
      <strong>{team.displayName}</strong> {selected ? <em>(selected)</em> : <button type="button" onClick={onSelect}>Select</button>}
      <small>
        {' '}
        {canUpdate ? 'admin' : 'member'}
        {canInvite ? ', can invite' : ''}
      </small>
      <Suspense fallback={<small aria-busy="true"> …</small>}>
        <TeamFacts team={team} canSeeInvitations={canInvite} />
      </Suspense>
    </li>
  );
}

/** The per-team hooks: members, pending invitations (needs $invite_members to list), the user's team profile. */
function TeamFacts({ team, canSeeInvitations }: { team: Team; canSeeInvitations: boolean }) {
  const members = useTeamUsers(team);
  const profile = useTeamProfile(team);
  return (
    <small data-testid="demo-team-facts">
      {' '}
      · {members.length} {members.length === 1 ? 'member' : 'members'} · you appear as {profile?.displayName ?? 'no name'}
      {canSeeInvitations && <PendingInvitations team={team} />}
    </small>
  );
}

function PendingInvitations({ team }: { team: Team }) {
  const invitations = useTeamInvitations(team);
  return (
    <>
      {' '}
      · {invitations.length} pending {invitations.length === 1 ? 'invitation' : 'invitations'}
    </>
  );
}

function TeamList() {
  const user = useUser({ or: 'redirect' });
  const teams = useTeams();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    user.createTeam({ displayName: name }).then(
      () => setName(''),
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
  };
  return (
    <>
      {teams.length === 0 ? (
        <p>No teams yet.</p>
      ) : (
        <ul>
          {teams.map((team) => (
            <TeamCard key={team.id} team={team} selected={user.selectedTeamId === team.id} onSelect={() => void user.setSelectedTeam(team.id)} />
          ))}
        </ul>
      )}
      <form onSubmit={create}>
        <label>
          Team name <input value={name} onChange={(event) => setName(event.target.value)} required />
        </label>{' '}
        <button type="submit">Create</button>
        {error && <span role="alert"> {error}</span>}
      </form>
      <p>
        Invitations, members and leaving a team: <a href="/handler/account-settings">account settings</a>.
      </p>
    </>
  );
}

/** The non-Suspense form of a hook: `undefined` while loading, outside any Suspense boundary. */
function TeamCount() {
  const teams = useTeams({ suspense: false });
  return (
    <p data-testid="team-count" aria-live="polite">
      {teams === undefined ? 'Counting your teams…' : `You are in ${teams.length} ${teams.length === 1 ? 'team' : 'teams'}.`}
    </p>
  );
}

export function TeamsPage() {
  return (
    <section>
      <h1>Teams</h1>
      <TeamCount />
      <Suspense fallback={<p aria-busy="true">Loading teams…</p>}>
        <TeamList />
      </Suspense>
    </section>
  );
}
