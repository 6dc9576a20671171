// GET /projects/current and the per-project JWKS.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { publicTableRoute, tableRoute } from '../http/table-route.ts';
import { json, text } from '../http/respond.ts';
import { adminProjectView, clientProjectView, currentClientProjectView, getProject } from '../domain/projects.ts';
import { countUsers } from '../domain/users.ts';

export const projectRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute(['projectsCurrent', 'projectsCurrentAdmin'], {}, async (c, { auth, smart }) => {
      if (auth.type !== 'admin') {
        return json(smart.dialect === 'current' ? currentClientProjectView(auth.project) : clientProjectView(auth.project));
      }
      return json(adminProjectView(auth.project, await countUsers(c.get('services').db, auth.project.id)));
    }),
  )
  .on(
    ...publicTableRoute('projectJwks', {}, async (c) => {
      const services = c.get('services');
      const projectId = c.req.param('project_id') ?? '';
      if (!(await getProject(services.db, projectId))) return text('Project not found', 404);
      return json({ keys: [await services.keys.publicJwk(projectId)] });
    }),
  );
