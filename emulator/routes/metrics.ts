// GET /internal/metrics, admin only.
import { Hono } from 'hono';
import { projectMetrics } from '../domain/metrics.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { json } from '../http/respond.ts';

export const metricsRoutes = new Hono<AppEnv>().on(
  ...tableRoute('metrics', {}, async (c, { auth, smart }) => {
    const { db, clock } = c.get('services');
    return json(await projectMetrics(db, auth.project.id, clock.now(), smart.dialect));
  }),
);
