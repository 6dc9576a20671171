// What StackClientApp does on request (sign-in, recovery, the current user): one chunk, fetched right after
// start-up instead of on the page's initial path.
export * as signIn from '../sign-in/sign-in.ts';
export * as recovery from '../sign-in/password-and-verification.ts';
export * as oauth from '../sign-in/oauth.ts';
export * as passkeys from '../user/passkeys.ts';
export * as teams from '../user/teams.ts';
export * as tokens from '../session/session-tokens.ts';
export { fetchCurrentUser, readUserChange, storedCurrentUser } from '../user/current-user.ts';
// Through this chunk, not a chunk of their own: one file fewer on a signed-in page's start-up path.
export { afterAuthRedirectTarget, signInRedirectTarget } from '../../flows/callback-urls.ts';
export { projectTrust, trustedRedirectTarget, withProjectTrust } from '../../flows/redirect-origins.ts';
import type { ReportTarget } from './unsupported-feature.ts';

/** POST /check-feature-support, in a chunk of its own: only apps that ask for something unsupported load it. */
export const reportUnsupportedFeature = (target: ReportTarget, feature: string, options?: Record<string, unknown>) =>
  import('./unsupported-feature.ts').then((m) => m.reportUnsupportedFeature(target, feature, options));
import type { ClientProjectData } from '../../protocol/schemas/project.ts';
import type { ClientContext } from './context.ts';
import * as api from '../../protocol/contract/api.generated.ts';
import { apiCall } from '../backend/api-call.ts';

/** GET /projects/current, without the user's tokens. */
export async function fetchProject(ctx: ClientContext): Promise<ClientProjectData> {
  const [body, wire] = await Promise.all([ctx.transport.sendJson(apiCall(api.projectsCurrent, { withSession: false })), import('../user/entity-wire.ts')]);
  return wire.readClientProject(body);
}
