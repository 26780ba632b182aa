import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One published release as electron-builder's generic provider lays it out. */
export interface FeedRelease {
  version: string;
  /** The installer's bytes. */
  payload: Buffer;
  fileName?: string;
  /** Publish a checksum that does not match the payload. */
  wrongChecksum?: boolean;
}

/**
 * A local update server like a GitHub release's assets: `latest.yml`, `latest-mac.yml`,
 * `latest-linux.yml` (and `-arm64`) feed files, and the installer they point to. The feed can be
 * replaced by raw text (a broken feed) and a download can be cut off half-way.
 */
export class FeedServer {
  private server: Server | undefined;
  private feed = '';
  private files = new Map<string, Buffer>();
  /** Cut the next installer download after half its bytes. */
  interruptDownloads = false;
  readonly requests: string[] = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
      this.requests.push(name);
      if (/^latest(-mac|-linux(-arm64)?)?\.yml$/.test(name)) {
        if (!this.feed) return void res.writeHead(404).end('Not Found');
        return void res.writeHead(200, { 'content-type': 'text/yaml' }).end(this.feed);
      }
      const file = this.files.get(name);
      if (!file) return void res.writeHead(404).end('Not Found');
      res.writeHead(200, {
        'content-length': file.length,
        'content-type': 'application/octet-stream',
      });
      if (!this.interruptDownloads) return void res.end(file);
      res.write(file.subarray(0, file.length >> 1), () => res.socket?.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/`;
  }

  /** Publishes a release: its feed files and its installer. */
  publish(release: FeedRelease): void {
    const fileName = release.fileName ?? `hitl-broker_${release.version}_amd64.deb`;
    const sha512 = createHash('sha512')
      .update(release.wrongChecksum ? Buffer.from('something else') : release.payload)
      .digest('base64');
    this.files.set(fileName, release.payload);
    this.feed = [
      `version: ${release.version}`,
      'files:',
      `  - url: ${fileName}`,
      `    sha512: ${sha512}`,
      `    size: ${release.payload.length}`,
      `path: ${fileName}`,
      `sha512: ${sha512}`,
      "releaseDate: '2026-11-20T10:00:00.000Z'",
      '',
    ].join('\n');
  }

  /** Serves this text as every feed file (e.g. something that is not a feed). */
  serveRawFeed(text: string): void {
    this.feed = text;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
