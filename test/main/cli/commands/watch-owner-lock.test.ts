import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { OwnerLockError } from '../../../../main/service/owner-lock';
import { runCli, startCli, type CliRun } from '../../../support/cli';
import { hitlAsk } from '../../../support/clarity-runtime';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';

// `watch` next to `serve` on one handshake dir answered the same file question twice.
describe(
  'clarity-hitl watch / answer / cancel and the handshake-dir owner lock',
  { timeout: 90_000 },
  () => {
    let dir: Awaited<ReturnType<typeof makeTempDir>>;
    let state: Awaited<ReturnType<typeof makeTempDir>>;
    let service: BrokerService | undefined;
    let run: CliRun | undefined;

    beforeEach(async () => {
      dir = await makeTempDir();
      state = await makeTempDir();
    });
    afterEach(async () => {
      if (run && run.child.exitCode === null) {
        run.child.kill('SIGKILL');
        await run.exit;
      }
      run = undefined;
      await service?.close();
      service = undefined;
      await dir.remove();
      await state.remove();
    });

    const serve = () =>
      startBrokerService({ dirs: [dir.path], port: 0, stateDir: state.path, rendererDir: null });

    it('watch refuses a dir a broker owns: one line naming its pid and URL, a hint, exit 3', async () => {
      service = await serve();
      const result = await runCli(['watch', dir.path]);
      expect(result.code).toBe(3);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`pid ${process.pid}`);
      expect(lines[0]).toContain(service.url);
      expect(lines[0]).toContain('clarity-hitl answer');
      expect(result.stdout).not.toContain('Watching');
    });

    it('a running watch owns the dir: serve started meanwhile is refused naming it; free again after', async () => {
      run = startCli(['watch', dir.path]);
      await run.waitForStdout(/Watching .* for questions/);
      const refused = await serve().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OwnerLockError);
      expect((refused as Error).message).toContain(`clarity-hitl watch (pid ${run.child.pid})`);
      const second = await runCli(['watch', dir.path]);
      expect(second.code).toBe(3);
      expect(second.stderr).toContain(
        `already watched by clarity-hitl watch (pid ${run.child.pid})`,
      );

      run.child.stdin.end();
      expect(await run.exit).toBe(0);
      service = await serve();
      expect(service.watched.dirs).toContain(dir.path);
    });

    it('answer on a dir a broker owns goes through the broker: one answer, the same in the broker and the file', async () => {
      service = await serve();
      const broker = service.broker;
      const asked = hitlAsk({ dir: dir.path, key: 'deploy step', question: 'Deploy?' });
      const request = await waitFor(
        () => broker.pending().find((r) => r.key === 'deploy step'),
        'the broker to see the question',
      );
      // By file name: the CLI maps it to the key the broker knows.
      const answered = await runCli([
        'answer',
        'deploy_step.question',
        'ship it',
        '--dir',
        dir.path,
      ]);
      expect(answered.stderr).toBe('');
      expect(answered.code).toBe(0);
      expect(answered.stdout).toContain(`through the broker at ${service.url}`);
      expect(await asked).toBe('ship it');
      expect(broker.get(request.id)).toMatchObject({
        status: 'answered',
        answer: { text: 'ship it' },
      });

      const stopAsking = new AbortController();
      const cancelAsk = hitlAsk({
        dir: dir.path,
        key: 'later',
        question: 'Later?',
        timeoutMs: 60_000,
        signal: stopAsking.signal,
      });
      const later = await waitFor(
        () => broker.pending().find((r) => r.key === 'later'),
        'the broker to see the second question',
      );
      const cancelled = await runCli(['cancel', 'later', '--dir', dir.path]);
      expect(cancelled.code).toBe(0);
      expect(cancelled.stdout).toContain('Cancelled later through the broker');
      expect(broker.get(later.id)?.status).toBe('cancelled');
      const again = await runCli(['answer', 'later', 'too late', '--dir', dir.path]);
      expect(again.code).not.toBe(0);
      // The runtime of a cancelled question only times out; the test does not wait for that.
      stopAsking.abort();
      await cancelAsk;
    });

    it('answer next to a running watch (not a broker) still writes the answer file itself', async () => {
      run = startCli(['watch', dir.path]);
      await run.waitForStdout(/Watching .* for questions/);
      const asked = hitlAsk({ dir: dir.path, key: 'side', question: 'From another terminal?' });
      await run.waitForStdout(/HITL request: side/);
      const answered = await runCli(['answer', 'side', 'yes', '--dir', dir.path]);
      expect(answered.code).toBe(0);
      expect(answered.stdout).toMatch(/Answered side → .*side\.answer/);
      expect(await asked).toBe('yes');
      run.child.stdin.end();
      await run.exit;
    });
  },
);
