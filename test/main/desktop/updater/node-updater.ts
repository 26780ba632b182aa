import { request, type RequestOptions } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DebUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';

/**
 * The app's HTTP executor (download, redirects, checksum) with one change: requests go through
 * Node's http instead of Electron's `net`, which exists only inside Electron.
 */
class NodeHttpExecutor extends ElectronHttpExecutor {
  constructor() {
    super(() => {});
  }
  override createRequest(options: RequestOptions, callback: (response: unknown) => void) {
    return request(options, callback) as unknown as Electron.ClientRequest;
  }
}

/** The app as electron-updater sees it (ElectronAppAdapter's job in the app), in a temp dir. */
class TestAppAdapter implements AppAdapter {
  readonly name = 'HITL Broker';
  readonly isPackaged = true;
  quitHandlers: ((exitCode: number) => void)[] = [];
  constructor(
    readonly version: string,
    private readonly dir: string,
  ) {}
  get appUpdateConfigPath(): string {
    return path.join(this.dir, 'app-update.yml');
  }
  get userDataPath(): string {
    return path.join(this.dir, 'user-data');
  }
  get baseCachePath(): string {
    return path.join(this.dir, 'cache');
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  relaunch(): void {}
  quit(): void {}
  onQuit(handler: (exitCode: number) => void): void {
    this.quitHandlers.push(handler);
  }
}

/**
 * A real electron-updater updater (the .deb one: it downloads the same way on every OS) for an
 * installed app at `version`, reading its feed from `app-update.yml` as a packaged app does —
 * the file electron-builder writes from the `publish` config — pointed at `feedUrl`.
 */
export async function realUpdater(
  version: string,
  feedUrl: string,
  dir: string,
): Promise<DebUpdater> {
  await mkdir(path.join(dir, 'user-data'), { recursive: true });
  await writeFile(
    path.join(dir, 'app-update.yml'),
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: hitl-broker-updater\n`,
  );
  const updater = new DebUpdater(null, new TestAppAdapter(version, dir));
  (updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor =
    new NodeHttpExecutor();
  return updater;
}
