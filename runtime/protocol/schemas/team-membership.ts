// Team member profile, membership, invitation and team permission.
import * as z from 'zod/mini';
import { millisSchema, millisToDate } from './common.ts';
import { serverUserSchema, toServerUser, type ServerUserData } from './user.ts';

export const teamMemberProfileSchema = z.object({
  team_id: z.string(),
  user_id: z.string(),
  display_name: z.nullable(z.string()),
  profile_image_url: z.nullable(z.string()),
});
export type TeamMemberProfileWire = z.output<typeof teamMemberProfileSchema>;

/** Server/admin view also carries the full server user. */
export const serverTeamMemberProfileSchema = z.extend(teamMemberProfileSchema, { user: serverUserSchema });
export type ServerTeamMemberProfileWire = z.output<typeof serverTeamMemberProfileSchema>;

export interface TeamMemberProfileData {
  teamId: string;
  userId: string;
  displayName: string | null;
  profileImageUrl: string | null;
}

export interface ServerTeamMemberProfileData extends TeamMemberProfileData {
  user: ServerUserData;
}

export function toTeamMemberProfile(wire: TeamMemberProfileWire): TeamMemberProfileData {
  return { teamId: wire.team_id, userId: wire.user_id, displayName: wire.display_name, profileImageUrl: wire.profile_image_url };
}

export function toServerTeamMemberProfile(wire: ServerTeamMemberProfileWire): ServerTeamMemberProfileData {
  return { ...toTeamMemberProfile(wire), user: toServerUser(wire.user) };
}

/** `POST /team-memberships/{team}/{user}` result. */
export const teamMembershipSchema = z.object({ team_id: z.string(), user_id: z.string() });

export interface TeamMembershipData {
  teamId: string;
  userId: string;
}

export function toTeamMembership(wire: z.output<typeof teamMembershipSchema>): TeamMembershipData {
  return { teamId: wire.team_id, userId: wire.user_id };
}

export const teamInvitationSchema = z.object({
  id: z.string(),
  team_id: z.string(),
  expires_at_millis: millisSchema,
  recipient_email: z.nullable(z.string()),
});
export type TeamInvitationWire = z.output<typeof teamInvitationSchema>;

export interface TeamInvitationData {
  id: string;
  teamId: string;
  recipientEmail: string | null;
  expiresAt: Date;
}

export function toTeamInvitation(wire: TeamInvitationWire): TeamInvitationData {
  return { id: wire.id, teamId: wire.team_id, recipientEmail: wire.recipient_email, expiresAt: millisToDate(wire.expires_at_millis) };
}

/** One granted permission of a user in a team. */
export const teamPermissionSchema = z.object({ id: z.string(), user_id: z.string(), team_id: z.string() });
export type TeamPermissionWire = z.output<typeof teamPermissionSchema>;

export interface TeamPermissionData {
  id: string;
  userId: string;
  teamId: string;
}

export function toTeamPermission(wire: TeamPermissionWire): TeamPermissionData {
  return { id: wire.id, userId: wire.user_id, teamId: wire.team_id };
}
