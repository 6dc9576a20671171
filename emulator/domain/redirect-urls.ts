// The backend's validateRedirectUrl: localhost when allowed, else a trusted domain with the
// same protocol and hostname (port ignored) and a path under the domain's path.
import type { ProjectConfig } from './projects.ts';

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

export function isTrustedRedirectUrl(url: string, config: Pick<ProjectConfig, 'allow_localhost' | 'domains'>): boolean {
  if (!URL.canParse(url)) return false;
  const target = new URL(url);
  if (config.allow_localhost && isLocalhost(target.hostname)) return true;
  return config.domains.some(({ domain }) => {
    if (!URL.canParse(domain)) return false;
    const trusted = new URL(domain);
    return trusted.protocol === target.protocol && trusted.hostname === target.hostname && target.pathname.startsWith(trusted.pathname);
  });
}
