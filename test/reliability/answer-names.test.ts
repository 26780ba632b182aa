import { writeFileSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for';
import { startHandshakeService, type HandshakeService } from './helpers/handshake-service';

let running: HandshakeService | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('answer files for the longest names a runtime can create', () => {
  for (const length of [230, 246]) {
    it(`a ${length}-character key (its .question ${length + 9} bytes) is answered into its .answer`, async () => {
      running = await startHandshakeService();
      const key = 'k'.repeat(length);
      await running.ask(key, key);
      await waitFor(() => running!.service.broker.pending().length === 1, 'the question');
      const reply = await running.answer(key, 'ship it');
      expect(reply.status).toBe(200);
      const file = join(running.dir, `${key}.answer`);
      expect(reply.body.path).toBe(file);
      expect(await readFile(file, 'utf8')).toBe('ship it');
      // No temp file left behind, none named after the key.
      const names = await readdir(running.dir);
      expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect(running.warnings.filter((w) => /ENAMETOOLONG/.test(w))).toEqual([]);
    });
  }

  it('an HTTP-born question with a 4,000-byte key is mirrored under a name that fits, and answered through it', async () => {
    running = await startHandshakeService();
    const key = 'm'.repeat(4000);
    const asked = await fetch(`${running.service.url}questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, question: 'Long?' }),
    });
    expect(asked.status).toBe(200);
    const mirror = await waitFor(
      async () => (await readdir(running!.dir)).find((name) => name.endsWith('.question')),
      'the mirror file',
    );
    expect(Buffer.byteLength(mirror)).toBeLessThanOrEqual(255);
    const base = mirror.slice(0, -'.question'.length);
    await writeFile(join(running.dir, `${base}.answer`), 'through the file');
    await waitFor(
      () => running!.service.broker.resolved().find((r) => r.key === key),
      'the answer through the mirror',
    );
    expect(running.service.broker.resolved()[0]).toMatchObject({
      status: 'answered',
      answer: { text: 'through the file' },
    });
    expect(running.warnings.filter((w) => /ENAMETOOLONG/.test(w))).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    'a .question whose name is not UTF-8 (it cannot be opened by its name) is a visible could-not-read item',
    async () => {
      running = await startHandshakeService();
      const name = Buffer.concat([
        Buffer.from(running.dir + '/bad'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('.question'),
      ]);
      writeFileSync(name, JSON.stringify({ key: 'bad-name', question: 'Seen?' }));
      const items = await waitFor(
        async () => (await running!.unreadable()).filter((i) => /not UTF-8/.test(i.reason)),
        'the could-not-read item',
      );
      expect(items).toHaveLength(1);
      expect(items[0]!.origin).toContain(running.dir);
      expect(running.service.broker.pending()).toEqual([]);
    },
  );
});
