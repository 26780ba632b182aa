import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileSync as writeFileAtomicSync } from 'atomically';

/**
 * `history.json` and `pending.json` in the state dir: `{ "requests": [...] }`, read once at
 * start and replaced whole by each snapshot. Plain atomic writes (atomically: a temp file beside
 * it, fsync, rename), as conf made them; conf itself bought nothing here (no schema, no
 * migrations, no defaults, no change events) and loaded ajv, ajv-formats and semver at every
 * start (docs/benchmarks.md).
 */

/** Only the operator may read what agents asked and what was answered. */
const FILE_MODE = 0o600;

export interface OpenedRequestsFile {
  /** `<dir>/<name>.json` */
  path: string;
  /** The stored records, unchecked (the store checks each with zod); none without a file. */
  requests: unknown[];
  /** Where an unreadable file was moved aside, if it was. */
  setAside?: string;
}

/**
 * Reads `<dir>/<name>.json`. A file that is not JSON or not `{ requests: [objects] }` is renamed
 * to `<name>.json.invalid-<time>` (kept for the operator, never silently wiped) and the store
 * starts empty; its file is written with the first change. No file: no requests, nothing written.
 */
export function openRequestsFile(
  dir: string,
  name: string,
  now: () => number = Date.now,
): OpenedRequestsFile {
  const file = path.join(dir, `${name}.json`);
  try {
    const requests = readRequests(file);
    // A file written by an older version may be 0644.
    if (requests !== undefined) chmodSync(file, FILE_MODE);
    return { path: file, requests: requests ?? [] };
  } catch (error) {
    if (!existsSync(file)) throw error;
    const setAside = `${file}.invalid-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, setAside);
    return { path: file, requests: [], setAside };
  }
}

/** Replaces the file's requests atomically (readers see the old file or the new one, whole). */
export function writeRequestsFile(file: string, requests: unknown[]): void {
  const text = JSON.stringify({ requests });
  // The state dir may have been removed meanwhile (as conf did, it is made again).
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileAtomicSync(file, text, { mode: FILE_MODE });
  } catch (error) {
    // Windows may refuse the rename across what it sees as volumes (as conf, non-atomically then).
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    writeFileSync(file, text, { mode: FILE_MODE });
  }
}

/** The file's records; undefined when there is no file; throws when it is not this file. */
function readRequests(file: string): unknown[] | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const store: unknown = JSON.parse(text);
  const problem = shapeProblem(store);
  if (problem) throw new Error(`${file}: ${problem}`);
  return ((store as { requests?: unknown[] }).requests ?? []) as unknown[];
}

/** Why `store` is not `{ requests: [objects] }` (`{}` is an empty one), or undefined. */
function shapeProblem(store: unknown): string | undefined {
  if (typeof store !== 'object' || store === null || Array.isArray(store))
    return 'the file is not a JSON object';
  const requests = (store as Record<string, unknown>).requests;
  // `{}` (or conf's own `__internal__` alone): no requests. Anything else without them is not
  // this file: kept aside, never overwritten.
  if (requests === undefined)
    return Object.keys(store).every((key) => key === '__internal__')
      ? undefined
      : 'there is no `requests` array';
  if (!Array.isArray(requests)) return '`requests` is not an array';
  const bad = requests.findIndex((r) => typeof r !== 'object' || r === null || Array.isArray(r));
  return bad === -1 ? undefined : `\`requests[${bad}]\` is not an object`;
}
