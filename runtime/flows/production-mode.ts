// Production-mode readiness of a project: computed client-side, never enforced by the backend.

export interface ProductionModeError {
  message: string;
  /** Dashboard page where the problem is fixed. */
  relativeFixUrl: string;
}

export interface ProductionModeInput {
  id: string;
  config: { allowLocalhost: boolean; domains: readonly { domain: string }[] };
}

function isLocalhost(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
}

// Dotted numbers (any IPv4 spelling the URL parser left numeric) or a bracketed IPv6 literal.
function isDirectIp(url: URL): boolean {
  return /^\d+(\.\d+)*$/.test(url.hostname) || url.hostname.startsWith('[');
}

export function getProductionModeErrors(project: ProductionModeInput): ProductionModeError[] {
  const errors: ProductionModeError[] = [];
  // A page of the dashboard, not of the API.
  // eslint-disable-next-line no-restricted-syntax
  const relativeFixUrl = `/projects/${project.id}/domains`;
  if (project.config.allowLocalhost) {
    errors.push({ message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings", relativeFixUrl });
  }
  for (const { domain } of project.config.domains) {
    let url: URL;
    try {
      url = new URL(domain);
    } catch {
      errors.push({ message: `Trusted domain is not a valid URL: ${domain}`, relativeFixUrl });
      continue;
    }
    if (isLocalhost(url)) errors.push({ message: `Localhost domains are not allowed to be trusted in production mode: ${domain}`, relativeFixUrl });
    else if (isDirectIp(url)) errors.push({ message: `Direct IPs are not valid for trusted domains in production mode: ${domain}`, relativeFixUrl });
    else if (url.protocol !== 'https:') errors.push({ message: `Trusted domains should be HTTPS: ${domain}`, relativeFixUrl });
  }
  return errors;
}
