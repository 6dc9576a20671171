// Every public entry point but the worker's (check-worker.ts) and the Vite plugin's (check-vite.ts), imported and used as an app
// would: type-checked with moduleResolution node16, bundler and node10 ("Node"), library checks on.
import { StackClientApp, type CurrentUser } from 'authworker';
import { KnownErrors, KnownError } from 'authworker/errors';
import { AuthProvider, useUser } from 'authworker/react';
import { useSvixToken } from 'authworker/react/admin';
import { StackServerApp, type ServerUser } from 'authworker/server';
import { StackAdminApp } from 'authworker/admin';
import { KNOWN_ERROR_CODES } from 'authworker/protocol';
import { createEmulator, DEMO_PROJECT, type Emulator } from 'authworker-emulator';

export const client: StackClientApp = new StackClientApp({ projectId: DEMO_PROJECT.id, publishableClientKey: DEMO_PROJECT.publishableClientKey });
export const server = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey });
export const admin = new StackAdminApp({ projectId: DEMO_PROJECT.id, superSecretAdminKey: DEMO_PROJECT.superSecretAdminKey });
export const email = (user: CurrentUser | ServerUser): string | null => user.primaryEmail;
export const isKnown = (error: unknown): boolean => error instanceof KnownError || error instanceof KnownErrors.UserNotFound;
export const codes: readonly string[] = KNOWN_ERROR_CODES;
export const hooks = [AuthProvider, useUser, useSvixToken] as const;
export const start: () => Promise<Emulator> = () => createEmulator();
