import { isAbsolute, join, normalize, relative } from 'node:path';

/** The renderer's own scheme and origin: the windows load `app://bundle/index.html`, never file://. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://bundle';

/** The privileges `protocol.registerSchemesAsPrivileged` gives the scheme (before app ready). */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
} as const;

/** The renderer's pages: the app (`index.html`) and the popover's own (its first card before the app). */
const APP_PAGES = ['/index.html', '/popover.html'];

/** The page a window with this hash route loads: `popover.html` for the popover, else `index.html`. */
export function appPage(hash?: string): string {
  return hash === 'popover' ? 'popover.html' : 'index.html';
}

/** The URL a window loads for the renderer, with an optional hash route (e.g. `popover`). */
export function appUrl(hash?: string): string {
  return `${APP_ORIGIN}/${appPage(hash)}${hash ? `#${hash}` : ''}`;
}

/**
 * The file an `app://` request may serve: a path inside the built renderer directory, or
 * undefined (another host, a path escaping the directory even when encoded). The handler serves
 * nothing else, so no page can read other files through the scheme; with file:// unused, the
 * GrantFileProtocolExtraPrivileges fuse is turned off.
 */
export function appRequestFile(requestUrl: string, rendererDir: string): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== 'bundle') return undefined;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\')) return undefined;
  const file = normalize(join(rendererDir, path === '/' ? 'index.html' : path));
  const rel = relative(rendererDir, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return file;
}

/** True for a URL of the app's own renderer pages (any hash), the only places windows may be. */
export function isAppPageUrl(value: string): boolean {
  try {
    const url = new URL(value);
    // Compared by parts: outside Electron a custom scheme's URL has the origin "null".
    return (
      url.protocol === `${APP_SCHEME}:` &&
      url.host === 'bundle' &&
      APP_PAGES.includes(url.pathname) &&
      url.search === '' &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}
