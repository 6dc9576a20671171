export { StackClientApp, NotImplementedError, DEFAULT_BASE_URL, type StackClientAppOptions } from './app/client-app.ts';
export { StackSetupError } from '../protocol/setup-error.ts';
export type { CurrentUser, CurrentUserUpdate } from './user/current-user.ts';
export type { OAuthConnection, GetConnectedAccountOptions } from './user/connected-accounts.ts';
export type { Team, TeamUpdate, TeamUser, TeamInvitation, TeamPermission, TeamMemberProfile, EditableTeamMemberProfile } from './user/teams.ts';
export type { Result } from '../protocol/result.ts';
export { SessionStore, browserPageEvents, type PageEventsSetup, type PageEventHandlers } from './session/session-store.ts';
export { UserCache, type UserSnapshot } from './reads/user-cache.ts';
export { resolveHandlerUrls, AFTER_AUTH_RETURN_TO, type HandlerUrls } from '../flows/handler-urls.ts';
export type { RedirectMethod } from './app/redirect-method.ts';
export type { RedirectTrust } from '../flows/redirect-trust.ts';
export { WorkerUnavailableError } from './backend/worker-connection.ts';
export type { SessionSnapshot, SessionStatus, NetworkStatus } from '../bridge/messages.ts';
// The typed classes of every catalogue code are in 'authworker/errors' (loaded only by apps that name them).
export { KnownError, UnknownKnownError } from '../protocol/errors/base.ts';
export { OfflineError, NetworkError, HttpError } from '../http/errors.ts';
export { mountAuthDevtools, type AuthDevtoolsControls, type AuthDevtoolsOptions, type MountedAuthDevtools, type DevtoolsView } from './devtools/mount.ts';
