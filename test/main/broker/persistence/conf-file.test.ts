import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openConfFile, writeRequestsFile } from '../../../../main/broker/persistence/conf-file';
import { makeTempDir } from '../../../support/temp-dir';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  dir = await makeTempDir('hitl-conf-file-');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await dir.remove();
});

const requests = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `r-${i}`, key: `k-${i}`, status: 'answered' }));

describe('writeRequestsFile', () => {
  it('writes exactly { requests }, which opening the file again gives back', () => {
    const { conf } = openConfFile(dir.path, 'history');
    writeRequestsFile(conf, requests(3));
    expect(JSON.parse(fs.readFileSync(conf.path, 'utf8'))).toEqual({ requests: requests(3) });
    writeRequestsFile(conf, requests(1));
    const reopened = openConfFile(dir.path, 'history');
    expect(reopened.setAside).toBeUndefined();
    expect(reopened.conf.store).toEqual({ requests: requests(1) });
  });

  it('does not read the whole file back before replacing it', () => {
    const { conf } = openConfFile(dir.path, 'history');
    writeRequestsFile(conf, requests(50));
    const reads = vi.spyOn(fs, 'readFileSync');
    writeRequestsFile(conf, requests(60));
    const ofThisFile = reads.mock.calls.filter(([file]) => String(file) === conf.path);
    expect(ofThisFile).toEqual([]);
    expect(JSON.parse(fs.readFileSync(conf.path, 'utf8')).requests).toHaveLength(60);
  });

  it('keeps the file private to the operator', () => {
    const { conf } = openConfFile(dir.path, 'history');
    writeRequestsFile(conf, requests(2));
    if (process.platform !== 'win32') expect(fs.statSync(conf.path).mode & 0o777).toBe(0o600);
  });
});
