// The worker's registration, loaded after the page's load event (with workbox-window), off the start-up path; also
// the wait for a newly installed worker (only after a registration, which loaded this chunk).
// Under `require-trusted-types-for 'script'` register() refuses a plain string URL: the URL then goes
// through our Trusted Types policy 'authworker', which lets only the configured, same-origin worker URLs through.
// The Trusted Types typings come with workbox-window (its constructor takes a TrustedScriptURL).
import type { TrustedScriptURL, TrustedTypePolicyFactory } from 'trusted-types/lib';
import { Workbox } from 'workbox-window';

interface ScriptUrlPolicy {
  createScriptURL(input: string): TrustedScriptURL;
}

export const TRUSTED_TYPES_POLICY_NAME = 'authworker';

// A policy name may be created once per document (unless the CSP says 'allow-duplicates'): every app of
// the page shares this policy, which accepts the worker URLs the apps were configured with.
const configuredUrls = new Set<string>();
let policy: ScriptUrlPolicy | null | undefined;

function workerUrlPolicy(trustedTypes: TrustedTypePolicyFactory): ScriptUrlPolicy | null {
  if (policy !== undefined) return policy;
  try {
    policy = trustedTypes.createPolicy(TRUSTED_TYPES_POLICY_NAME, {
      createScriptURL(input) {
        if (configuredUrls.has(input) && new URL(input, location.href).origin === location.origin) return input;
        throw new TypeError(`authworker: the Trusted Types policy '${TRUSTED_TYPES_POLICY_NAME}' only allows the configured service worker URL, not ${input}`);
      },
    });
  } catch {
    // The CSP's `trusted-types` list leaves our name out: the page's own default policy may still pass the string.
    policy = null;
  }
  return policy;
}

/** The worker URL as register() accepts it: a TrustedScriptURL where Trusted Types exist, else the string. */
export function trustedWorkerUrl(url: string): string | TrustedScriptURL {
  const trustedTypes = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
  if (!trustedTypes) return url;
  configuredUrls.add(url);
  return workerUrlPolicy(trustedTypes)?.createScriptURL(url) ?? url;
}

export function registerWorker(url: string, scope: string): Promise<ServiceWorkerRegistration | undefined> {
  return new Workbox(trustedWorkerUrl(url), { scope }).register({ immediate: true });
}

/** How long a new worker left waiting (its app calls skipWaiting itself, or not at all) is waited for. */
const WAITING_GRACE_MS = 2_000;

/** Whether `worker` becomes the active one: ours takes over at once (skipWaiting); a waiting one gets a moment. */
export async function activated(worker: ServiceWorker): Promise<boolean> {
  while (worker.state !== 'activated' && worker.state !== 'redundant') {
    const changed = await new Promise<boolean>((resolve) => {
      worker.addEventListener('statechange', () => resolve(true), { once: true });
      if (worker.state === 'installed') setTimeout(() => resolve(false), WAITING_GRACE_MS);
    });
    if (!changed) break;
  }
  return worker.state === 'activated';
}
