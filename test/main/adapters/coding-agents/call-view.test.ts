import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalInput } from '@contract/approval';
import { approvalRequest } from '../../../../main/adapters/coding-agents/hook-request';
import { lineDiff, patchDiff } from '../../../../main/adapters/coding-agents/call-view';
import type { DecisionEvent } from '../../../../main/adapters/coding-agents/hook-event';
import { makeTempDir } from '../../../support/temp-dir';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let project: string;
beforeEach(async () => {
  temp = await makeTempDir('hitl-callview-');
  project = path.join(temp.path, 'shop');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  writeFileSync(
    path.join(project, 'src/cart.ts'),
    [
      '// cart',
      'import x from "y";',
      '',
      'export function total(items) {',
      '  return 0;',
      '}',
      '',
      '// end',
      '',
    ].join('\n'),
  );
});
afterEach(() => temp.remove());

const view = (
  tool_name: string,
  tool_input: Record<string, unknown>,
  agent: 'claude-code' | 'codex' = 'claude-code',
) => {
  const event = {
    session_id: 's1',
    cwd: project,
    hook_event_name: 'PermissionRequest',
    tool_name,
    tool_input,
  } as DecisionEvent;
  return (approvalRequest(agent, event).request.input as ApprovalInput).call;
};

describe('a card per kind of call', () => {
  it('Edit: old → new placed in the file, with line numbers and 3 lines of context', () => {
    const call = view('Edit', {
      file_path: path.join(project, 'src/cart.ts'),
      old_string: '  return 0;',
      new_string: '  return items.reduce((s, i) => s + i.price, 0);',
    });
    expect(call).toEqual({
      kind: 'diff',
      files: [
        {
          path: 'src/cart.ts',
          action: 'update',
          hunks: [
            {
              header: 'line 5',
              lines: [
                { op: ' ', text: 'import x from "y";', old: 2, new: 2 },
                { op: ' ', text: '', old: 3, new: 3 },
                { op: ' ', text: 'export function total(items) {', old: 4, new: 4 },
                { op: '-', text: '  return 0;', old: 5 },
                { op: '+', text: '  return items.reduce((s, i) => s + i.price, 0);', new: 5 },
                { op: ' ', text: '}', old: 6, new: 6 },
                { op: ' ', text: '', old: 7, new: 7 },
                { op: ' ', text: '// end', old: 8, new: 8 },
              ],
            },
          ],
        },
      ],
    });
  });

  it('MultiEdit: a hunk per edit; Write over a file: the changed lines in context; a new file: all added', () => {
    const multi = view('MultiEdit', {
      file_path: path.join(project, 'src/cart.ts'),
      edits: [
        { old_string: '// cart', new_string: '// the cart' },
        { old_string: '// end', new_string: '// fin' },
      ],
    });
    expect(multi?.kind === 'diff' && multi.files[0]!.hunks.map((h) => h.header)).toEqual([
      'line 1',
      'line 8',
    ]);
    const write = view('Write', {
      file_path: 'src/cart.ts',
      content: '// cart\nimport x from "y";\n\nexport const total = () => 1;\n',
    });
    expect(write).toMatchObject({
      kind: 'diff',
      files: [{ path: 'src/cart.ts', action: 'write' }],
    });
    const lines = write?.kind === 'diff' ? write.files[0]!.hunks[0]!.lines : [];
    expect(lines.filter((l) => l.op === '+')).toEqual([
      { op: '+', text: 'export const total = () => 1;', new: 4 },
    ]);
    expect(lines.filter((l) => l.op === '-').map((l) => l.old)).toEqual([4, 5, 6, 7, 8]);
    const added = view('Write', { file_path: 'src/new.ts', content: 'a\nb\n' });
    expect(added).toEqual({
      kind: 'diff',
      files: [
        {
          path: 'src/new.ts',
          action: 'add',
          hunks: [
            {
              lines: [
                { op: '+', text: 'a', new: 1 },
                { op: '+', text: 'b', new: 2 },
              ],
            },
          ],
        },
      ],
    });
  });

  it('a file outside the project, or reached through a link out of it, is never read: bare old → new', () => {
    const outside = path.join(temp.path, 'secret.txt');
    writeFileSync(outside, 'top\nSECRET=1\nbottom\n');
    symlinkSync(outside, path.join(project, 'src/link.txt'));
    for (const file_path of [outside, path.join(project, 'src/link.txt')]) {
      const call = view('Edit', { file_path, old_string: 'SECRET=1', new_string: 'SECRET=2' });
      expect(JSON.stringify(call)).not.toContain('top');
      expect(call?.kind === 'diff' && call.files[0]!.hunks[0]!.lines).toEqual([
        { op: '-', text: 'SECRET=1' },
        { op: '+', text: 'SECRET=2' },
      ]);
    }
  });

  it('Codex apply_patch: each file with its action, move target and @@ hunks', () => {
    const patch = [
      '*** Begin Patch',
      '*** Update File: src/cart.ts',
      '*** Move to: src/basket.ts',
      '@@ export function total(items) {',
      '-  return 0;',
      '+  return 1;',
      ' }',
      '*** Add File: docs/notes.md',
      '+# Notes',
      '*** Delete File: old.txt',
      '*** End Patch',
    ].join('\n');
    expect(patchDiff(patch)).toEqual([
      {
        path: 'src/cart.ts',
        action: 'update',
        moveTo: 'src/basket.ts',
        hunks: [
          {
            header: 'export function total(items) {',
            lines: [
              { op: '-', text: '  return 0;' },
              { op: '+', text: '  return 1;' },
              { op: ' ', text: '}' },
            ],
          },
        ],
      },
      { path: 'docs/notes.md', action: 'add', hunks: [{ lines: [{ op: '+', text: '# Notes' }] }] },
      { path: 'old.txt', action: 'delete', hunks: [] },
    ]);
    expect(view('apply_patch', { input: patch }, 'codex')).toMatchObject({
      kind: 'diff',
      files: [{}, {}, {}],
    });
  });

  it('network, request_permissions, WebFetch, MCP and Bash each get their own view', () => {
    expect(view('Bash', { description: 'network-access registry.npmjs.org' }, 'codex')).toEqual({
      kind: 'network',
      host: 'registry.npmjs.org',
    });
    expect(
      view(
        'request_permissions',
        { permissions: { network: { enabled: true } }, reason: 'fetch crates' },
        'codex',
      ),
    ).toEqual({
      kind: 'permissions',
      permissions: '{\n  "network": {\n    "enabled": true\n  }\n}',
      why: 'fetch crates',
    });
    expect(
      view('WebFetch', { url: 'https://docs.example.com/a?b=1', prompt: 'Summarise the API' }),
    ).toEqual({
      kind: 'fetch',
      url: 'https://docs.example.com/a?b=1',
      domain: 'docs.example.com',
      prompt: 'Summarise the API',
    });
    expect(view('mcp__github__create_issue', { title: 'Bug', labels: ['p1'] })).toEqual({
      kind: 'mcp',
      server: 'github',
      tool: 'create_issue',
      args: '{\n  "title": "Bug",\n  "labels": [\n    "p1"\n  ]\n}',
    });
    const long = `npm run build && ${'x'.repeat(5000)}`;
    expect(view('Bash', { command: long, description: 'Build' })).toEqual({
      kind: 'shell',
      command: long,
      description: 'Build',
    });
  });

  it('lineDiff: identical texts are no change', () => {
    expect(lineDiff('a\n', 'a\n')).toEqual([{ header: 'no change', lines: [] }]);
  });
});
