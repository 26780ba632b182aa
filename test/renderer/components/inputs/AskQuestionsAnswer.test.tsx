// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalInput } from '@contract/approval';
import type { AnswerInput } from '@contract/request';
import { AnswerArea } from '../../../../renderer/src/components/AnswerArea';
import { FakeInboxClient } from '../../../../renderer/src/client/fake-inbox-client';
import { renderWithI18n, request } from '../dom-fixtures';
import { expectShown } from '../../../support/expect-shown';

afterEach(cleanup);

function show(input: ApprovalInput, language: 'en' | 'zh' = 'en') {
  const sent: AnswerInput[] = [];
  renderWithI18n(
    <AnswerArea
      request={request({ id: 'r1', input })}
      client={new FakeInboxClient()}
      busy={false}
      submit={(a) => sent.push(a)}
    />,
    language,
  );
  return sent;
}

const DB = 'Which database should the orders service use?';
const CHECKS = 'Which checks should run before each deploy?';
const ask: ApprovalInput = {
  kind: 'approval',
  tool: 'AskUserQuestion',
  rule: {},
  scopes: [],
  noAlways: 'AskUserQuestion is never remembered',
  questions: [
    {
      question: DB,
      header: 'Database',
      multiSelect: false,
      options: [
        { label: 'Postgres', description: 'Relational, already runs in staging' },
        { label: 'SQLite', description: 'One file, no server' },
        { label: 'DynamoDB', description: 'Managed', preview: 'table orders (pk: order_id)' },
      ],
    },
    {
      question: CHECKS,
      header: 'Checks',
      multiSelect: true,
      options: [
        { label: 'Unit tests', description: 'npm test' },
        { label: 'Lint', description: 'npm run lint' },
      ],
    },
  ],
};

describe('the AskUserQuestion card', () => {
  it('shows each question with radios or checkboxes plus Other, and no Allow / Always', () => {
    show(ask);
    expectShown(screen.getByText(DB));
    expectShown(screen.getByText('Database'));
    const db = screen.getByRole('group', { name: /Which database/ });
    expect(db.querySelectorAll('input[type=radio]')).toHaveLength(4);
    const checks = screen.getByRole('group', { name: /Which checks/ });
    expect(checks.querySelectorAll('input[type=checkbox]')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Always allow/ })).toBeNull();
    expect(screen.queryByText(/never remembered/)).toBeNull();
  });

  it('Submit waits for every question, then sends the picks (single, multi)', async () => {
    const sent = show(ask);
    const submit = screen.getByRole('button', { name: 'Submit answers' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.click(screen.getByLabelText(/Postgres/));
    expect(submit.disabled).toBe(true);
    await userEvent.click(screen.getByLabelText(/Unit tests/));
    await userEvent.click(screen.getByLabelText(/Lint/));
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    expect(sent).toEqual([
      {
        value: {
          kind: 'approval',
          decision: 'allow',
          answers: {
            [DB]: { selected: ['Postgres'] },
            [CHECKS]: { selected: ['Unit tests', 'Lint'] },
          },
        },
      },
    ]);
  });

  it('Other: its own text answers a single-select question; a picked option shows its preview', async () => {
    const sent = show(ask);
    await userEvent.click(screen.getByLabelText(/DynamoDB/));
    expectShown(screen.getByText('table orders (pk: order_id)'));
    const [dbOther] = screen.getAllByLabelText('Other');
    await userEvent.click(dbOther!);
    expect(screen.queryByText('table orders (pk: order_id)')).toBeNull();
    await userEvent.type(screen.getByLabelText(`Your own answer to: ${DB}`), 'CockroachDB');
    await userEvent.click(screen.getByLabelText(/Lint/));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(sent[0]!.value).toMatchObject({
      answers: { [DB]: { selected: [], other: 'CockroachDB' }, [CHECKS]: { selected: ['Lint'] } },
    });
  });

  it("Don't answer denies", async () => {
    const sent = show(ask);
    await userEvent.click(screen.getByRole('button', { name: "Don't answer" }));
    expect(sent).toEqual([{ value: { kind: 'approval', decision: 'deny' } }]);
  });
});

describe('edit, then allow', () => {
  const bash: ApprovalInput = {
    kind: 'approval',
    tool: 'Bash',
    command: 'npm test -- --run',
    rule: { command: 'npm test -- --run' },
    scopes: [{ kind: 'exact', scope: { command: 'npm test -- --run' }, allows: [] }],
    edit: [{ field: 'command', value: 'npm test -- --run' }],
  };

  it('the command in a box, prefilled; Allow edited sends it, only once changed', async () => {
    const sent = show(bash);
    await userEvent.click(screen.getByRole('button', { name: 'Edit, then allow…' }));
    // Its code loads when first opened.
    const box = (await screen.findByLabelText(
      'Edit command, then allow once',
    )) as HTMLTextAreaElement;
    expect(box.value).toBe('npm test -- --run');
    const allow = screen.getByRole('button', { name: 'Allow edited' }) as HTMLButtonElement;
    expect(allow.disabled).toBe(true);
    await userEvent.type(box, ' src/cart');
    await userEvent.click(allow);
    expect(sent).toEqual([
      {
        value: {
          kind: 'approval',
          decision: 'allow',
          edited: { command: 'npm test -- --run src/cart' },
        },
      },
    ]);
  });

  it('HAPI: no deny reason field where the agent takes none, and why; Deny still sends', async () => {
    const sent = show({ ...bash, noReason: "HAPI's hub takes no deny reason" });
    expect(screen.queryByRole('textbox', { name: /Reason/ })).toBeNull();
    expectShown(screen.getByText("HAPI's hub takes no deny reason"));
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(sent).toEqual([{ value: { kind: 'approval', decision: 'deny' } }]);
  });

  it('zh-CN: the broker’s reasons (no edit, no always, no deny reason) read in Chinese', async () => {
    show(
      {
        ...bash,
        edit: undefined,
        scopes: [],
        noEdit: "HAPI's hub takes no edited call",
        noAlways: "HAPI's own 'allow for this session' stays in HAPI's app",
        noReason: "HAPI's hub takes no deny reason",
      },
      'zh',
    );
    for (const text of [
      /HAPI 的 hub 不接受编辑后的调用/,
      /本会话内允许/,
      /HAPI 的 hub 不接受拒绝理由/,
    ])
      expectShown(await screen.findByText(text));
    expect(screen.queryByText(/takes no|stays in/)).toBeNull();
  });

  it('Codex: no edit button, and the reason', () => {
    show({ ...bash, edit: undefined, noEdit: 'Codex takes no edited input from a hook' });
    expect(screen.queryByRole('button', { name: 'Edit, then allow…' })).toBeNull();
    expectShown(screen.getByText('No editing here: Codex takes no edited input from a hook.'));
  });
});
