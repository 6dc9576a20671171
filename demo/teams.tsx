import { Suspense, useState, type FormEvent } from 'react';
import { usePermission, useTeams, useUser } from '../react/index.ts';
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
    </li>
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

export function TeamsPage() {
  return (
    <section>
      <h1>Teams</h1>
      <Suspense fallback={<p aria-busy="true">Loading teams…</p>}>
        <TeamList />
      </Suspense>
    </section>
  );
}
