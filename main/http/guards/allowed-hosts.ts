import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for an address or name that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** True for 0.0.0.0 / :: (every interface). */
export function isWildcardHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === '0.0.0.0' || bare === '::';
}

/** The host as it appears in a URL (IPv6 in brackets; wildcard shown as 127.0.0.1). */
export function urlHost(host: string): string {
  if (isWildcardHost(host)) return '127.0.0.1';
  const bare = host.replace(/^\[|\]$/g, '');
  return isIP(bare) === 6 ? `[${bare}]` : bare;
}

/** Splits a Host header value (`name:port`, `[v6]:port`) into name and port (default 80). */
export function parseHostHeader(value: string): { name: string; port: number } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!match) return undefined;
  return { name: match[1]!.toLowerCase(), port: match[2] ? Number(match[2]) : 80 };
}

export interface HostPolicy {
  /** The address the server is bound to. */
  boundHost: string;
  /** The port it listens on (read at request time: it may be 0 until listening). */
  port: () => number;
  /**
   * `--public-url` (the operator's reverse proxy or tailnet name): its host is accepted as it
   * arrives through the proxy (its own port, or none for the scheme's default) or straight on
   * the broker's port, and its origin is this broker's own.
   */
  publicUrl?: string;
}

/**
 * DNS-rebinding guard: the Host must be a loopback name (or the bound address) with the bound
 * port, or the public URL's host. Bound to every interface (a token is then mandatory): without
 * a public URL any name with the right port passes; with one, only IP literals do besides those
 * (a rebinding attack needs a name of the attacker's, never an address).
 */
export function isAllowedHost(hostHeader: string | undefined, policy: HostPolicy): boolean {
  if (!hostHeader) return false;
  if (policy.publicUrl && isPublicHost(hostHeader, policy.publicUrl, policy.port())) return true;
  return isBrokerHost(hostHeader, policy);
}

/** A loopback name, the bound address or (bound to every interface) another, on the bound port. */
function isBrokerHost(hostHeader: string, policy: HostPolicy): boolean {
  const parsed = parseHostHeader(hostHeader);
  if (!parsed || parsed.port !== policy.port()) return false;
  if (LOOPBACK_NAMES.has(parsed.name)) return true;
  if (isWildcardHost(policy.boundHost))
    return !policy.publicUrl || isIP(parsed.name.replace(/^\[|\]$/g, '')) !== 0;
  return parsed.name === urlHost(policy.boundHost).toLowerCase();
}

/** The public URL's host: as the proxy forwards it (`name`, `name:443`) or on the broker's port. */
function isPublicHost(hostHeader: string, publicUrl: string, port: number): boolean {
  const url = new URL(publicUrl);
  const given = hostHeader.trim().toLowerCase();
  if (given === url.host.toLowerCase()) return true;
  const parsed = parseHostHeader(given);
  if (!parsed || parsed.name !== url.hostname.toLowerCase()) return false;
  const own = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return parsed.port === own || parsed.port === port;
}

/**
 * CSRF guard: a browser Origin must be `http://<allowed host>:<port>` of this broker, or the
 * public URL's origin.
 */
export function isAllowedOrigin(origin: string | undefined, policy: HostPolicy): boolean {
  if (origin === undefined) return true; // not a browser cross-origin request
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (policy.publicUrl && url.origin === new URL(policy.publicUrl).origin) return true;
  return url.protocol === 'http:' && isBrokerHost(url.host, policy);
}
