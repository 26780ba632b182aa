/** The settings file's schema version (conf records it and runs the migrations up to it). */
export const SETTINGS_VERSION = '2.0.0';

interface MigrationStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  has(key: string): boolean;
}

/**
 * conf / electron-store migrations, keyed by the version that introduced the change.
 * 2.0.0: the single `handshakeDir` became the list `handshakeDirs`; `dnd` became `doNotDisturb`.
 */
export const SETTINGS_MIGRATIONS: Record<string, (store: MigrationStore) => void> = {
  '2.0.0': (store) => {
    if (store.has('handshakeDir')) {
      const dir = store.get('handshakeDir');
      const dirs = Array.isArray(store.get('handshakeDirs'))
        ? (store.get('handshakeDirs') as unknown[])
        : [];
      if (typeof dir === 'string' && dir && !dirs.includes(dir)) dirs.unshift(dir);
      store.set('handshakeDirs', dirs);
      store.delete('handshakeDir');
    }
    if (store.has('dnd')) {
      store.set('doNotDisturb', store.get('dnd') === true);
      store.delete('dnd');
    }
  },
};
