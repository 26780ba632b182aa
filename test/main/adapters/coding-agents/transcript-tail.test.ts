import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { HookDesk } from '../../../../main/adapters/coding-agents/hook-desk';
import type { HookPost } from '../../../../main/adapters/coding-agents/hook-event';
import { RuleStore } from '../../../../main/adapters/coding-agents/rule-store';
import {
  TAIL_BYTES,
  transcriptTail,
} from '../../../../main/adapters/coding-agents/transcript-tail';
import { Broker } from '../../../../main/broker/broker';
import { hookEvent } from '../../../support/hook-fixtures';
import { makeTempDir } from '../../../support/temp-dir';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let root: string;
let file: string;
const SESSION = '3f1c9a2e-5b7d-4e21-9c0a-7d8e6f5a4b3c';

/** One line as Claude Code writes its session transcript (~/.claude/projects/<project>/<session>.jsonl). */
function line(type: 'user' | 'assistant', content: unknown, extra: Record<string, unknown> = {}) {
  return `${JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    userType: 'external',
    cwd: '/home/dev/shop-api',
    sessionId: SESSION,
    version: '2.1.197',
    type,
    message:
      type === 'user'
        ? { role: 'user', content }
        : { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', content },
    uuid: `u-${Math.random()}`,
    timestamp: '2026-11-26T23:00:00.000Z',
    ...extra,
  })}\n`;
}

beforeEach(async () => {
  temp = await makeTempDir('hitl-transcript-');
  root = path.join(temp.path, '.claude', 'projects');
  mkdirSync(path.join(root, '-home-dev-shop-api'), { recursive: true });
  file = path.join(root, '-home-dev-shop-api', `${SESSION}.jsonl`);
  writeFileSync(
    file,
    [
      line('user', 'Make the cart total use cents, then run the tests.'),
      line('assistant', [
        { type: 'text', text: "I'll change total() and run the suite." },
        { type: 'tool_use', id: 't1', name: 'Edit', input: {} },
      ]),
      line('user', [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }]),
      line('user', 'Caveat: internal', { isMeta: true }),
      line('assistant', [
        {
          type: 'text',
          text: 'Edited. See [the docs](https://evil.example/x) ![img](https://evil.example/i.png). Now running npm test.',
        },
      ]),
    ].join(''),
  );
});
afterEach(() => temp.remove());

describe("the session's recent turns, from its transcript", () => {
  it('a Claude Code transcript: user and assistant text, tool calls named, tool results and meta lines left out', () => {
    expect(transcriptTail(file, root)).toEqual([
      { role: 'user', text: 'Make the cart total use cents, then run the tests.' },
      { role: 'assistant', text: "I'll change total() and run the suite.\n[Edit]" },
      {
        role: 'assistant',
        text: 'Edited. See [the docs](https://evil.example/x) ![img](https://evil.example/i.png). Now running npm test.',
      },
    ]);
  });

  it('the request carries them as context, in code blocks (nothing of the agent renders as a link)', async () => {
    const broker = new Broker();
    const desk = new HookDesk(broker, new RuleStore(null), Date.now, () => ({
      'claude-code': root,
      codex: root,
    }));
    let seen: HitlRequest | undefined;
    const event = hookEvent('claude-bash', { transcript_path: file, permission_suggestions: [] });
    await desk.handle('claude-code', { event, nonce: 'n'.repeat(32) } as HookPost, async (id) => {
      seen = broker.get(id);
      return null;
    });
    expect(seen!.context).toBe(
      [
        '_Recent turns of this session (from its transcript):_',
        '**You:**\n\n```text\nMake the cart total use cents, then run the tests.\n```',
        "**Claude Code:**\n\n```text\nI'll change total() and run the suite.\n[Edit]\n```",
        '**Claude Code:**\n\n```text\nEdited. See [the docs](https://evil.example/x) ![img](https://evil.example/i.png). Now running npm test.\n```',
      ].join('\n\n'),
    );
  });

  it('refuses a path outside the transcript dir, through a linked file or a linked folder, and a non-JSONL file', () => {
    const outside = path.join(temp.path, 'notes.jsonl');
    writeFileSync(outside, line('user', 'secret'));
    expect(transcriptTail(outside, root)).toBeUndefined();
    expect(transcriptTail(path.join(root, '..', '..', 'notes.jsonl'), root)).toBeUndefined();
    const linkedFile = path.join(root, '-home-dev-shop-api', 'link.jsonl');
    symlinkSync(outside, linkedFile);
    expect(transcriptTail(linkedFile, root)).toBeUndefined();
    const linkedDir = path.join(root, 'elsewhere');
    mkdirSync(path.join(temp.path, 'real-dir'));
    writeFileSync(path.join(temp.path, 'real-dir', 's.jsonl'), line('user', 'secret'));
    symlinkSync(path.join(temp.path, 'real-dir'), linkedDir);
    expect(transcriptTail(path.join(linkedDir, 's.jsonl'), root)).toBeUndefined();
    const innerLink = path.join(root, '-home-dev-shop-api', 'inner.jsonl');
    symlinkSync(file, innerLink);
    expect(transcriptTail(innerLink, root)).toBeUndefined();
    writeFileSync(path.join(root, 'x.txt'), line('user', 'hi'));
    expect(transcriptTail(path.join(root, 'x.txt'), root)).toBeUndefined();
    expect(transcriptTail('relative/s.jsonl', root)).toBeUndefined();
  });

  it('reads only the tail: the first turns of a big transcript are not read, the last ones are', () => {
    const big = path.join(root, '-home-dev-shop-api', 'big.jsonl');
    writeFileSync(big, line('user', 'THE VERY FIRST TURN'));
    const filler = line('assistant', [{ type: 'text', text: 'x'.repeat(1000) }]);
    for (let i = 0; i < Math.ceil((TAIL_BYTES * 2) / filler.length); i++)
      appendFileSync(big, filler);
    appendFileSync(big, line('user', 'the latest turn'));
    const turns = transcriptTail(big, root)!;
    expect(turns).toHaveLength(6);
    expect(turns.at(-1)).toEqual({ role: 'user', text: 'the latest turn' });
    expect(JSON.stringify(turns)).not.toContain('THE VERY FIRST TURN');
  });
});
