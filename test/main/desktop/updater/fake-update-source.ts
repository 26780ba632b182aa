import type { UpdateSource } from '../../../../main/desktop/updater/update-source';

type Listener = (value: never) => void;

/** An UpdateSource driven by the test: each check runs `onCheck`, events are emitted by hand. */
export class FakeUpdateSource implements UpdateSource {
  checks = 0;
  installs = 0;
  installOnQuit: boolean | undefined;
  onCheck: (source: FakeUpdateSource) => void = () => {};
  private readonly listeners = new Map<string, Listener[]>();

  async check(): Promise<void> {
    this.checks++;
    this.onCheck(this);
  }
  quitAndInstall(): void {
    this.installs++;
  }
  setInstallOnQuit(on: boolean): void {
    this.installOnQuit = on;
  }
  on(event: string, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: 'available' | 'not-available' | 'downloaded', version: string): void;
  emit(event: 'progress', percent: number): void;
  emit(event: 'error', error: Error): void;
  emit(event: string, value: unknown): void {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (v: unknown) => void)(value);
  }
  /** A check that finds `version` and downloads it. */
  static finding(version: string): FakeUpdateSource {
    const source = new FakeUpdateSource();
    source.onCheck = (s) => {
      s.emit('available', version);
      s.emit('progress', 50);
      s.emit('downloaded', version);
    };
    return source;
  }
}
