import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../main/service/broker-service';
import { OPERATOR } from '../support/hook-broker';
import { hookEvent } from '../support/hook-fixtures';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'clarity-hitl.js');
const BUILT = existsSync(path.join(ROOT, 'out', 'main', 'hook.js'));

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let service: BrokerService | undefined;
beforeEach(async () => {
  temp = await makeTempDir('hitl-hookdel-');
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await temp.remove();
});

/** The built hook as Claude Code runs it, its event on stdin; resolves with what it printed. */
function runHook(stateDir: string): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [BIN, 'hook', 'claude-code'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, CLARITY_HITL_STATE_DIR: stateDir },
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stdin.end(JSON.stringify(hookEvent('claude-bash')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout })));
}

describe.skipIf(!BUILT)(
  'a coding-agent hook’s decision is delivered once the hook process has it',
  () => {
    it('awaiting while the reply is on its way, delivered once sent; nothing left undelivered', async () => {
      const stateDir = path.join(temp.path, 'state');
      mkdirSync(stateDir);
      service = await startBrokerService({ port: 0, stateDir, rendererDir: null });
      const seen: string[] = [];
      service.broker.deliveries.subscribe((r) => seen.push(r.delivery!.state));
      const hook = runHook(stateDir);
      const asked = await waitFor(() => service!.broker.pending()[0], 'the request', 30_000);
      const answered = service.broker.answer(asked.id, { text: 'allow' }, 'ui', OPERATOR);
      expect(answered.delivery?.state).toBe('awaiting');
      const run = await hook;
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
      await waitFor(
        () => service!.broker.get(asked.id)?.delivery?.state === 'delivered',
        'delivered',
      );
      expect(seen).toEqual(['delivered']);
      expect(service.broker.deliveries.undelivered()).toEqual([]);
    }, 60_000);
  },
);
