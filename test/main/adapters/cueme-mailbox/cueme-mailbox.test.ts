import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CuemeMailbox } from '../../../../main/adapters/cueme-mailbox/cueme-mailbox';
import {
  hasBuiltinSqlite,
  startWorker,
  WorkerUnavailableError,
  type WorkerHost,
} from '../../../../main/adapters/cueme-mailbox/worker-host';
import { Broker } from '../../../../main/broker/broker';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';

describe('CuemeMailbox', () => {
  let dir: { path: string; remove: () => Promise<void> };
  let broker: Broker;
  let mailboxes: CuemeMailbox[];
  beforeEach(async () => {
    dir = await makeTempDir('cueme-mailbox-');
    broker = new Broker();
    mailboxes = [];
  });
  afterEach(async () => {
    for (const m of mailboxes) await m.close();
    await dir.remove();
  });
  const open = (options: Omit<ConstructorParameters<typeof CuemeMailbox>[0], 'broker'>) => {
    const mailbox = new CuemeMailbox({ broker, ...options });
    mailboxes.push(mailbox);
    return mailbox;
  };

  it('waits for a mailbox that does not exist yet, then serves it', async () => {
    const dbPath = path.join(dir.path, 'cue.db');
    const started: string[] = [];
    const host: WorkerHost = {
      mode: 'child',
      post: () => {},
      onMessage: () => {},
      onExit: () => {},
      stop: async () => {},
    };
    const mailbox = open({
      dbPath,
      warn: () => {},
      checkMs: 20,
      start: (db) => (started.push(db), host),
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(started).toEqual([]);
    await writeFile(dbPath, '');
    await waitFor(() => mailbox.serving, 'the mailbox to be served');
    expect(started).toEqual([dbPath]);
  });

  it('without SQLite it says so in one line and the broker keeps going', async () => {
    const dbPath = path.join(dir.path, 'cue.db');
    await writeFile(dbPath, '');
    const warnings: string[] = [];
    const mailbox = open({
      dbPath,
      warn: (m) => warnings.push(m),
      checkMs: 10,
      start: () => {
        throw new WorkerUnavailableError('Node 20.20.0 has no node:sqlite');
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(warnings).toEqual([
      `cueme mailbox ${dbPath} is not served: Node 20.20.0 has no node:sqlite`,
    ]);
    expect(mailbox.serving).toBe(false);
    expect(broker.add({ source: 'cueme', key: 'k', prompt: 'still works' }).status).toBe('pending');
  });

  it('names what is missing when no Node with node:sqlite can be found', () => {
    expect(() =>
      startWorker(path.join(dir.path, 'cue.db'), {
        mode: 'child',
        nodeBinary: undefined,
        script: '/nonexistent.js',
      }),
    ).toThrow(/is missing \(run `npm run build`\)/);
    expect(hasBuiltinSqlite('20.20.0')).toBe(false);
    expect(hasBuiltinSqlite('22.12.0')).toBe(false);
    expect(hasBuiltinSqlite('22.13.0')).toBe(true);
    expect(hasBuiltinSqlite('24.11.1')).toBe(true);
  });
});
