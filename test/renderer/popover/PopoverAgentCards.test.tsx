// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { PopoverApp, type PopoverShell } from '../../../renderer/src/popover/PopoverApp';
import { renderWithI18n } from '../components/dom-fixtures';

afterEach(cleanup);

const shell: PopoverShell = {
  hide: () => undefined,
  openInWindow: () => undefined,
  onShowRequest: () => () => undefined,
};
const DB = 'Which database should the orders service use?';
const LEAD = '**Claude Code** in `shop · 3f1c9a2e` wants to run a command:';
const FOOTER = '_Project_ `/home/dev/shop` · _session_ `3f1c9a2e`';

describe('the popover shows coding-agent cards as the inbox does', () => {
  it('AskUserQuestion: options and Submit; the answer goes out as the broker takes it', async () => {
    const client = new FakeInboxClient();
    client.add({
      key: 'ask',
      source: 'claude-code',
      title: DB,
      prompt: `**Claude Code** in \`shop · 3f1c9a2e\` asks:\n\n1. ${DB}\n\n${FOOTER}`,
      input: {
        kind: 'approval',
        tool: 'AskUserQuestion',
        rule: {},
        scopes: [],
        questions: [
          {
            question: DB,
            header: 'Database',
            multiSelect: false,
            options: [
              { label: 'Postgres', description: 'Relational' },
              { label: 'SQLite', description: 'One file' },
            ],
          },
        ],
      },
    });
    renderWithI18n(<PopoverApp client={client} shell={shell} />);
    await userEvent.click(await screen.findByLabelText(/^Postgres/));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(client.sentAnswers).toHaveLength(1));
    expect(client.sentAnswers[0]!.input).toEqual({
      value: { kind: 'approval', decision: 'allow', answers: { [DB]: { selected: ['Postgres'] } } },
    });
  });

  it('a long Bash command: whole, in the wrapping block, between the lead and the footer', async () => {
    const client = new FakeInboxClient();
    const command = `npm run build && ${'node scripts/check.js --strict '.repeat(40)}`;
    client.add({
      key: 'bash',
      source: 'claude-code',
      title: 'Bash: npm run build',
      prompt: `${LEAD}\n\n\`\`\`sh\n${command}\n\`\`\`\n\n${FOOTER}`,
      input: {
        kind: 'approval',
        tool: 'Bash',
        command,
        rule: { command },
        call: { kind: 'shell', command },
      },
    });
    renderWithI18n(<PopoverApp client={client} shell={shell} />);
    const block = await screen.findByRole('region', { name: 'The command' });
    expect(block.querySelector('pre.call-command')!.textContent).toBe(command);
    // The fenced copy of the command is not shown twice.
    expect(document.body.textContent!.split(command).length - 1).toBe(1);
  });
});
