// Trusted-domain entries as a project's settings hold them, matched the way the official
// client and backend match them: scheme and host, the port too (a default one unless the entry names one), never
// the path. In the host, `*` stands for one DNS label (or part of one), `**` for any run of labels, and a port of
// `*` for any port: `https://*.example.com`, `https://**.example.com`, `http://localhost:*`.

/** What the project's "allow localhost" setting lets in: `localhost`, `*.localhost`, `127.x.x.x` and `[::1]`. */
export function isLocalhost(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** `host:port`, with the scheme's default port spelled out. */
function hostWithPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/** The host pattern as a regular expression: `**` any characters, `*` any characters but a dot. */
function hostPattern(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((part) => part.split('*').map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^.]*'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** Whether `url` is on the trusted-domain entry `entry`; an entry that is neither a URL nor a pattern matches nothing. */
export function matchesTrustedDomain(url: URL, entry: string): boolean {
  if (!entry.includes('*')) {
    if (!URL.canParse(entry)) return false;
    const domain = new URL(entry);
    return domain.protocol === url.protocol && hostWithPort(domain) === hostWithPort(url);
  }
  // `scheme://host[:port]` and whatever path follows (ignored): `*` cannot go through the URL parser.
  const parts = /^([^:/?#]+):\/\/([^/?#]+)/.exec(entry);
  if (!parts || `${parts[1]?.toLowerCase()}:` !== url.protocol) return false;
  const host = (parts[2] ?? '').toLowerCase();
  const namesPort = /:(\d+|\*)$/.test(host);
  if (namesPort) return hostPattern(host).test(hostWithPort(url));
  return hostPattern(host).test(url.hostname) && url.port === '';
}
