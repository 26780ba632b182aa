import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBrokerService } from '../../../../main/service/broker-service';
import type { NtfyHttpAction } from '../../../../main/service/ntfy/ntfy-message';
import { startFakeNtfy } from './fake-ntfy-server';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

describe('ntfy in the broker service', () => {
  it("a coding agent's approval tapped on the phone reaches the agent, and the audit log says phone", async () => {
    const ntfy = await startFakeNtfy('tk_service');
    cleanups.push(ntfy.close);
    const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-ntfy-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const logFile = path.join(root, 'audit.jsonl');
    const service = await startBrokerService({
      port: 0,
      stateDir: path.join(root, 'state'),
      rendererDir: null,
      logFile,
      ntfy: { url: `${ntfy.url}phone-topic`, token: 'tk_service' },
    });
    cleanups.push(() => service.close());
    await service.ntfy!.replies.ready;
    const request = service.broker.add({
      source: 'claude-code',
      key: 'k',
      prompt: 'Run?',
      input: { kind: 'approval', tool: 'Bash', command: 'rm -rf build' },
    });
    await service.ntfy!.settled();
    const [message] = ntfy.on('phone-topic');
    expect(JSON.stringify(message)).not.toContain(service.server.context.operatorSecret);
    const allow = (message!.actions as NtfyHttpAction[])[0]!;
    await fetch(allow.url, { method: allow.method, body: allow.body });
    const answered = await service.broker.waitForResolution(request.id);
    expect(answered.answer?.value).toEqual({ kind: 'approval', decision: 'allow' });
    await vi.waitFor(async () => {
      const lines = (await readFile(logFile, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.find((l) => l.id === request.id && l.event === 'answered')).toMatchObject({
        via: 'phone (ntfy)',
      });
    });
  });

  it('refuses a bad ntfy URL naming the field', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-ntfy-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    await expect(
      startBrokerService({
        port: 0,
        stateDir: path.join(root, 'state'),
        rendererDir: null,
        ntfy: { url: 'https://ntfy.example/' },
      }),
    ).rejects.toThrow(/ntfy: url: the URL must end with the topic/);
  });
});
