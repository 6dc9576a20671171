// An app's redirects: checked with `resolveRedirectTarget` against this page, the
// app's own `trustedDomains`, and then, only for a target those do not cover, the project's trusted domains and
// allow-localhost setting. Loaded with the first redirect, off the page's initial bundle.
import type { ClientProjectData } from '../protocol/schemas/project.ts';
import { resolveRedirectTarget, stripOAuthParams, stripOAuthParamsFromRelative, UntrustedRedirectError, type RedirectTrust } from './redirect-trust.ts';

/** `stripOAuthParams` for the output of `resolveRedirectTarget`: absolute stays absolute, relative stays relative. */
export function stripOAuthParamsFromTarget(target: string): string {
  return URL.canParse(target) ? stripOAuthParams(new URL(target)).url.href : stripOAuthParamsFromRelative(target);
}

/**
 * What the project adds to an app's trust: the newer dialect sends `config.domains` and `config.allow_localhost`
 * to clients; the older one sends neither, so only the app's own `trustedDomains` count there.
 */
export function projectTrust(project: ClientProjectData): RedirectTrust {
  return { trustedDomains: (project.config.domains ?? []).map((d) => d.domain), allowLocalhost: project.config.allowLocalhost === true };
}

/** The app's trust (`local`) widened by the project's: both lists count, allow-localhost comes from the project. */
export function withProjectTrust(local: RedirectTrust, project: RedirectTrust): RedirectTrust {
  return { ...local, trustedDomains: [...(local.trustedDomains ?? []), ...(project.trustedDomains ?? [])], allowLocalhost: project.allowLocalhost };
}

/**
 * Where a redirect to `url` goes, `code`/`state` removed, or UntrustedRedirectError (the SDK's text). `project` is
 * read only when `local` does not already trust the target, so relative and same-origin redirects cost no request.
 */
export async function trustedRedirectTarget(url: string, local: RedirectTrust, project: () => Promise<RedirectTrust>): Promise<string> {
  const target = resolveRedirectTarget(url, local) ?? resolveRedirectTarget(url, withProjectTrust(local, await project()));
  if (target === null) throw new UntrustedRedirectError(url);
  return stripOAuthParamsFromTarget(target);
}
