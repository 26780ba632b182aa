import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../http/helpers';
import { startFakeBotApi } from '../../service/telegram/fake-bot-api';

// Telegram cannot be reached from these machines: the serve process talks to a local stand-in of
// the Bot API (--telegram-api), as it would to a self-hosted Bot API server.
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const TOKEN = '123456789:AAHserve-cli-test-token_zyxwvuts';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

function serve(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'main/cli/clarity-hitl.ts', 'serve', '--port', '0', ...args],
    { cwd: repoRoot, env: { ...process.env, CLARITY_HITL_BROKER_TOKEN: '' } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  cleanups.push(() => child.kill('SIGKILL'));
  return { child, output: () => output, exited };
}

describe('clarity-hitl serve --telegram-token-file', { timeout: 60_000 }, () => {
  it('sends each new request to the chat, and never prints the token', async () => {
    const bot = await startFakeBotApi(TOKEN);
    cleanups.push(bot.close);
    const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-serve-telegram-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const tokenFile = path.join(root, 'telegram-token');
    await writeFile(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
    const dir = path.join(root, 'hs');
    const run = serve([
      dir,
      '--state-dir',
      path.join(root, 'state'),
      '--telegram-token-file',
      tokenFile,
      '--telegram-chat',
      '4242',
      '--telegram-api',
      bot.url,
    ]);
    await until(() => run.output().includes('Press Ctrl-C'), 30_000, 'the start-up lines');
    expect(run.output()).toContain('Sending new requests to Telegram chat 4242');
    await writeFile(
      path.join(dir, 'deploy.question'),
      JSON.stringify({ key: 'deploy', question: 'Deploy to prod?', timestamp: Date.now() }),
    );
    await until(() => bot.messages.length === 1, 30_000, 'the Telegram message');
    expect(bot.messages[0]).toMatchObject({ chat: { id: 4242 } });
    expect(bot.messages[0]!.text).toContain('Deploy to prod?');
    expect(bot.callsOf('getUpdates').length).toBeGreaterThan(0);
    run.child.kill('SIGTERM');
    await run.exited;
    expect(run.output()).not.toContain('AAH');
  });

  it('a malformed token file or a missing chat is a usage error naming the flag, without the token', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-serve-telegram-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const bad = path.join(root, 'bad-token');
    await writeFile(bad, 'AAHnot-a-bot-token\n');
    const state = ['--state-dir', path.join(root, 'state'), path.join(root, 'hs')];
    const malformed = serve([...state, '--telegram-token-file', bad, '--telegram-chat', '1']);
    expect(await malformed.exited).toBe(2);
    expect(malformed.output()).toMatch(/--telegram-token-file: expected a BotFather token/);
    expect(malformed.output()).not.toContain('AAH');
    const noChat = serve([...state, '--telegram-token-file', bad]);
    expect(await noChat.exited).toBe(2);
    expect(noChat.output()).toMatch(/--telegram-token-file needs --telegram-chat/);
  });
});
