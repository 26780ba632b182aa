import { copyFileSync, existsSync, renameSync } from 'node:fs';
import {
  DESKTOP_SETTING_KEYS,
  DesktopSettingsPatchSchema,
  DesktopSettingsSchema,
  defaultDesktopSettings,
  type DesktopSettings,
  type DesktopSettingsPatch,
} from '@contract/desktop-settings';
import { parseOrThrow } from '../../broker/validation';
import { SETTINGS_MIGRATIONS, SETTINGS_VERSION } from './settings-migrations';

/** The part of a conf / electron-store instance the settings need. */
export interface SettingsBackend {
  readonly path: string;
  readonly store: Record<string, unknown>;
  set(values: Record<string, unknown>): void;
}

/** The options both conf and electron-store understand (electron-store takes `name`, conf `configName`). */
export interface SettingsBackendOptions {
  cwd: string;
  name: string;
  configName: string;
  projectVersion: string;
  migrations: typeof SETTINGS_MIGRATIONS;
  clearInvalidConfig: false;
  accessPropertiesByDotNotation: false;
  /** 0600: the settings may hold the broker's token. */
  configFileMode: number;
}

export type SettingsBackendFactory = (options: SettingsBackendOptions) => SettingsBackend;

/** Base name of the settings file inside the state directory (`settings.json`). */
export const SETTINGS_FILE = 'settings';

export interface SettingsStoreOptions {
  /** The broker's state directory, shared with `clarity-hitl serve`. */
  dir: string;
  createBackend: SettingsBackendFactory;
  now?: () => number;
  /** Told about a settings file that could not be used and was moved or copied aside. */
  onInvalid?: (message: string) => void;
}

/**
 * The desktop settings, persisted with electron-store (conf underneath) in the broker's state dir.
 * A file that cannot be parsed is renamed aside, never wiped; a field with a bad value falls back
 * to its default and the original file is copied aside first.
 */
export class SettingsStore {
  private readonly backend: SettingsBackend;
  private readonly listeners = new Set<
    (settings: DesktopSettings, changed: (keyof DesktopSettings)[]) => void
  >();
  private current: DesktopSettings;

  constructor(private readonly options: SettingsStoreOptions) {
    this.backend = this.open();
    this.current = this.repair();
  }

  /** Where the settings live on disk. */
  get path(): string {
    return this.backend.path;
  }

  get(): DesktopSettings {
    return {
      ...this.current,
      handshakeDirs: [...this.current.handshakeDirs],
      fileRoots: [...this.current.fileRoots],
      phone: { ...this.current.phone },
      notifyEvents: { ...this.current.notifyEvents },
    };
  }

  /** Validates and applies a change; throws InvalidInputError naming the bad field. */
  update(patch: unknown): DesktopSettings {
    const parsed: DesktopSettingsPatch = parseOrThrow(
      DesktopSettingsPatchSchema,
      patch,
      'settings',
    );
    const changed = (Object.keys(parsed) as (keyof DesktopSettings)[]).filter(
      (key) => JSON.stringify(parsed[key]) !== JSON.stringify(this.current[key]),
    );
    if (changed.length === 0) return this.get();
    this.current = { ...this.current, ...parsed };
    this.backend.set({ ...parsed });
    for (const listener of [...this.listeners]) listener(this.get(), changed);
    return this.get();
  }

  /** Called after every change with the new settings and the keys that changed. */
  onChange(
    listener: (settings: DesktopSettings, changed: (keyof DesktopSettings)[]) => void,
  ): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private open(): SettingsBackend {
    const backendOptions: SettingsBackendOptions = {
      cwd: this.options.dir,
      name: SETTINGS_FILE,
      configName: SETTINGS_FILE,
      projectVersion: SETTINGS_VERSION,
      migrations: SETTINGS_MIGRATIONS,
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
      configFileMode: 0o600,
    };
    try {
      return this.options.createBackend(backendOptions);
    } catch (error) {
      const file = `${this.options.dir}/${SETTINGS_FILE}.json`;
      if (!existsSync(file)) throw error;
      const aside = this.asideName();
      renameSync(file, aside);
      this.options.onInvalid?.(
        `settings file could not be read (${describe(error)}); moved to ${aside}, starting from defaults`,
      );
      return this.options.createBackend(backendOptions);
    }
  }

  /** Keeps every valid field, replaces bad ones with defaults (after copying the file aside). */
  private repair(): DesktopSettings {
    const raw = this.backend.store;
    const defaults = defaultDesktopSettings();
    const result: Record<string, unknown> = { ...defaults };
    const bad: string[] = [];
    for (const key of DESKTOP_SETTING_KEYS) {
      if (!(key in raw)) continue;
      const field = DesktopSettingsSchema.shape[key].safeParse(raw[key]);
      if (field.success) result[key] = field.data;
      else bad.push(key);
    }
    const settings = DesktopSettingsSchema.parse(result);
    if (bad.length > 0) {
      const aside = this.asideName();
      copyFileSync(this.backend.path, aside);
      this.options.onInvalid?.(
        `invalid settings ${bad.join(', ')} reset to defaults; the original file is kept at ${aside}`,
      );
    }
    const missing = DESKTOP_SETTING_KEYS.filter((key) => !(key in raw));
    if (bad.length > 0 || missing.length > 0) this.backend.set({ ...settings });
    return settings;
  }

  private asideName(): string {
    const stamp = new Date((this.options.now ?? Date.now)()).toISOString().replace(/[:.]/g, '-');
    return `${this.options.dir}/${SETTINGS_FILE}.invalid-${stamp}.json`;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
