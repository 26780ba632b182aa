import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { isAppPageUrl } from '../security/app-protocol';

export interface TrustedRenderer {
  /** The built renderer's index.html (production: loaded over file://). */
  indexFile?: string;
  /** The dev server URL (electron-vite dev sets ELECTRON_RENDERER_URL). */
  devUrl?: string;
}

/**
 * Builds the check every IPC call goes through: the sending frame must be our own renderer,
 * `app://bundle/index.html` (security/app-protocol.ts), the exact built index.html over file://
 * (older builds) or the dev server's origin. Anything else
 * (a navigated-away frame, an iframe from elsewhere, a frame already gone) is refused.
 */
export function createSenderCheck(
  trusted: TrustedRenderer,
): (frameUrl: string | undefined) => boolean {
  const indexFile = trusted.indexFile ? resolve(trusted.indexFile) : undefined;
  const devOrigin = trusted.devUrl ? safeOrigin(trusted.devUrl) : undefined;
  return (frameUrl) => {
    if (!frameUrl) return false;
    let url: URL;
    try {
      url = new URL(frameUrl);
    } catch {
      return false;
    }
    if (isAppPageUrl(frameUrl)) return true;
    if (url.protocol === 'file:') {
      if (!indexFile || url.host !== '') return false;
      try {
        return resolve(fileURLToPath(url)) === indexFile;
      } catch {
        return false;
      }
    }
    return devOrigin !== undefined && devOrigin !== 'null' && url.origin === devOrigin;
  };
}

function safeOrigin(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}
