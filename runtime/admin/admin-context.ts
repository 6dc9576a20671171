// Builds the context of a StackAdminApp: access type admin, with the admin key or the owner's session.

import { decodeKnownError } from '../protocol/errors/classes.ts';
import { createPipeline } from '../http/pipeline.ts';
import type { AppContext } from '../server/context.ts';
import { buildContext, resolveSettings } from '../server/server-context.ts';
import { readEnv } from '../server/options.ts';
import { requireSetting } from '../protocol/setup-error.ts';
import type { StackAdminAppOptions } from './options.ts';
import { ownerSessionTransport, sessionFromTokenGetter } from './owner-session-transport.ts';

export function createAdminContext(options: StackAdminAppOptions): AppContext {
  const settings = resolveSettings(options, 'StackAdminApp');
  const common = {
    apiUrl: settings.apiUrl,
    projectId: settings.projectId,
    accessType: 'admin' as const,
    decodeError: decodeKnownError,
    // No CORS preflight to keep on a server: send the SDK's cache mode.
    cacheNoStore: true,
    timeoutMs: settings.requestTimeoutMs,
    ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
  };
  if (options.projectOwnerSession !== undefined) {
    // No publishable key, and empty secret/admin key headers, as the SDK sends for owner sessions.
    const owner = options.projectOwnerSession;
    const session = typeof owner === 'function' ? sessionFromTokenGetter(owner) : owner;
    return buildContext(settings, 'admin', ownerSessionTransport(createPipeline(common), session));
  }
  const env = readEnv();
  const superSecretAdminKey = requireSetting(
    options.superSecretAdminKey ?? env['STACK_SUPER_SECRET_ADMIN_KEY'],
    'superSecretAdminKey (or projectOwnerSession)',
    'STACK_SUPER_SECRET_ADMIN_KEY',
    'StackAdminApp',
  );
  const secretServerKey = options.secretServerKey || env['STACK_SECRET_SERVER_KEY'] || undefined;
  const pipeline = createPipeline({
    ...common,
    superSecretAdminKey,
    ...(secretServerKey === undefined ? {} : { secretServerKey }),
    ...(settings.publishableClientKey === undefined ? {} : { publishableClientKey: settings.publishableClientKey }),
  });
  return buildContext(settings, 'admin', pipeline);
}
