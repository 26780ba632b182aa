import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiscoverySchema, readDiscovery, writeDiscovery } from '../../../main/service/discovery';
import { checkDiscovery } from '../../../main/service/discovery-read';

const good = { url: 'http://127.0.0.1:7842/', port: 7842, token: 't0k', pid: process.pid };
const cases: [string, unknown][] = [
  ['a discovery file as the broker writes it', good],
  ['no token', { ...good, token: undefined }],
  ['an extra field', { ...good, version: 2 }],
  ['a URL with spaces around it', { ...good, url: '  http://127.0.0.1:7842/ ' }],
  ['not a URL', { ...good, url: 'localhost 7842' }],
  ['url a number', { ...good, url: 7842 }],
  ['port 0', { ...good, port: 0 }],
  ['port 65536', { ...good, port: 65536 }],
  ['port 1.5', { ...good, port: 1.5 }],
  ['port a string', { ...good, port: '7842' }],
  ['token a number', { ...good, token: 5 }],
  ['pid 0', { ...good, pid: 0 }],
  ['pid negative', { ...good, pid: -3 }],
  ['no pid', { ...good, pid: undefined }],
  ['an array', [good]],
  ['null', null],
];

describe('the discovery file is read without zod, with the zod schema’s verdicts', () => {
  it.each(cases)('%s', (_label, value) => {
    const reference = DiscoverySchema.safeParse(value);
    const ours = checkDiscovery(value);
    expect(ours !== undefined).toBe(reference.success);
    if (reference.success) expect(ours).toEqual(reference.data);
  });

  it('reads back what writeDiscovery wrote, and nothing from a bad or dead file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hitl-discovery-'));
    try {
      writeDiscovery(dir, good);
      expect(readDiscovery(dir)).toEqual(good);
      writeFileSync(path.join(dir, 'broker.json'), '{"url": ');
      expect(readDiscovery(dir)).toBeUndefined();
      writeDiscovery(dir, { ...good, pid: 2 ** 22 + 7 });
      expect(readDiscovery(dir)).toBeUndefined();
      expect(readDiscovery(dir, { checkAlive: false })?.pid).toBe(2 ** 22 + 7);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
