import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { runCli, startCli } from '../../../support/cli';
import { OPERATOR } from '../../../support/hook-broker';
import { hookEvent } from '../../../support/hook-fixtures';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let service: BrokerService;

beforeEach(async () => {
  temp = await makeTempDir('hitl-hookproc-');
  service = await startBrokerService({
    port: 0,
    stateDir: path.join(temp.path, 'state'),
    rendererDir: null,
    token: '',
  });
});
afterEach(async () => {
  await service.close();
  await temp.remove();
});

describe('the hook as a process', () => {
  it('killed by the agent (answered in its own terminal): the request leaves the inbox, cancelled by the agent', async () => {
    const run = startCli(['hook', 'claude-code'], {
      CLARITY_HITL_BROKER_URL: service.url,
      CLARITY_HITL_STATE_DIR: service.stateDir,
    });
    run.child.stdin.end(JSON.stringify(hookEvent('claude-bash')));
    const request = await waitFor(() => service.broker.pending()[0], 'the request', 30_000);
    run.child.kill('SIGKILL');
    await run.exit;
    const gone = await waitFor(
      () =>
        service.broker.get(request.id)?.status === 'cancelled'
          ? service.broker.get(request.id)
          : undefined,
      'the cancel',
    );
    expect(gone).toMatchObject({ resolvedBy: 'agent', cancelReason: 'the agent disconnected' });
    expect(service.broker.pending()).toEqual([]);
  }, 60_000);

  it('prints the decision on stdout and exits 0; with no broker prints nothing and exits 0', async () => {
    const run = startCli(['hook', 'codex'], {
      CLARITY_HITL_BROKER_URL: service.url,
      CLARITY_HITL_STATE_DIR: service.stateDir,
    });
    run.child.stdin.end(JSON.stringify(hookEvent('codex-bash')));
    const request = await waitFor(() => service.broker.pending()[0], 'the request', 30_000);
    service.broker.answer(request.id, { text: 'deny: use the cache' }, 'cli', OPERATOR);
    expect(await run.exit).toBe(0);
    expect(JSON.parse(run.stdout())).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: 'use the cache' },
      },
    });

    const down = await runCli(['hook', 'claude-code'], {
      input: JSON.stringify(hookEvent('claude-bash')),
      env: { CLARITY_HITL_STATE_DIR: service.stateDir },
    });
    expect(down).toMatchObject({ code: 0, stdout: '' });
    expect(down.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('clarity-hitl rules list / revoke talk to the running broker', async () => {
    const rule = service.rules.add({
      agent: 'claude-code',
      tool: 'Bash',
      project: '/home/dev/shop-api',
      commandPrefix: 'npm test',
    });
    const env = {
      env: { CLARITY_HITL_BROKER_URL: service.url, CLARITY_HITL_STATE_DIR: service.stateDir },
    };
    const list = await runCli(['rules', 'list'], env);
    expect(list.stdout).toContain(
      `${rule.id}  claude-code Bash: npm test …  in /home/dev/shop-api  (not used yet)`,
    );
    const revoke = await runCli(['rules', 'revoke', rule.id], env);
    expect(revoke).toMatchObject({ code: 0 });
    expect(revoke.stdout).toContain(`Revoked ${rule.id}`);
    expect(service.rules.list()).toEqual([]);
    const missing = await runCli(['rules', 'revoke', rule.id], env);
    expect(missing.code).toBe(3);
  }, 90_000);
});
