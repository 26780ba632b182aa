import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { runCli } from '../../../support/cli';
import { makeTempDir } from '../../../support/temp-dir';

// Requests without a question file (cueme, HTTP mode, ...) are answered from the terminal through the broker.
describe('clarity-hitl answer / cancel through the running broker', { timeout: 120_000 }, () => {
  let state: Awaited<ReturnType<typeof makeTempDir>>;
  let emptyDir: Awaited<ReturnType<typeof makeTempDir>>;
  let service: BrokerService;

  beforeAll(async () => {
    state = await makeTempDir();
    emptyDir = await makeTempDir();
    service = await startBrokerService({ port: 0, stateDir: state.path, rendererDir: null });
  });
  afterAll(async () => {
    await service.close();
    await state.remove();
    await emptyDir.remove();
  });

  it('answers a cueme request by key, then reports a second answer as a conflict (exit 4)', async () => {
    const request = service.broker.add({ source: 'cueme', key: 'deploy-check', prompt: 'Deploy?' });
    const first = await runCli([
      'answer',
      'deploy-check',
      'go ahead',
      '--dir',
      emptyDir.path,
      '--broker',
      service.url,
    ]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Answered deploy-check through the broker at ${service.url}`);
    expect(service.broker.get(request.id)).toMatchObject({
      status: 'answered',
      answer: { text: 'go ahead' },
    });

    const again = await runCli([
      'answer',
      'deploy-check',
      'no',
      '--dir',
      emptyDir.path,
      '--broker',
      service.url,
    ]);
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(/already answered/);
  });

  it('cancels a held request by key; an unknown key is exit 3 naming both places looked at; answering one is written ahead', async () => {
    const request = service.broker.add({
      source: 'clarity-http',
      key: 'http-only',
      prompt: 'Proceed?',
    });
    const cancelled = await runCli([
      'cancel',
      'http-only',
      '--dir',
      emptyDir.path,
      '--broker',
      service.url,
    ]);
    expect(cancelled.code).toBe(0);
    expect(service.broker.get(request.id)?.status).toBe('cancelled');

    const unknown = await runCli([
      'cancel',
      'nope',
      '--dir',
      emptyDir.path,
      '--broker',
      service.url,
    ]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(
      /no pending question .*"nope".*has no pending request "nope" either/,
    );
    // Neither the directory nor the broker asks it: the answer waits in the directory.
    const ahead = await runCli([
      'answer',
      'nope',
      'x',
      '--dir',
      emptyDir.path,
      '--broker',
      service.url,
    ]);
    expect(ahead.code, ahead.stderr).toBe(0);
    expect(ahead.stdout).toMatch(/^Wrote answer: .*nope\.answer\n$/);
    expect(ahead.stderr).toMatch(/no question "nope" was pending/);
  });

  it('cancel of a request answered already through the broker is a conflict (exit 4)', async () => {
    const request = service.broker.add({ source: 'clarity-http', key: 'too-late', prompt: 'Go?' });
    service.broker.answer(request.id, { text: 'yes' }, 'ui');
    const run = await runCli([
      'cancel',
      'too-late',
      '--dir',
      emptyDir.path,
      '--broker',
      service.url,
    ]);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/too-late is already answered; too late to cancel/);
  });

  it('without a broker the unknown-key error says none is running', async () => {
    const run = await runCli(['cancel', 'ghost', '--dir', emptyDir.path]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/no broker is running at http:\/\/127\.0\.0\.1:9\//);
  });
});

describe(
  'clarity-hitl answer --token against a broker that requires one',
  { timeout: 120_000 },
  () => {
    it('is refused without the token and answers with --token', async () => {
      const state = await makeTempDir();
      const emptyDir = await makeTempDir();
      const service = await startBrokerService({
        port: 0,
        stateDir: state.path,
        rendererDir: null,
        token: 'remote-token-42',
      });
      try {
        const request = service.broker.add({ source: 'cueme', key: 'remote-q', prompt: 'Ship?' });
        // A different state dir: no discovery file can lend the token.
        const args = ['answer', 'remote-q', 'yes', '--dir', emptyDir.path, '--broker', service.url];
        const refused = await runCli(args);
        expect(refused.code).not.toBe(0);
        expect(service.broker.get(request.id)?.status).toBe('pending');
        const ok = await runCli([...args, '--token', 'remote-token-42']);
        expect(ok.code).toBe(0);
        expect(service.broker.get(request.id)).toMatchObject({
          status: 'answered',
          answer: { text: 'yes' },
        });
      } finally {
        await service.close();
        await state.remove();
        await emptyDir.remove();
      }
    });
  },
);
