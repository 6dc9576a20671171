// Team entity: client and server wire shapes and their camelCase models.
import * as z from 'zod/mini';
import { dropUndefined, jsonMetadataSchema, millisSchema, millisToDate } from './common.ts';

export const clientTeamSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  profile_image_url: z._default(z.nullable(z.string()), null),
  client_metadata: jsonMetadataSchema,
  client_read_only_metadata: jsonMetadataSchema,
});
export type ClientTeamWire = z.output<typeof clientTeamSchema>;

export const serverTeamSchema = z.extend(clientTeamSchema, {
  created_at_millis: millisSchema,
  server_metadata: jsonMetadataSchema,
});
export type ServerTeamWire = z.output<typeof serverTeamSchema>;

export interface TeamData {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
}

export interface ServerTeamData extends TeamData {
  createdAt: Date;
  serverMetadata: unknown;
}

export function toTeam(wire: ClientTeamWire): TeamData {
  return {
    id: wire.id,
    displayName: wire.display_name,
    profileImageUrl: wire.profile_image_url,
    clientMetadata: wire.client_metadata,
    clientReadOnlyMetadata: wire.client_read_only_metadata,
  };
}

export function toServerTeam(wire: ServerTeamWire): ServerTeamData {
  return { ...toTeam(wire), createdAt: millisToDate(wire.created_at_millis), serverMetadata: wire.server_metadata };
}

/** Client-writable team fields (POST/PATCH /teams). */
export interface TeamUpdate {
  displayName?: string;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
}

export interface ServerTeamUpdate extends TeamUpdate {
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

/** camelCase update -> snake_case body; undefined keys are dropped (unknown keys are rejected server-side). */
export function toTeamUpdateWire(update: ServerTeamUpdate): Record<string, unknown> {
  return dropUndefined({
    display_name: update.displayName,
    profile_image_url: update.profileImageUrl,
    client_metadata: update.clientMetadata,
    client_read_only_metadata: update.clientReadOnlyMetadata,
    server_metadata: update.serverMetadata,
  });
}
