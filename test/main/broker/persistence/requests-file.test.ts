import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openRequestsFile,
  writeRequestsFile,
} from '../../../../main/broker/persistence/requests-file';
import { makeTempDir } from '../../../support/temp-dir';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  dir = await makeTempDir('hitl-requests-file-');
});
afterEach(() => dir.remove());

const requests = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `r-${i}`, key: `k-${i}`, status: 'answered' }));
const NOW = () => Date.parse('2026-11-27T10:00:00.000Z');

describe('openRequestsFile', () => {
  it('gives no requests and writes nothing when there is no file', () => {
    const opened = openRequestsFile(dir.path, 'history');
    expect(opened).toEqual({ path: path.join(dir.path, 'history.json'), requests: [] });
    expect(fs.readdirSync(dir.path)).toEqual([]);
  });

  it('gives back what writeRequestsFile wrote: exactly { requests }', () => {
    const { path: file } = openRequestsFile(dir.path, 'history');
    writeRequestsFile(file, requests(3));
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ requests: requests(3) });
    writeRequestsFile(file, requests(1));
    expect(openRequestsFile(dir.path, 'history')).toEqual({ path: file, requests: requests(1) });
  });

  it.each([
    ['not JSON', '{"requests": [', 'Unexpected end|JSON'],
    ['empty', '', 'Unexpected end|JSON'],
    ['an array', '[1]', 'not a JSON object'],
    ['another file', '{"theme":"dark"}', 'no `requests` array'],
    ['requests not an array', '{"requests":{}}', '`requests` is not an array'],
    ['a record not an object', '{"requests":[{},3]}', '`requests\\[1\\]` is not an object'],
  ])('sets a file that is %s aside, keeps it for the operator, and starts empty', (_, text) => {
    const file = path.join(dir.path, 'pending.json');
    fs.writeFileSync(file, text);
    const opened = openRequestsFile(dir.path, 'pending', NOW);
    const aside = path.join(dir.path, 'pending.json.invalid-2026-11-27T10-00-00-000Z');
    expect(opened).toEqual({ path: file, requests: [], setAside: aside });
    expect(fs.readFileSync(aside, 'utf8')).toBe(text);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('reads {} and a file holding only conf’s own key as no requests', () => {
    fs.writeFileSync(path.join(dir.path, 'a.json'), '{}');
    fs.writeFileSync(path.join(dir.path, 'b.json'), '{"__internal__":{}}');
    expect(openRequestsFile(dir.path, 'a').requests).toEqual([]);
    expect(openRequestsFile(dir.path, 'b')).not.toHaveProperty('setAside');
  });

  it.skipIf(process.platform === 'win32')('makes a file an older version left 0644 private', () => {
    const file = path.join(dir.path, 'history.json');
    fs.writeFileSync(file, JSON.stringify({ requests: requests(1) }), { mode: 0o644 });
    openRequestsFile(dir.path, 'history');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('writeRequestsFile', () => {
  it.skipIf(process.platform === 'win32')('keeps the file private to the operator', () => {
    const { path: file } = openRequestsFile(dir.path, 'history');
    writeRequestsFile(file, requests(2));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('replaces the file whole: a new inode renamed over it, no temp file left', () => {
    const { path: file } = openRequestsFile(dir.path, 'history');
    writeRequestsFile(file, requests(50));
    const before = fs.statSync(file).ino;
    writeRequestsFile(file, requests(60));
    expect(fs.statSync(file).ino).not.toBe(before);
    expect(fs.readdirSync(dir.path)).toEqual(['history.json']);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).requests).toHaveLength(60);
  });

  it('makes the state dir again when it was removed', () => {
    const file = path.join(dir.path, 'gone', 'history.json');
    writeRequestsFile(file, requests(1));
    expect(openRequestsFile(path.dirname(file), 'history').requests).toEqual(requests(1));
  });
});
