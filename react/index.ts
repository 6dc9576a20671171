export { AuthProvider, StackProvider, type AuthProviderProps } from './provider.tsx';
export { useStackApp, useSession, useUser, useUserState, type UseUserOptions } from './hooks.ts';
export { useProject } from './project.ts';
export { useContactChannels, useConnectedAccount } from './user-reads.ts';
export { useTeams, useTeam, usePermissions, usePermission, useTeamInvitations, useTeamUsers, useTeamProfile } from './teams.ts';
export { SignedIn, SignedOut, UserButton } from './controls.tsx';
export { AuthHandler, StackHandler } from './handler/lazy-auth-handler.tsx';
export type { AuthHandlerProps } from './handler/auth-handler.tsx';
