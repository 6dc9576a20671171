import type { ReactNode } from 'react';
import type { StackClientApp } from '../runtime/client/client-app.ts';
import { AppContext } from './context.ts';

export interface AuthProviderProps {
  app: StackClientApp;
  children?: ReactNode;
}

/** Makes the app available to the hooks and handler pages below it. */
export function AuthProvider({ app, children }: AuthProviderProps) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>;
}

/** The official SDK's name for the provider. */
export const StackProvider = AuthProvider;
