import { isIP } from 'node:net';

/** Names that reach the machine itself, the local network or a cloud's metadata service. */
const LOCAL_NAMES =
  /^(localhost|metadata|metadata\.google\.internal|metadata\.goog|instance-data|metadata\.azure\.com)$/;
const LOCAL_SUFFIXES = /\.(localhost|local|internal|localdomain|home\.arpa|lan|intranet|corp)$/;

/** The host name of a URL or `host[:port]` as a web fetch would reach it (lower case, no trailing dot). */
export function hostOf(target: string): string | undefined {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? target : `http://${target}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const host = url.hostname
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^\[|\]$/g, '');
    return host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a rule may not cover this host, or undefined: loopback, private, link-local (169.254.x,
 * the cloud metadata address), carrier-grade NAT, multicast and unspecified addresses, and local
 * or metadata names, are never remembered. DNS is not resolved here: a public name is judged by name.
 */
export function hostProblem(host: string): string | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (isIP(name) === 4) return ipv4Problem(name);
  if (isIP(name) === 6) return ipv6Problem(name);
  if (!name.includes('.') || LOCAL_NAMES.test(name) || LOCAL_SUFFIXES.test(name))
    return `${name} is a local or metadata name: never remembered`;
  if (!/^[a-z0-9.-]+$/.test(name)) return `${name} is not a plain host name`;
  return undefined;
}

function ipv4Problem(ip: string): string | undefined {
  const [a, b, c] = ip.split('.').map(Number) as [number, number, number];
  const local =
    a === 0 ||
    // 192.0.0.0/24: IETF special purpose (192.0.0.192 is Oracle Cloud's metadata service).
    (a === 192 && b === 0 && c === 0) ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b < 128) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224;
  return local
    ? `${ip} is a loopback, private, link-local or metadata address: never remembered`
    : undefined;
}

function ipv6Problem(ip: string): string | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return ipv4Problem(mapped[1]!) ?? undefined;
  if (ip.startsWith('::ffff:')) return `${ip} is an IPv4-mapped address: never remembered`;
  const head = ip.split(':')[0] ?? '';
  const first = parseInt(head || '0', 16);
  const [, second] = groupsOf(ip);
  // NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001:0::/32) carry an
  // IPv4 address inside: 64:ff9b::a9fe:a9fe reaches 169.254.169.254 on a NAT64 network.
  if (
    (first === 0x64 && second === 0xff9b) ||
    first === 0x2002 ||
    (first === 0x2001 && second === 0)
  )
    return `${ip} carries an IPv4 address (NAT64, 6to4, Teredo): never remembered`;
  const local =
    ip === '::' ||
    ip === '::1' ||
    (first & 0xffc0) === 0xfe80 ||
    (first & 0xfe00) === 0xfc00 ||
    (first & 0xff00) === 0xff00 ||
    head === '' ||
    head === 'fd00';
  return local ? `${ip} is a loopback, private or link-local address: never remembered` : undefined;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded; an embedded IPv4 tail as two). */
function groupsOf(ip: string): number[] {
  const withV4 = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [left = '', right] = withV4.split('::');
  const l = left ? left.split(':') : [];
  const r = right ? right.split(':') : [];
  const middle = right === undefined ? [] : Array<string>(8 - l.length - r.length).fill('0');
  return [...l, ...middle, ...r].map((g) => parseInt(g || '0', 16));
}
