import { chmodSync, existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Conf from 'conf';

/** The layout of `history.json` and `pending.json` (electron-store opens the same files). */
export interface RequestsFile {
  requests: unknown[];
}

/** JSON schema checked by conf on open and on every write. Records are checked one by one with zod on load. */
export const REQUESTS_FILE_SCHEMA = {
  requests: { type: 'array', items: { type: 'object' }, default: [] },
} as const;

export interface OpenedConfFile {
  conf: Conf<RequestsFile>;
  /** Where an unreadable file was moved aside, if it was. */
  setAside?: string;
}

/**
 * Opens `<cwd>/<configName>.json` with conf. A file that is not JSON or breaks the schema is
 * renamed to `<configName>.json.invalid-<time>` (kept for the operator, never silently wiped) and
 * a fresh file is started.
 */
export function openConfFile(
  cwd: string,
  configName: string,
  now: () => number = Date.now,
): OpenedConfFile {
  const create = () =>
    new Conf<RequestsFile>({
      cwd,
      configName,
      schema: REQUESTS_FILE_SCHEMA,
      serialize: (value) => JSON.stringify(value),
      clearInvalidConfig: false,
      // Only the operator may read what agents asked and what was answered.
      configFileMode: 0o600,
    });
  try {
    const conf = create();
    // A file written by an older version may be 0644; conf's mode applies only to new files.
    if (existsSync(conf.path)) chmodSync(conf.path, 0o600);
    return { conf };
  } catch (error) {
    const file = path.join(cwd, `${configName}.json`);
    if (!existsSync(file)) throw error;
    const setAside = `${file}.invalid-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, setAside);
    return { conf: create(), setAside };
  }
}
