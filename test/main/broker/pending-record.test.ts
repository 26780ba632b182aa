import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pendingRecord, type ParsedNewRequest } from '../../../main/broker/pending-record';
import { fileRequest } from '../../support/record-fixtures';
import { systemNode } from '../../support/system-node';
import { fastProperties, sameHiddenClass } from '../../support/v8-shapes';

const PROBE = join(__dirname, '../../support/record-shapes-probe.ts');

describe('pendingRecord', () => {
  it('keeps the given fields and their order, adds text input and pending status', () => {
    const record = pendingRecord(
      fileRequest(1),
      () => 'unused',
      () => 5,
    );
    expect(record).toEqual({ ...fileRequest(1), input: { kind: 'text' }, status: 'pending' });
    expect(Object.keys(record)).toEqual([
      'id',
      'source',
      'key',
      'prompt',
      'createdAt',
      'meta',
      'input',
      'status',
    ]);
  });

  it('makes an id and a creation time when the request names none', () => {
    const record = pendingRecord(
      { source: 'clarity-http', key: 'deploy', prompt: 'Ship it?' },
      () => 'new-id',
      () => 42,
    );
    expect(record).toMatchObject({ id: 'new-id', createdAt: 42, status: 'pending' });
  });

  it('keeps an input the request names', () => {
    const input = { kind: 'choice', options: ['a', 'b'] };
    const parsed = { ...fileRequest(2), input } as unknown as ParsedNewRequest;
    expect(
      pendingRecord(
        parsed,
        () => 'x',
        () => 1,
      ).input,
    ).toBe(input);
  });

  // 100,000 pending records with a hidden class each cost ~35 MB more and make every read of
  // their fields polymorphic: records of one kind of request share one.
  it('gives records of the same kind of request one shared hidden class', () => {
    const records = Array.from({ length: 3000 }, (_, i) =>
      pendingRecord(
        fileRequest(i),
        () => 'x',
        () => 1,
      ),
    );
    expect(records.every((record) => fastProperties(record))).toBe(true);
    expect(records.filter((record) => sameHiddenClass(records[0]!, record))).toHaveLength(3000);
  });

  // Node 20's V8 gave every record cloned by a leading object spread and then extended a hidden
  // class of its own; npm scripts run a newer Node, a global install or an agent's hook may not.
  const system = systemNode();
  // Only a Node the broker supports (package.json engines: >= 20.19) can run the probe.
  const [major = 0, minor = 0] = (system?.version.slice(1).split('.') ?? []).map(Number);
  const supported = major > 20 || (major === 20 && minor >= 19);
  it.skipIf(!system || !supported)(
    `shares that hidden class on the system Node too (${system?.version})`,
    () => {
      const probe = spawnSync(system!.path, ['--allow-natives-syntax', '--import', 'tsx', PROBE], {
        encoding: 'utf8',
        cwd: join(__dirname, '../../..'),
      });
      expect(probe.stderr).toBe('');
      expect(JSON.parse(probe.stdout)).toEqual({ shared: 3000, of: 3000 });
    },
  );
});
