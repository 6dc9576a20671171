// authworker/server: the server app for Node and edge backends. The admin app is 'authworker/admin'.

export { StackServerApp, type GetUserOptions, type ServerUserList } from './server-app.ts';
export { StackSetupError } from '../protocol/setup-error.ts';
export { DEFAULT_BASE_URL, type BaseUrlOption, type StackServerAppOptions } from './options.ts';
export type { ServerUser } from './server-user.ts';
export type { ServerTeam, ServerTeamUser, TeamMemberProfile, UserRef } from './server-team.ts';
export type { ServerContactChannel, ServerContactChannelCreateOptions, ServerContactChannelUpdateOptions, SendVerificationEmailOptions } from './contact-channels.ts';
export type { OAuthConnection, GetConnectedAccountOptions } from './connected-accounts.ts';
export { DEFAULT_SESSION_EXPIRES_IN_MILLIS, type CreateSessionOptions, type ServerSession, type SessionTokenPair } from './sessions.ts';
export type { ListPermissionsOptions, TeamRef } from './team-permissions.ts';
export type { ServerTeamInvitation, TeamInviteOptions } from './team-invitations.ts';
export type { ListTeamsOptions, ServerTeamCreateOptions, ServerTeamUpdateOptions } from './teams.ts';
export type { ListUsersOptions, ServerUserCreateOptions, ServerUserUpdateOptions } from './users.ts';
export type { RequestLike } from '../protocol/forwarded-session.ts';
export type { TokenStoreInput } from './request-user.ts';
export type { ForwardedTokens } from './context.ts';
export type { Result } from '../protocol/result.ts';
export type {
  ClientProjectData,
  ContactChannelData,
  ServerTeamData,
  ServerUserData,
  TeamPermissionData,
} from '../protocol/index.ts';
export {
  KnownError,
  KnownErrors,
  isKnownError,
  isKnownErrorOf,
  type KnownErrorCode,
  type KnownErrorDetails,
  type TypedKnownError,
} from '../protocol/errors/index.ts';
export { HttpError, NetworkError, OfflineError } from '../http/errors.ts';
export { createAccessTokenVerifier, type AccessTokenVerifier, type VerifiedAccessToken } from './access-token-verifier.ts';
