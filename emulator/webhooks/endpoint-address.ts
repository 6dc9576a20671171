// Where a webhook endpoint may point. The emulator runs on a developer's machine and POSTs to any endpoint a
// project's admin registers, then shows the first 1,000 characters of each answer: without these rules an endpoint
// could read cloud metadata, other machines of the developer's network, or the emulator's own ports. Loopback stays
// allowed (`http://localhost:3000/...` is the main use); private networks only with `allowPrivateNetworks`. The
// rules run when an endpoint is registered and again on the addresses its name resolves to at each delivery.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export interface WebhookTargetRule {
  /** RFC 1918, CGNAT and IPv6 unique-local addresses too (the CLI's --allow-private-webhooks). */
  allowPrivateNetworks: boolean;
  /** The emulator's own ports (API, mailbox, webhooks), refused on this machine's addresses; filled once listening. */
  ownPorts: ReadonlySet<number>;
  /** The resolver names go through at delivery (default node:dns lookup; tests give names chosen addresses). */
  resolve?: typeof dnsLookup;
}

type AddressKind = 'loopback' | 'private' | 'link-local' | 'unspecified' | 'multicast' | 'public';

function blockList(subnets: readonly [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [address, prefix, family] of subnets) list.addSubnet(address, prefix, family);
  return list;
}

// IPv4 subnets also match their IPv4-mapped IPv6 forms (::ffff:10.0.0.1).
const KINDS: readonly [Exclude<AddressKind, 'public'>, BlockList][] = [
  ['unspecified', blockList([['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']])],
  ['loopback', blockList([['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']])],
  ['link-local', blockList([['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']])],
  ['private', blockList([['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['100.64.0.0', 10, 'ipv4'], ['fc00::', 7, 'ipv6']])],
  ['multicast', blockList([['224.0.0.0', 4, 'ipv4'], ['255.255.255.255', 32, 'ipv4'], ['ff00::', 8, 'ipv6']])],
];

/** What kind of address an IP literal is. */
export function addressKind(ip: string): AddressKind {
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  return KINDS.find(([, list]) => list.check(ip, family))?.[0] ?? 'public';
}

/** Cloud metadata services by name (their addresses are link-local or unique-local, refused anyway). */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.com', 'metadata.packet.net']);

/** Why an address may not be reached (null: it may), for the port the endpoint names. */
export function refusedAddress(ip: string, port: number, rule: WebhookTargetRule): string | null {
  const kind = addressKind(ip);
  if (kind === 'link-local') return `${ip} is a link-local address (cloud metadata services live there)`;
  if (kind === 'unspecified') return `${ip} is the unspecified address`;
  if (kind === 'multicast') return `${ip} is a multicast or broadcast address`;
  if (kind === 'private' && !rule.allowPrivateNetworks) return `${ip} is a private network address (start the emulator with --allow-private-webhooks to allow them)`;
  if ((kind === 'loopback' || kind === 'private') && rule.ownPorts.has(port)) return `port ${port} is one of the emulator's own ports`;
  return null;
}

function defaultPort(url: URL): number {
  return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
}

/** Why an endpoint URL is refused at registration (null: accepted); names are checked again once resolved. */
export function refusedEndpointUrl(raw: string, rule: WebhookTargetRule): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https URLs are delivered to';
  if (url.username !== '' || url.password !== '') return 'the URL must not carry a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return `${host} is a cloud metadata service`;
  const port = defaultPort(url);
  if (isIP(host) !== 0) return refusedAddress(host, port, rule);
  if (host === 'localhost' || host.endsWith('.localhost')) return rule.ownPorts.has(port) ? `port ${port} is one of the emulator's own ports` : null;
  return null;
}

/** The error a delivery records when the endpoint's name resolves to a refused address. */
export class RefusedWebhookTarget extends Error {
  readonly code = 'EWEBHOOKTARGET';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http that resolves the endpoint's name and refuses it when any of its addresses is refused, so
 * the connection goes to an address that was checked (a name cannot resolve to a public address for the check and
 * to a private one for the connection).
 */
export function guardedLookup(port: number, rule: WebhookTargetRule) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    (rule.resolve ?? dnsLookup)(hostname, { all: true, family }, (error, addresses) => {
      if (error) return callback(error, []);
      const refusal = addresses.map((a) => refusedAddress(a.address, port, rule)).find((reason) => reason !== null);
      if (refusal) return callback(new RefusedWebhookTarget(`refused after DNS resolution: ${hostname} resolves to ${refusal}`), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

export { defaultPort as endpointPort };
