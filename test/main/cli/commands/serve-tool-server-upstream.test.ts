import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, startCli, type CliRun } from '../../../support/cli';
import { startFakeToolServer, type FakeToolServer } from '../../../support/fake-tool-server';

let root: string;
let up: FakeToolServer | undefined;
let serve: CliRun | undefined;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hitl-upstream-'));
});
afterEach(async () => {
  if (serve && serve.child.exitCode === null) {
    serve.child.kill('SIGTERM');
    await serve.exit;
  }
  serve = undefined;
  await up?.close();
  up = undefined;
  await rm(root, { recursive: true, force: true });
});

describe('clarity-hitl serve --tool-server-upstream <url>', () => {
  it("forwards InfiAgent's other tools to the operator's tool server, and logs no body", async () => {
    up = await startFakeToolServer();
    serve = startCli(
      [
        'serve',
        path.join(root, 'hs'),
        '--port',
        '0',
        '--state-dir',
        path.join(root, 'state'),
        '--no-cue-db',
        '--tool-server-upstream',
        up.url,
      ],
      { CLARITY_HITL_BROKER_TOKEN: '' },
    );
    await serve.waitForStdout(/Forwarding tools other than human_in_loop to http:\/\/127\.0\.0\.1/);
    const url = /HITL broker listening on (\S+)/.exec(serve.stdout())![1]!;
    const secret = 'file-body-that-must-not-be-logged';
    const res = await fetch(`${url}api/tool/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ task_id: '/ws', tool_name: 'dir_list', params: { note: secret } }),
    });
    expect(await res.json()).toMatchObject({ success: true, data: { output: 'a\nb' } });
    expect(up.calls[0]!.body).toContain(secret);
    serve.child.kill('SIGTERM');
    await serve.exit;
    expect(serve.stdout() + serve.stderr()).not.toContain(secret);
  });

  it('refuses a URL that is not plain http(s) (exit 2, naming the flag)', async () => {
    const run = await runCli(['serve', '--port', '0', '--tool-server-upstream', 'http://u:p@x/']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--tool-server-upstream');
    expect(run.stderr).toContain('user name or password');
  });
});
