// Where an app's redirects may go and how it follows them: every target trust-checked (this page, the app's
// `trustedDomains`, the project's trusted domains and allow-localhost setting), then followed by the redirect method.
import type { RedirectTrust } from '../../flows/redirect-trust.ts';
import type { ClientProjectData } from '../../protocol/schemas/project.ts';
import type { ClientContext } from './context.ts';
import { performRedirect, type RedirectMethod, type RouterNavigationSlot } from './redirect-method.ts';

const operations = () => import('./operations.ts');

/** The SDK's options of every `redirectTo<Page>()`. */
export interface RedirectToOptions {
  replace?: boolean;
  /** Sign-in and sign-up: no `after_auth_return_to`; after sign-in/up: the configured URL, not the carried one. */
  noRedirectBack?: boolean;
}

export interface AppRedirects {
  /** The SDK's `redirectTo<Page>()` to a handler page's URL: sign-in and sign-up come back here, after-auth pages honour `after_auth_return_to`. */
  toPage(url: string, page: string, options?: RedirectToOptions): Promise<void>;
  /** What redirects may leave for; `isTrustedRedirect(url, await app.getRedirectTrust())` answers as the app follows. */
  trust(): Promise<RedirectTrust>;
  /** Every redirect is trust-checked, with `code`/`state` removed; the project is read only for a target the app's own trust does not cover. */
  go(target: string, options?: { replace?: boolean }): Promise<void>;
}

/** `project` is the app's shared project read (`app.projectCache`): no fetch of its own. */
export function createAppRedirects(
  currentUrl: ClientContext['currentUrl'],
  method: RedirectMethod,
  trustedDomains: readonly string[],
  project: () => Promise<ClientProjectData>,
  router?: RouterNavigationSlot,
): AppRedirects {
  const localTrust = (): RedirectTrust => ({ currentUrl: currentUrl() ?? undefined, trustedDomains });
  // A project that cannot be read trusts nothing more (the cache asks again after a failure).
  const projectTrust = async (): Promise<RedirectTrust> => {
    try {
      const [data, ops] = await Promise.all([project(), operations()]);
      return ops.projectTrust(data);
    } catch {
      return {};
    }
  };
  const go = async (target: string, options: { replace?: boolean } = {}) => {
    const { trustedRedirectTarget } = await operations();
    performRedirect(method, await trustedRedirectTarget(target, localTrust(), projectTrust), options, router);
  };
  return {
    go,
    trust: async () => (await operations()).withProjectTrust(localTrust(), await projectTrust()),
    async toPage(url, page, options = {}) {
      let target = url;
      const back = !options.noRedirectBack;
      const toSignIn = page === 'signIn' || page === 'signUp';
      const here = currentUrl();
      const { afterAuthRedirectTarget, signInRedirectTarget } = await operations();
      if (back && toSignIn) target = signInRedirectTarget(target, here ?? new URL('http://localhost/'));
      if (back && (page === 'afterSignIn' || page === 'afterSignUp')) target = afterAuthRedirectTarget(target, here);
      await go(target, { replace: options.replace ?? toSignIn });
    },
  };
}
