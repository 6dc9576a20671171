// Loaded only on a page that has the official SDK's session cookies of the project: the switch to authworker.
import type { HelloData } from '../../bridge/messages.ts';
import { CookieVault } from '../../host/cookie-vault.ts';

/**
 * The start-up hello, handing the worker the refresh token of the official SDK's cookie session
 * (the cookies both published clients write) so the user stays signed in (host/session-takeover.ts). The cookies are deleted once the worker
 * has settled it, so no refresh token stays readable by page script; an unreadable one is deleted at once.
 * Other projects' sessions are left alone.
 */
export async function helloTakingOver(hello: (options?: { officialRefreshToken: string }) => Promise<HelloData>, projectId: string): Promise<HelloData> {
  const cookies = new CookieVault(projectId);
  const officialRefreshToken = cookies.officialRefreshToken();
  if (!officialRefreshToken) {
    cookies.removeOfficialSession();
    return hello();
  }
  const answer = await hello({ officialRefreshToken });
  if (answer.tookOver) cookies.removeOfficialSession();
  return answer;
}
