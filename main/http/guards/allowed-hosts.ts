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
}

/**
 * DNS-rebinding guard: the Host must be a loopback name (or the bound address) with the bound port.
 * When bound to every interface (a token is then mandatory), any name with the right port passes.
 */
export function isAllowedHost(hostHeader: string | undefined, policy: HostPolicy): boolean {
  if (!hostHeader) return false;
  const parsed = parseHostHeader(hostHeader);
  if (!parsed || parsed.port !== policy.port()) return false;
  if (LOOPBACK_NAMES.has(parsed.name)) return true;
  if (isWildcardHost(policy.boundHost)) return true;
  return parsed.name === urlHost(policy.boundHost).toLowerCase();
}

/** CSRF guard: a browser Origin must be `http://<allowed host>:<port>` of this broker. */
export function isAllowedOrigin(origin: string | undefined, policy: HostPolicy): boolean {
  if (origin === undefined) return true; // not a browser cross-origin request
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && isAllowedHost(url.host, policy);
}
