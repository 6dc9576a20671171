import {
  clientUserSchema,
  toCurrentUser,
  toUserUpdateWire,
  type CurrentUserData,
  type CurrentUserUpdate,
} from '../protocol/schemas/user.ts';
import type { ApiTransport } from './api-transport.ts';

export type { CurrentUserUpdate };

/** The signed-in user: its data plus the operations of the official SDK's user object. */
export interface CurrentUser extends CurrentUserData {
  update(update: CurrentUserUpdate): Promise<void>;
  setDisplayName(displayName: string | null): Promise<void>;
  setClientMetadata(metadata: unknown): Promise<void>;
  signOut(): Promise<void>;
}

export interface CurrentUserDeps {
  transport: ApiTransport;
  signOut: () => Promise<void>;
  afterMutation: () => Promise<void>;
}

export async function fetchCurrentUser(deps: CurrentUserDeps): Promise<CurrentUser | null> {
  const body = await deps.transport.sendJson({ path: '/users/me' });
  if (body === null) return null;
  return bindCurrentUser(toCurrentUser(clientUserSchema.parse(body)), deps);
}

export function bindCurrentUser(data: CurrentUserData, deps: CurrentUserDeps): CurrentUser {
  const update = async (patch: CurrentUserUpdate): Promise<void> => {
    await deps.transport.sendJson({
      path: '/users/me',
      method: 'PATCH',
      json: toUserUpdateWire(patch),
    });
    await deps.afterMutation();
  };
  return {
    ...data,
    update,
    setDisplayName: (displayName) => update({ displayName }),
    setClientMetadata: (clientMetadata) => update({ clientMetadata }),
    signOut: deps.signOut,
  };
}
