import { isLoopbackHost } from '../../http/guards/allowed-hosts';

/** True for the only links the app hands to the system browser: absolute http(s) URLs. */
export function isSafeExternalUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/**
 * The inbox URL of a broker on this machine, given a URL that came from elsewhere (whatever
 * answers on a port, a lock file): only a plain `http://<loopback>:<port>/` origin is kept
 * (with `port` when given: that port only), reduced to its origin; anything else is undefined.
 */
export function loopbackBrokerUrl(value: string | undefined, port?: number): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || url.username || url.password) return undefined;
  if (!isLoopbackHost(url.hostname.replace(/^\[|\]$/g, ''))) return undefined;
  if (port !== undefined && url.port !== String(port)) return undefined;
  return `${url.origin}/`;
}

/** What an external open is for: any link (http/https), or a local broker's inbox. */
export type ExternalTarget = { kind: 'link' } | { kind: 'broker'; port?: number };

/**
 * The one gate every `shell.openExternal` goes through: links must be http(s) without
 * credentials; a broker's inbox must be a loopback http origin (on the expected port). Returns
 * what was opened, or undefined (and logs) when refused.
 */
export function createExternalOpener(
  open: (url: string) => unknown,
  log: (message: string) => void = () => {},
): (url: string, target?: ExternalTarget) => string | undefined {
  return (url, target = { kind: 'link' }) => {
    const allowed =
      target.kind === 'broker'
        ? loopbackBrokerUrl(url, target.port)
        : isSafeExternalUrl(url)
          ? url
          : undefined;
    if (allowed === undefined) {
      log(`refused to open ${JSON.stringify(url.slice(0, 200))} outside the app`);
      return undefined;
    }
    void Promise.resolve(open(allowed)).catch(() => undefined);
    return allowed;
  };
}
