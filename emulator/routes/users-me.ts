// GET/PATCH/DELETE /users/me in the client or server shape of a user.
import { Hono } from 'hono';
import { applyUserUpdate } from '../domain/user-update.ts';
import { clientUserView, serverUserView } from '../domain/user-views.ts';
import { deleteUser } from '../domain/users.ts';
import type { AppEnv, Auth } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import { json, success } from '../http/respond.ts';
import { StatusError } from '../core/status-error.ts';
import { userUpdateSchema } from '../http/user-update-schema.ts';
import type { UserRecord } from '../domain/user-record.ts';

function currentUser(auth: Auth): UserRecord {
  if (!auth.user) throw new KnownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
  return auth.user;
}

function userView(auth: Auth, user: UserRecord, dialect: Dialect) {
  return auth.type === 'client' ? clientUserView(user, dialect) : serverUserView(user, dialect);
}

export const usersMeRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('usersMe', {}, (_c, { auth, smart }) => json(userView(auth, currentUser(auth), smart.dialect))),
  )
  .on(
    ...tableRoute('usersMeUpdate', { body: userUpdateSchema }, async (c, { auth, body, smart }) => {
      const updated = await applyUserUpdate(c.get('services'), currentUser(auth), body, auth.type === 'client', smart.dialect);
      return json(userView(auth, updated, smart.dialect));
    }),
  )
  .on(
    ...tableRoute('usersMeDelete', {}, async (c, { auth }) => {
      const user = currentUser(auth);
      if (auth.type === 'client' && !auth.project.config.client_user_deletion_enabled) {
        throw new StatusError(400, 'Client user deletion is not enabled for this project');
      }
      await deleteUser(c.get('services').db, auth.project.id, user.row.id);
      return success();
    }),
  );
