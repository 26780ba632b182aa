// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallView } from '@contract/call-view';
import { ToolCallView } from '../../../renderer/src/components/calls/ToolCallView';
import { splitCallPrompt } from '../../../renderer/src/components/calls/card-prompt';
import { renderWithI18n } from './dom-fixtures';
import { expectShown } from '../../support/expect-shown';

afterEach(cleanup);

const show = (call: CallView) => renderWithI18n(<ToolCallView call={call} />);

describe('a card per kind of call', () => {
  it('Bash: the whole command, however long, in a wrapping block (never cut)', () => {
    const command = `docker run --rm -v "$PWD":/src ${'--env KEY=value '.repeat(200)}alpine sh -c 'make test'`;
    show({ kind: 'shell', command, description: 'Run the tests in a container' });
    const block = screen.getByRole('region', { name: 'The command' }).querySelector('pre')!;
    expect(block.textContent).toBe(command);
    expect(block.className).toBe('call-command');
    expectShown(screen.getByText('Run the tests in a container'));
  });

  it('a diff: the file, its action, line numbers, old and new lines', () => {
    show({
      kind: 'diff',
      files: [
        {
          path: 'src/cart.ts',
          action: 'update',
          moveTo: 'src/basket.ts',
          hunks: [
            {
              header: 'line 5',
              lines: [
                { op: ' ', text: 'export function total(items) {', old: 4, new: 4 },
                { op: '-', text: '  return 0;', old: 5 },
                { op: '+', text: '  return 1;', new: 5 },
              ],
            },
          ],
        },
      ],
    });
    expectShown(screen.getByText('src/cart.ts'));
    expectShown(screen.getByText('src/basket.ts'));
    expectShown(screen.getByText('edit'));
    const rows = screen.getAllByRole('row');
    expect(rows.map((r) => r.className)).toEqual([
      'diff-line diff-ctx',
      'diff-line diff-del',
      'diff-line diff-add',
    ]);
    expect(rows[1]!.textContent).toBe('5-  return 0;');
    expect(rows[2]!.textContent).toBe('5+  return 1;');
  });

  it('network, permissions, fetch and MCP show what they are about', () => {
    show({ kind: 'network', host: 'registry.npmjs.org' });
    expect(screen.getByRole('region', { name: 'Network access' }).textContent).toBe(
      'Host: registry.npmjs.org',
    );
    cleanup();
    show({ kind: 'permissions', permissions: '{\n  "network": true\n}', why: 'fetch crates' });
    expect(screen.getByRole('region', { name: 'Permissions asked for' }).textContent).toContain(
      '"network": true',
    );
    cleanup();
    show({ kind: 'fetch', url: 'https://docs.example.com/a', domain: 'docs.example.com' });
    expect(screen.getByRole('region', { name: 'Web fetch' }).textContent).toBe(
      'Domain: docs.example.comURL: https://docs.example.com/a',
    );
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    show({ kind: 'mcp', server: 'github', tool: 'create_issue', args: '{\n  "title": "Bug"\n}' });
    expect(screen.getByRole('region', { name: 'MCP tool call' }).textContent).toBe(
      'Server: githubTool: create_issue{\n  "title": "Bug"\n}',
    );
  });

  it('the card prompt: the lead and the footer around the view, without the fenced body', () => {
    const prompt =
      '**Claude Code** in `shop · 3f1c9a2e` wants to run a command:\n\n```sh\nnpm test\n\nmore\n```\n\n> Run\n\n_Project_ `/p` · _session_ `s`';
    expect(splitCallPrompt(prompt)).toEqual({
      lead: '**Claude Code** in `shop · 3f1c9a2e` wants to run a command:',
      footer: '_Project_ `/p` · _session_ `s`',
    });
    expect(
      splitCallPrompt('**Codex** wants to reach **h**.\n\n_Project_ `/p` · _session_ `s`'),
    ).toEqual({
      lead: '**Codex** wants to reach **h**.',
      footer: '_Project_ `/p` · _session_ `s`',
    });
    expect(splitCallPrompt('no footer here')).toBeUndefined();
    expect(splitCallPrompt('a\n\nb\n\nnot a footer')).toBeUndefined();
  });
});
