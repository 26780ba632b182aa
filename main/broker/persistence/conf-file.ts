import { chmodSync, existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Conf from 'conf';

/** The layout of `history.json` and `pending.json` (electron-store opens the same files). */
export interface RequestsFile {
  /** Absent until the first write. */
  requests?: unknown[];
}

/** conf's key for its own data (its migrations, which these files never use). */
const CONF_INTERNAL = '__internal__';

/** What writeRequestsFile hands conf: the file's content plus conf's key, never written. */
type RequestsFileWrite = RequestsFile & { [CONF_INTERNAL]?: object };

/** The file's text: what conf was handed, without its own key. */
function serializeRequestsFile(value: RequestsFileWrite): string {
  if (!(CONF_INTERNAL in value)) return JSON.stringify(value);
  const { [CONF_INTERNAL]: _internal, ...file } = value;
  return JSON.stringify(file);
}

/**
 * Replaces the file's requests (an atomic write through conf). conf's store setter first reads
 * and parses the whole file to carry its `__internal__` data over, unless the new value has
 * that key: for a history of thousands of requests that doubled the cost of every snapshot
 * (5,000 requests, 2.6 MB: 43 → 21 ms of a blocked event loop). The key is handed over empty,
 * so conf skips the read, and the serializer leaves it out of the file.
 */
export function writeRequestsFile(conf: Conf<RequestsFile>, requests: unknown[]): void {
  conf.store = { requests, [CONF_INTERNAL]: {} } as RequestsFileWrite;
}

/**
 * The file's shape: `requests` is an array of objects. Checked here on open rather than with a
 * conf `schema`, which would compile an ajv validator at every start (tens of ms, several MB of
 * heap; docs/benchmarks.md). Records are checked one by one with zod on load.
 */
function shapeProblem(store: unknown): string | undefined {
  if (typeof store !== 'object' || store === null || Array.isArray(store))
    return 'the file is not a JSON object';
  const requests = (store as Record<string, unknown>).requests;
  // No file yet (or `{}`): no requests; the file is written on the first change, not at open.
  // Anything else without them is not this file (conf reads `[…]` or `"…"` as an object of
  // indexes): kept aside, never overwritten.
  if (requests === undefined)
    return Object.keys(store).length === 0 ? undefined : 'there is no `requests` array';
  if (!Array.isArray(requests)) return '`requests` is not an array';
  const bad = requests.findIndex((r) => typeof r !== 'object' || r === null || Array.isArray(r));
  return bad === -1 ? undefined : `\`requests[${bad}]\` is not an object`;
}

export interface OpenedConfFile {
  conf: Conf<RequestsFile>;
  /** Where an unreadable file was moved aside, if it was. */
  setAside?: string;
}

/**
 * Opens `<cwd>/<configName>.json` with conf. A file that is not JSON or breaks the schema is
 * renamed to `<configName>.json.invalid-<time>` (kept for the operator, never silently wiped);
 * the store then starts empty, and its file is written with the first change.
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
      // No `defaults`: with them conf writes (and fsyncs) the file at once when there is none,
      // ~10 ms of every first start for two empty files.
      serialize: serializeRequestsFile,
      clearInvalidConfig: false,
      // Only the operator may read what agents asked and what was answered.
      configFileMode: 0o600,
    });
  try {
    const conf = create();
    const problem = shapeProblem(conf.store);
    if (problem) throw new Error(`${conf.path}: ${problem}`);
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
