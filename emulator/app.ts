// Assembles the emulator's Hono app: shared middleware, then the routes grouped by resource.
import { Hono } from 'hono';
import type { AppEnv } from './http/env.ts';
import { cors, finalizeResponse, handleError, rateLimit, refuseSecretKeysFromForeignOrigins, smartRequest } from './http/pipeline.ts';
import { hostGuard, refuseCrossOriginWrites, type HostRule } from './http/host-guard.ts';
import { DEFAULT_MAX_BODY_BYTES, limitRequestBody } from './http/request-limits.ts';
import type { OriginRule } from './http/key-origins.ts';
import { controlRoutes } from './routes/control.ts';
import { outboxApiRoutes, outboxPageRoutes } from './routes/outbox.ts';
import { checkFeatureSupportRoutes } from './routes/check-feature-support.ts';
import { checkVersionRoutes } from './routes/check-version.ts';
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
import { teamRoutes } from './routes/teams.ts';
import { mfaRoutes } from './routes/mfa.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { emailTemplateRoutes } from './routes/email-templates.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { sendTestEmailRoutes } from './routes/send-test-email.ts';
import { projectAdminRoutes } from './routes/project-admin.ts';
import { oauthAuthorizeRoutes } from './routes/oauth-authorize.ts';
import { oauthCallbackRoutes } from './routes/oauth-callback.ts';
import { connectedAccountRoutes } from './routes/connected-accounts.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { oauthConsentRoutes } from './pages/oauth-consent.ts';
import { teamMembershipRoutes } from './routes/team-memberships.ts';
import { teamMemberProfileRoutes } from './routes/team-member-profiles.ts';
import { teamPermissionRoutes } from './routes/team-permissions.ts';
import { permissionDefinitionRoutes } from './routes/permission-definitions.ts';
import { teamInvitationRoutes } from './routes/team-invitations.ts';
import { anonymousRoutes } from './routes/anonymous.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { paymentRoutes } from './routes/payments.ts';
import type { Services } from './domain/services.ts';

export type EmulatorApp = Hono<AppEnv>;

export interface AppOptions extends HostRule, OriginRule {
  /** Log one line per request to the console. */
  log?: boolean;
  /** Largest request body in bytes (default DEFAULT_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
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
    .route('/', userRoutes)
    .route('/', mfaRoutes)
    .route('/', teamRoutes)
    .route('/', teamMembershipRoutes)
    .route('/', teamMemberProfileRoutes)
    .route('/', teamPermissionRoutes)
    .route('/', permissionDefinitionRoutes)
    .route('/', teamInvitationRoutes)
    .route('/', apiKeyRoutes)
    .route('/', emailTemplateRoutes)
    .route('/', webhookRoutes)
    .route('/', metricsRoutes)
    .route('/', sendTestEmailRoutes)
    .route('/', projectAdminRoutes)
    .route('/', oauthAuthorizeRoutes)
    .route('/', oauthCallbackRoutes)
    .route('/', connectedAccountRoutes)
    .route('/', passkeyRoutes)
    .route('/', checkFeatureSupportRoutes)
    .route('/', checkVersionRoutes)
    .route('/', anonymousRoutes)
    .route('/', analyticsRoutes)
    .route('/', paymentRoutes);

  const app = new Hono<AppEnv>();
  if (opts.log) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      console.log(`[emulator] ${c.req.method} ${new URL(c.req.url).pathname} -> ${c.res.status} (${(performance.now() - started).toFixed(0)} ms)`);
    });
  }
  // Before anything else, so a foreign Host learns nothing (no CORS headers, no body read).
  app.use('*', hostGuard(opts));
  app.use('*', async (c, next) => {
    c.set('services', services);
    await next();
  });
  app.use('/api/*', cors(opts), finalizeResponse, rateLimit);
  // After the /api CORS and status-override layers, so an /api 413 carries them; before anything reads a body.
  app.use('*', limitRequestBody(opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
  app.use('/api/*', refuseSecretKeysFromForeignOrigins(opts), smartRequest);
  app.use('/emulator/*', refuseCrossOriginWrites);
  app.get('/api/v1', apiRootHandler);
  app.route('/api/v1', api);
  // A known path with a method it does not serve: the framework's empty 405.
  for (const path of new Set(api.routes.map((r) => r.path))) {
    app.all(`/api/v1${path}`, () => new Response(null, { status: 405 }));
  }
  app.all('/api/*', notFoundHandler);
  app.route('/', healthRoutes);
  app.route('/emulator/api', controlRoutes);
  app.route('/emulator/api', outboxApiRoutes);
  app.route('/emulator', outboxPageRoutes);
  app.route('/emulator', oauthConsentRoutes);
  app.onError(handleError);
  return app;
}
