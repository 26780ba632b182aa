import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { until } from '../helpers';

/**
 * The fields the Clarity reference broker's clients read (its `GET /questions` items carry
 * `ageSeconds` and `pid`; `GET /questions/{key}` carries `safeKey`; `POST /questions` and
 * `POST /answer` return `{ key, safeKey, path }`), next to this broker's own.
 */
let root: string;
let dir: string;
let service: BrokerService | undefined;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hitl-ref-fields-'));
  dir = path.join(root, 'handshake');
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await rm(root, { recursive: true, force: true });
});

async function start(dirs: string[] = [dir]): Promise<string> {
  service = await startBrokerService({
    port: 0,
    stateDir: path.join(root, 'state'),
    dirs,
    rendererDir: null,
  });
  return service.url;
}

async function call(url: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return (await res.json()) as Record<string, unknown>;
}

describe('reference-client fields on the Clarity routes', () => {
  it('POST /questions gives safeKey and the mirrored question file path; list items have ageSeconds and pid', async () => {
    const url = await start();
    const created = await call(`${url}questions`, {
      key: 'review step/3',
      question: 'Ship?',
      timestamp: Date.now() - 5_000,
      pid: 4242,
    });
    expect(created).toMatchObject({
      key: 'review step/3',
      status: 'pending',
      safeKey: 'review_step_3',
      path: path.join(dir, 'review_step_3.question'),
    });
    expect(JSON.parse(await readFile(created.path as string, 'utf8')).key).toBe('review step/3');

    const [item] = (await call(`${url}questions`)) as unknown as Array<Record<string, unknown>>;
    expect(item).toMatchObject({ key: 'review step/3', pid: 4242, question: 'Ship?' });
    expect(item!.ageSeconds).toBeGreaterThanOrEqual(5);
    expect(item!.ageSeconds).toBe(item!.age);

    const polled = await call(`${url}questions/${encodeURIComponent('review step/3')}`);
    expect(polled).toEqual({ key: 'review step/3', status: 'pending', safeKey: 'review_step_3' });
  });

  it("POST /answer on a runtime's file question returns the written .answer file's path", async () => {
    const url = await start();
    const { mkdir } = await import('node:fs/promises');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'deploy_1.question'),
      JSON.stringify({ key: 'deploy.1', question: 'Deploy?', timestamp: Date.now(), pid: 77 }),
    );
    await until(async () => ((await call(`${url}questions`)) as unknown as unknown[]).length === 1);
    const answered = await call(`${url}answer`, { key: 'deploy.1', response: 'go' });
    const answerPath = path.join(dir, 'deploy_1.answer');
    expect(answered).toMatchObject({
      ok: true,
      key: 'deploy.1',
      status: 'answered',
      safeKey: 'deploy_1',
      path: answerPath,
    });
    expect(existsSync(answerPath)).toBe(true);
    expect(await readFile(answerPath, 'utf8')).toBe('go');
    expect(await call(`${url}questions/deploy.1`)).toMatchObject({ safeKey: 'deploy_1' });
  });

  it('without a handshake directory there is no path, and safeKey follows the runtime rule', async () => {
    const url = await start([]);
    const created = await call(`${url}questions`, { key: 'a:b', question: 'q' });
    expect(created).toMatchObject({ key: 'a:b', safeKey: 'a_b' });
    expect(created).not.toHaveProperty('path');
    const answered = await call(`${url}answer`, { key: 'a:b', response: 'fine' });
    expect(answered).toMatchObject({ status: 'answered', safeKey: 'a_b' });
    expect(answered).not.toHaveProperty('path');
    expect(await call(`${url}questions/a%3Ab`)).toMatchObject({
      status: 'answered',
      response: 'fine',
      safeKey: 'a_b',
    });
  });
});
