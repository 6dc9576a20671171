// Loaded only on a page that has the official SDK's session cookies of the project and migrateOfficialSession on:
// the switch to authworker.
import type { HelloData } from '../../bridge/messages.ts';
import { CookieVault } from '../../host/cookie-vault.ts';
import { sessionCookieNames } from '../../protocol/session-cookies.ts';

/**
 * The start-up hello, handing the worker the refresh token of the official SDK's cookie session
 * (the cookies both published clients write) so the user stays signed in (host/session-takeover.ts). The cookies are deleted once the worker
 * has settled it, so no refresh token stays readable by page script; an unreadable one, or one another host may have
 * set, is deleted at once. Other projects' sessions are left alone.
 */
export async function helloTakingOver(hello: (options?: { officialRefreshToken: string }) => Promise<HelloData>, projectId: string): Promise<HelloData> {
  const cookies = new CookieVault(projectId);
  const officialRefreshToken = cookies.officialRefreshToken();
  if (!officialRefreshToken || (await setForOtherHosts(projectId))) {
    cookies.removeOfficialSession();
    return hello();
  }
  const answer = await hello({ officialRefreshToken });
  if (answer.tookOver) cookies.removeOfficialSession();
  return answer;
}

/**
 * True when the browser says a session cookie of the project carries a `Domain` (sibling subdomains can set such a
 * cookie, and page script on them can plant one). Where the browser has no Cookie Store API it cannot tell: false.
 */
export async function setForOtherHosts(projectId: string, store: { getAll(): Promise<unknown[]> } | undefined = globalThis.cookieStore): Promise<boolean> {
  if (!store) return false;
  const names = sessionCookieNames(projectId);
  const ofProject = (name: unknown) => typeof name === 'string' && (name === names.legacyRefresh || names.structuredPrefixes.some((prefix) => name.startsWith(prefix)));
  try {
    return (await store.getAll()).some((cookie) => {
      const { name, domain } = (cookie ?? {}) as { name?: unknown; domain?: unknown };
      return ofProject(name) && typeof domain === 'string' && domain !== '';
    });
  } catch {
    return true; // a store that fails to answer tells nothing good
  }
}
