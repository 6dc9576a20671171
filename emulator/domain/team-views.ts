// The wire shapes of a team: the client view, and the server view with its extra fields.
import type { TeamRow } from '../db/schema.ts';

export function clientTeamView(row: TeamRow) {
  return {
    id: row.id,
    display_name: row.display_name,
    profile_image_url: row.profile_image_url,
    client_metadata: row.client_metadata ?? null,
    client_read_only_metadata: row.client_read_only_metadata ?? null,
  };
}

export function serverTeamView(row: TeamRow) {
  return {
    ...clientTeamView(row),
    created_at_millis: row.created_at_millis,
    server_metadata: row.server_metadata ?? null,
  };
}
