// Assembles the emulator's Hono app: shared middleware, then the routes grouped by resource.
import { Hono } from 'hono';
import type { AppEnv, Services } from './http/env.ts';
import { cors, finalizeResponse, handleError, smartRequest } from './http/pipeline.ts';
import { controlRoutes } from './routes/control.ts';
import { outboxApiRoutes, outboxPageRoutes } from './routes/outbox.ts';
import { oauthTokenRoutes } from './routes/oauth-token.ts';
import { passwordRoutes } from './routes/password.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { otpRoutes } from './routes/otp.ts';
import { contactChannelRoutes } from './routes/contact-channels.ts';
import { projectRoutes } from './routes/projects.ts';
import { apiRootHandler, healthRoutes, notFoundHandler } from './routes/root.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { usersMeRoutes } from './routes/users-me.ts';
import { userRoutes } from './routes/users.ts';

export type EmulatorApp = Hono<AppEnv>;

export interface AppOptions {
  /** Log one line per request to the console. */
  log?: boolean;
}

export function createApp(services: Services, opts: AppOptions = {}): EmulatorApp {
  const api = new Hono<AppEnv>()
    .route('/', projectRoutes)
    .route('/', passwordRoutes)
    .route('/', passwordResetRoutes)
    .route('/', otpRoutes)
    .route('/', contactChannelRoutes)
    .route('/', oauthTokenRoutes)
    .route('/', sessionRoutes)
    .route('/', usersMeRoutes)
    .route('/', userRoutes);

  const app = new Hono<AppEnv>();
  if (opts.log) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      console.log(`[emulator] ${c.req.method} ${new URL(c.req.url).pathname} -> ${c.res.status} (${(performance.now() - started).toFixed(0)} ms)`);
    });
  }
  app.use('*', async (c, next) => {
    c.set('services', services);
    await next();
  });
  app.use('/api/*', cors, finalizeResponse, smartRequest);
  app.get('/api/v1', apiRootHandler);
  app.route('/api/v1', api);
  // A known path with a method it does not serve: the framework's empty 405 (protocol.md §0).
  for (const path of new Set(api.routes.map((r) => r.path))) {
    app.all(`/api/v1${path}`, () => new Response(null, { status: 405 }));
  }
  app.all('/api/*', notFoundHandler);
  app.route('/', healthRoutes);
  app.route('/emulator/api', controlRoutes);
  app.route('/emulator/api', outboxApiRoutes);
  app.route('/emulator', outboxPageRoutes);
  app.onError(handleError);
  return app;
}
