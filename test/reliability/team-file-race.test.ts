import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';
import { startHandshakeService, type HandshakeService } from './helpers/handshake-service';

const skip = postgresSkipReason();
if (skip) console.log(skip);

const TRIALS = 30;

interface AuditLine {
  event: string;
  id?: string;
  response?: string;
  origin?: string;
}

let logs: { path: string; remove: () => Promise<void> };
const auditFile = (name: string) => join(logs.path, `${name}.jsonl`);

async function auditLines(name: string): Promise<AuditLine[]> {
  const text = await readFile(auditFile(name), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditLine);
}

describe.skipIf(skip !== undefined)('team mode: an answer file on A races an answer on B', () => {
  let server: TestPostgres;
  let db: pg.Client;
  let a: HandshakeService;
  let b: HandshakeService;

  beforeAll(async () => {
    server = await startTestPostgres();
    logs = await makeTempDir('hitl-file-race-logs-');
    const url = server.createDatabase('file_race');
    const team = (name: string) =>
      startHandshakeService({ store: url, instanceName: name, logFile: auditFile(name) });
    a = await team('host-a');
    b = await team('host-b');
    db = new pg.Client({ connectionString: url });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await a?.close();
    await b?.close();
    server?.destroy();
    await logs?.remove();
  });

  it(`${TRIALS} trials within a few ms: one answer everywhere, the losing file reported`, async () => {
    const outcome = { fileWon: 0, uiWon: 0, split: 0, lossUnreported: 0 };
    const operator = { authorization: `Bearer ${b.service.server.context.operatorSecret}` };
    for (let i = 0; i < TRIALS; i += 1) {
      const key = `race-${i}`;
      await a.ask(key, key);
      const asked = await waitFor(() => b.service.broker.findPending('clarity-file', key), key);
      const fromFile = `file ${i}`;
      const fromUi = `ui ${i}`;
      // The file lands whole (a temp file renamed), as `clarity-hitl answer` writes it.
      const temp = join(a.dir, `.${key}.tmp`);
      const [, reply] = await Promise.all([
        writeFile(temp, fromFile).then(() => rename(temp, join(a.dir, `${key}.answer`))),
        fetch(`${b.service.url}api/requests/${asked.id}/answer`, {
          method: 'POST',
          headers: { ...operator, 'content-type': 'application/json' },
          body: JSON.stringify({ text: fromUi }),
        }),
      ]);
      expect([200, 409]).toContain(reply.status);
      // Both instances settle; the store holds the one decision.
      const stored = await waitFor(async () => {
        const { rows } = await db.query<{ data: { status: string; answer?: { text: string } } }>(
          'SELECT data FROM hitl_requests WHERE id = $1',
          [asked.id],
        );
        return rows[0]?.data.status === 'answered' ? rows[0].data.answer!.text : undefined;
      }, `${key} decided in the store`);
      const winner = reply.status === 200 ? fromUi : fromFile;
      if (stored !== winner) outcome.split += 1;
      for (const s of [a, b])
        await waitFor(() => s.service.broker.get(asked.id)?.status === 'answered', `${key} here`);
      const onDisk = await waitFor(async () => {
        const text = (await readFile(join(a.dir, `${key}.answer`), 'utf8')).trim();
        return text === stored ? text : undefined;
      }, `${key}.answer holding ${stored}`).catch(() => 'differs');
      const held = [a, b].map((s) => s.service.broker.get(asked.id)?.answer?.text);
      if (onDisk !== stored || held.some((text) => text !== stored)) {
        outcome.split += 1;
        console.log(JSON.stringify({ key, status: reply.status, stored, onDisk, held }));
      }
      if (stored === fromFile) outcome.fileWon += 1;
      else {
        outcome.uiWon += 1;
        const shown = await waitFor(
          () => a.service.broker.unreadable.list().find((item) => item.id.includes(asked.id)),
          `${key}'s loss in A's inbox`,
        ).catch(() => undefined);
        const audited = await waitFor(
          async () =>
            (await auditLines('host-a')).find(
              (l) => l.event === 'answer-lost' && l.id === asked.id,
            ),
          `${key}'s loss in A's audit log`,
        ).catch(() => undefined);
        if (!shown || !audited || audited.response !== fromFile) {
          outcome.lossUnreported += 1;
          console.log(
            JSON.stringify({ key, shown, audited, items: a.service.broker.unreadable.list() }),
          );
        } else expect(shown.reason).toContain(`${key}.answer not used`);
      }
    }
    // Each instance's audit log says "answered" once per request, with the stored answer.
    for (const name of ['host-a', 'host-b']) {
      const answered = (await auditLines(name)).filter((l) => l.event === 'answered');
      expect(answered).toHaveLength(TRIALS);
      for (const line of answered) {
        const { rows } = await db.query<{ data: { answer: { text: string } } }>(
          'SELECT data FROM hitl_requests WHERE id = $1',
          [line.id],
        );
        expect(line.response).toBe(rows[0]!.data.answer.text);
      }
    }
    console.log(`team file race, ${TRIALS} trials: ${JSON.stringify(outcome)}`);
    expect(outcome).toMatchObject({ split: 0, lossUnreported: 0 });
    expect(outcome.fileWon + outcome.uiWon).toBe(TRIALS);
  }, 300_000);
});
