import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/load/project';
import { createExternalOpener } from '../../main/desktop/security/external-links';
import { BrokerAlreadyRunningError, startDesktopService } from '../../main/desktop/service-start';
import { startServe, type ServeProcess } from './helpers/serve-process';
import { TempDirs } from './helpers/temp-dirs';

const temp = new TempDirs();
let serve: ServeProcess;
beforeAll(async () => {
  serve = await startServe({
    dir: await temp.make('hostile-hs'),
    stateDir: await temp.make('hostile-state'),
  });
});
afterAll(async () => {
  await serve?.stop();
  await temp.cleanup();
});

const post = (path: string, body: string) =>
  fetch(`${serve.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

describe('hostile inputs from the same machine', () => {
  it('a 100,000-deep HAPI tool_use.input is refused with 400 and the agent’s messages stay readable', async () => {
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const message = (input: string) =>
      `{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"n","input":${input}}]}`;
    const refused = await post('/api/agents/a1/messages', message(deep));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^body: JSON nests deeper than 64/,
    );
    expect((await post('/api/agents/a1/messages', message('{"ok":true}'))).status).toBe(201);
    const read = await fetch(`${serve.url}/api/agents/a1/messages`, { headers: serve.operator });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { messages: unknown[] }).messages).toHaveLength(1);
  });

  it('file_pick roots outside what the operator allows are refused (/etc, /proc/self, ..)', async () => {
    for (const root of ['/etc', '/proc/self', '/tmp/../etc']) {
      const res = await post(
        '/api/tool/execute',
        JSON.stringify({
          task_id: root,
          tool_name: 'human_in_loop',
          params: {
            hil_id: `pick-${root}`,
            instruction: 'pick',
            ui: { type: 'file_pick', pattern: '*' },
          },
        }),
      );
      // InfiAgent's convention: a tool-level failure is 200 {success: false, error}.
      expect(res.status, root).toBe(200);
      const body = (await res.json()) as { success: boolean; error: string };
      expect(body.success, root).toBe(false);
      expect(body.error, root).toContain('file_pick root');
    }
    expect(
      await (await fetch(`${serve.url}/api/requests`, { headers: serve.operator })).json(),
    ).toMatchObject({ requests: [] });
    expect(serve.output.join('\n')).toContain('file_pick root /etc refused');
  });

  it('a hostile program on the broker port cannot choose what is shown or opened', async () => {
    const hostile = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ version: '9', url: 'file:///etc/passwd' }));
    });
    hostile.listen(0, '127.0.0.1');
    await once(hostile, 'listening');
    const port = (hostile.address() as AddressInfo).port;
    try {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'main/cli/clarity-hitl.ts',
          'serve',
          await temp.make('hp-hs'),
          '--port',
          String(port),
          '--state-dir',
          await temp.make('hp-state'),
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
      const [code] = (await once(child, 'exit')) as [number];
      expect(code).toBe(3);
      expect(stderr).toContain(`Open http://127.0.0.1:${port}/`);
      expect(stderr).not.toContain('file://');

      const error = await startDesktopService(
        async () => {
          throw Object.assign(new Error('taken'), { code: 'EADDRINUSE' });
        },
        { port },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BrokerAlreadyRunningError);
      const opened: string[] = [];
      const open = createExternalOpener((url) => opened.push(url));
      open((error as BrokerAlreadyRunningError).url, { kind: 'broker', port });
      open('file:///etc/passwd', { kind: 'broker', port });
      expect(opened).toEqual([`http://127.0.0.1:${port}/`]);
    } finally {
      hostile.close();
    }
  });
});
