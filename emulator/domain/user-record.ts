// A user as the views and token minting need it (the row, its channels, selected team, OAuth accounts, passkey),
// and the one query that loads any number of them: related rows come back aggregated as JSON, never a query per user.
import { sql, type Kysely } from 'kysely';
import type { TokenSubject } from '../auth/access-tokens.ts';
import type { ContactChannelRow, Database, OAuthAccountRow, TeamRow, UserRow } from '../db/schema.ts';

export interface UserRecord {
  row: UserRow;
  channels: ContactChannelRow[];
  /** The selected team (a team the user is a member of), for `selected_team`. */
  selectedTeam: TeamRow | null;
  /** Connected OAuth accounts, oldest first (`oauth_providers`). */
  oauthAccounts: OAuthAccountRow[];
  hasPasskey: boolean;
}

export function primaryEmailChannel(user: UserRecord): ContactChannelRow | null {
  return user.channels.find((c) => c.type === 'email' && c.is_primary) ?? null;
}

export function tokenSubject(user: UserRecord): TokenSubject {
  const primary = primaryEmailChannel(user);
  return {
    id: user.row.id,
    displayName: user.row.display_name,
    primaryEmail: primary?.value ?? null,
    primaryEmailVerified: primary?.is_verified ?? false,
    selectedTeamId: user.row.selected_team_id,
    signedUpAtMillis: user.row.signed_up_at_millis,
    requiresTotpMfa: user.row.totp_secret_base64 !== null,
    isAnonymous: user.row.is_anonymous,
  };
}

// Correlated subqueries of the one statement. The aggregates order as the per-table reads did (json_agg's own
// ORDER BY, not a sorted subquery, whose order PostgreSQL does not promise to keep).
const CHANNELS = sql<ContactChannelRow[]>`(SELECT coalesce(json_agg(c ORDER BY c.created_at_millis, c.id), '[]'::json) FROM contact_channels c WHERE c.user_id = users.id)`;
const SELECTED_TEAM = sql<TeamRow | null>`(SELECT row_to_json(t) FROM teams t WHERE t.project_id = users.project_id AND t.id = users.selected_team_id)`;
const OAUTH_ACCOUNTS = sql<OAuthAccountRow[]>`(SELECT coalesce(json_agg(a ORDER BY a.created_at_millis, a.provider_id), '[]'::json) FROM oauth_accounts a WHERE a.user_id = users.id)`;
const HAS_PASSKEY = sql<boolean>`EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = users.id)`;

/** The project's users with everything a record holds; callers add their filter, order and limit. */
export function selectUserRecords(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select([CHANNELS.as('record_channels'), SELECTED_TEAM.as('record_selected_team'), OAUTH_ACCOUNTS.as('record_oauth_accounts'), HAS_PASSKEY.as('record_has_passkey')])
    .where('users.project_id', '=', projectId);
}

type UserRecordRow = Awaited<ReturnType<ReturnType<typeof selectUserRecords>['executeTakeFirstOrThrow']>>;

export function toUserRecord(result: UserRecordRow): UserRecord {
  const { record_channels, record_selected_team, record_oauth_accounts, record_has_passkey, ...row } = result;
  return { row, channels: record_channels, selectedTeam: record_selected_team, oauthAccounts: record_oauth_accounts, hasPasskey: record_has_passkey };
}

/** Runs a record query: one statement, whatever the number of users. */
export async function loadUserRecords(query: ReturnType<typeof selectUserRecords>): Promise<UserRecord[]> {
  return (await query.execute()).map(toUserRecord);
}
