// The team switchers.
export const teamsKeys = [
  'Team',
  'Select team',
  'No teams yet',
  'No team',
  'Current team',
  'Other teams',
  'Create a team',
  'Team settings',
  'Offline: switching teams needs a connection.',
] as const;
