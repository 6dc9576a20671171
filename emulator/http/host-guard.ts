// The loopback rule: the emulator answers only requests addressed to a loopback name, so a web page the developer
// visits cannot reach it through DNS rebinding (its requests carry the attacker's Host). Opt-outs: --allow-host
// NAME and --allow-any-host.
import type { MiddlewareHandler } from 'hono';
import { TEXT_TYPE } from './respond.ts';

export interface HostRule {
  /** Extra host names (no port) accepted besides the loopback ones, compared case-insensitively. */
  allowedHosts?: readonly string[];
  /** Accept any Host header (a LAN demo behind --bind 0.0.0.0); the development APIs are then open to the LAN. */
  allowAnyHost?: boolean;
}

// A Host header is `name[:port]` or `[ipv6][:port]`; anything else (userinfo, paths, spaces) is refused unread.
const HOST_SYNTAX = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::\d{1,5})?$/i;
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** The host name of a Host header, lowercased and in the URL parser's canonical form; null when malformed. */
function hostName(host: string): string | null {
  if (!HOST_SYNTAX.test(host)) return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/** localhost, *.localhost, 127.0.0.0/8 and [::1] (the names browsers and resolvers always map to this machine). */
function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || IPV4_LOOPBACK.test(name) || name === '[::1]';
}

/** Whether a request with this Host header (null: none sent) may be served. */
export function isAllowedHost(host: string | null, rule: HostRule = {}): boolean {
  if (rule.allowAnyHost) return true;
  if (host === null) return false;
  const name = hostName(host);
  if (name === null) return false;
  return isLoopbackName(name) || (rule.allowedHosts ?? []).some((allowed) => (hostName(allowed) ?? allowed.toLowerCase()) === name);
}

/**
 * Refuses (403, plain text, no CORS headers) a request whose Host is not allowed. The Host header is read as sent;
 * an in-process request (app.request(), no socket) has none, so its URL's host stands in.
 */
export function hostGuard(rule: HostRule = {}): MiddlewareHandler {
  return async (c, next) => {
    const fromSocket = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
    const host = c.req.raw.headers.get('host') ?? (fromSocket ? null : new URL(c.req.url).host);
    if (isAllowedHost(host, rule)) return next();
    const shown = host === null ? 'no Host header' : `Host ${JSON.stringify(host.slice(0, 100))}`;
    const message =
      `Forbidden: the emulator only answers requests addressed to localhost, *.localhost, 127.0.0.0/8 or [::1] (${shown}). ` +
      'Start it with --allow-host <name> (or --allow-any-host) to serve other names.';
    return new Response(message, { status: 403, headers: { 'content-type': TEXT_TYPE } });
  };
}

/**
 * Refuses (403) a state-changing request that a page on another origin sent: without CORS such a page cannot read
 * the answer, but a "simple" POST (text/plain, no preflight) would still move the clock or reset the stats.
 * Browsers always send Origin on such requests; tools (curl, Node fetch) send none and pass.
 */
export const refuseCrossOriginWrites: MiddlewareHandler = async (c, next) => {
  const origin = c.req.raw.headers.get('origin');
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || origin === null || origin === new URL(c.req.url).origin) return next();
  return new Response(`Forbidden: the emulator's development API does not take requests from other origins (${origin.slice(0, 100)}).`, {
    status: 403,
    headers: { 'content-type': TEXT_TYPE },
  });
};
