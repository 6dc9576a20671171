// GET /internal/metrics (protocol.md §7.9), admin only.
import { Hono } from 'hono';
import { projectMetrics } from '../domain/metrics.ts';
import type { AppEnv } from '../http/env.ts';
import { endpoint } from '../http/endpoint.ts';
import { json } from '../http/respond.ts';

export const metricsRoutes = new Hono<AppEnv>().get(
  '/internal/metrics',
  endpoint({ access: ['admin'] }, async (c, { auth, smart }) => {
    const { db, clock } = c.get('services');
    return json(await projectMetrics(db, auth.project.id, clock.now(), smart.dialect));
  }),
);
