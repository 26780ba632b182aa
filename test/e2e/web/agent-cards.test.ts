import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DecisionEvent } from '../../../main/adapters/coding-agents/hook-event';
import {
  approvalRequest,
  sessionDoneRequest,
} from '../../../main/adapters/coding-agents/hook-request';
import { transcriptContext } from '../../../main/adapters/coding-agents/transcript-tail';
import { loginUrl } from '../../../main/http/routes/login-routes';
import { hookEvent, type EventName } from '../../support/hook-fixtures';
import { horizontalOverflow, seriousAxeFindings } from './a11y';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();
const DB = 'Which database should the orders service use?';
const CHECKS = 'Which checks should run before each deploy?';

function ask(
  harness: BrokerHarness,
  name: EventName,
  patch: Record<string, unknown> = {},
  agent: 'claude-code' | 'codex' = 'claude-code',
) {
  const event = hookEvent(name, patch) as DecisionEvent;
  return harness.broker.add(approvalRequest(agent, event).request);
}

async function inbox(width: number) {
  const { harness, page } = await web.openInbox({
    viewport: { width, height: width > 500 ? 900 : 1400 },
    bypassCSP: true,
  });
  await page.goto(loginUrl(harness.url, harness.server.context));
  await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
  return { harness, page };
}

async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `${name}-${scheme}`);
    expect(await seriousAxeFindings(page), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const cardFor = (page: Page, title: string | RegExp): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

describe('coding-agent cards in the web inbox', () => {
  it.each([1280, 420])(
    'at %i px: AskUserQuestion is answered on its card (a radio, two checkboxes, Submit)',
    async (width) => {
      const { harness, page } = await inbox(width);
      const request = ask(harness, 'claude-ask-user-question');
      const card = cardFor(page, `${DB} (+1)`);
      await card.getByRole('group', { name: /Which database/ }).waitFor();
      await card.getByLabel(/^DynamoDB/).check();
      await card.getByLabel(/^Unit tests/).check();
      await card.getByLabel(/^Lint/).check();
      await shoot(page, `agent-ask-${width}`);
      expect(await horizontalOverflow(page)).toBe(0);
      await card.getByLabel(/^Postgres/).check();
      await card.getByRole('button', { name: 'Submit answers' }).click();
      await until(() => harness.broker.get(request.id)?.status === 'answered', 'the answer');
      expect(harness.broker.get(request.id)?.answer?.value).toEqual({
        kind: 'approval',
        decision: 'allow',
        answers: {
          [DB]: { selected: ['Postgres'] },
          [CHECKS]: { selected: ['Unit tests', 'Lint'] },
        },
      });
    },
  );

  it.each([1280, 420])(
    'at %i px: an Edit is a diff with line numbers and context',
    async (width) => {
      const { harness, page } = await inbox(width);
      const root = mkdtempSync(path.join(tmpdir(), 'shop-api-'));
      mkdirSync(path.join(root, 'src/cart'), { recursive: true });
      writeFileSync(
        path.join(root, 'src/cart/total.ts'),
        [
          "import type { Item } from './item';",
          '',
          '/** The total of the cart, in cents. */',
          'export function total(items: Item[]): number {',
          '  let sum = 0;',
          '  for (const item of items) sum += item.price * item.quantity;',
          '  return sum;',
          '}',
          '',
        ].join('\n'),
      );
      ask(harness, 'claude-edit', {
        cwd: root,
        tool_input: {
          file_path: path.join(root, 'src/cart/total.ts'),
          old_string:
            '  let sum = 0;\n  for (const item of items) sum += item.price * item.quantity;',
          new_string:
            '  let cents = 0;\n  for (const item of items) cents += Math.round(item.price * 100) * item.quantity;',
        },
      });
      const card = cardFor(page, 'Edit: src/cart/total.ts');
      await card.locator('.diff-line').first().waitFor();
      expect(await card.locator('.diff-del').count()).toBe(2);
      expect(await card.locator('.diff-add').count()).toBe(2);
      expect(await card.locator('.diff-hunk-head').textContent()).toBe('@@ line 5');
      await shoot(page, `agent-diff-edit-${width}`);
      expect(await horizontalOverflow(page)).toBe(0);
    },
  );

  it.each([1280, 420])(
    'at %i px: a Codex apply_patch is a diff per file; no edit, and why',
    async (width) => {
      const { harness, page } = await inbox(width);
      const patch = [
        '*** Begin Patch',
        '*** Update File: src/cart/total.ts',
        '@@ export function total(items: Item[]): number {',
        '-  let sum = 0;',
        '+  let cents = 0;',
        '   for (const item of items) sum += item.price * item.quantity;',
        '*** Add File: src/cart/README.md',
        '+# Cart',
        '+Totals are in cents.',
        '*** End Patch',
      ].join('\n');
      ask(
        harness,
        'codex-bash',
        { tool_name: 'apply_patch', tool_input: { input: patch } },
        'codex',
      );
      const card = cardFor(page, /^apply_patch/);
      await card.locator('.diff-file').first().waitFor();
      expect(await card.locator('.diff-file').count()).toBe(2);
      await expect
        .poll(() => card.getByText(/No editing here: Codex takes no edited input/).count())
        .toBe(1);
      await shoot(page, `agent-diff-patch-${width}`);
      expect(await horizontalOverflow(page)).toBe(0);
    },
  );

  it.each([1280, 420])(
    'at %i px: a long Bash command is whole and wraps; Edit, then allow sends the edited command',
    async (width) => {
      const { harness, page } = await inbox(width);
      const command = `docker run --rm -v "$PWD":/src -w /src ${Array.from({ length: 12 }, (_, i) => `--env FEATURE_FLAG_${i}=enabled`).join(' ')} node:22 sh -c 'npm ci && npm test -- --run --reporter=verbose src/cart/total.test.ts'`;
      const request = ask(harness, 'claude-bash', {
        tool_input: { command, description: 'Run the cart tests in a container' },
      });
      const card = cardFor(page, /^Bash: docker run/);
      const block = card.locator('pre.call-command');
      await block.waitFor();
      expect(await block.textContent()).toBe(command);
      expect(await block.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      await card.getByRole('button', { name: 'Edit, then allow…' }).click();
      const box = card.getByLabel('Edit command, then allow once');
      await box.waitFor(); // its code loads when first opened
      await shoot(page, `agent-bash-${width}`);
      expect(await horizontalOverflow(page)).toBe(0);
      await box.fill('npm test -- --run src/cart/total.test.ts');
      await card.getByRole('button', { name: 'Allow edited' }).click();
      await until(() => harness.broker.get(request.id)?.status === 'answered', 'the answer');
      expect(harness.broker.get(request.id)?.answer?.value).toEqual({
        kind: 'approval',
        decision: 'allow',
        edited: { command: 'npm test -- --run src/cart/total.test.ts' },
      });
    },
  );

  it.each([1280, 420])(
    'at %i px: network, request_permissions, WebFetch and MCP cards',
    async (width) => {
      const { harness, page } = await inbox(width);
      ask(
        harness,
        'codex-bash',
        { tool_input: { description: 'network-access registry.npmjs.org' } },
        'codex',
      );
      ask(
        harness,
        'codex-bash',
        {
          tool_name: 'request_permissions',
          tool_input: {
            permissions: { network: { enabled: true }, writable_roots: ['/home/dev/.cargo'] },
            reason: 'fetch crates',
          },
        },
        'codex',
      );
      ask(harness, 'claude-bash', {
        tool_name: 'WebFetch',
        tool_input: {
          url: 'https://docs.stripe.com/api/charges/create?lang=node',
          prompt: 'Which fields are required?',
        },
      });
      ask(harness, 'claude-mcp');
      const shots: Array<[RegExp, string]> = [
        [/network access to registry\.npmjs\.org/, 'network'],
        [/^request_permissions/, 'permissions'],
        [/^WebFetch/, 'webfetch'],
        [/^github · create_issue/, 'mcp'],
      ];
      for (const [title, name] of shots) {
        await page
          .getByRole('option', { name: title })
          .first()
          .click()
          .catch(() => undefined);
        const card = cardFor(page, title);
        await card.locator('.call-view').waitFor();
        await shoot(page, `agent-${name}-${width}`);
        expect(await horizontalOverflow(page)).toBe(0);
      }
    },
    180_000,
  );

  it.each([1280, 420])(
    "at %i px: the session's recent turns as context (plain text, no links); a finished session with its last message",
    async (width) => {
      const { harness, page } = await inbox(width);
      const event = hookEvent('claude-bash') as DecisionEvent;
      const { request } = approvalRequest('claude-code', event);
      request.context = transcriptContext(
        [
          { role: 'user', text: 'Make the cart total use cents, then run the tests.' },
          { role: 'assistant', text: "I'll change total() and run the suite.\n[Edit]" },
          {
            role: 'assistant',
            text: 'Edited. See [the docs](https://evil.example/x). Running npm test.',
          },
        ],
        'Claude Code',
      );
      harness.broker.add(request);
      const card = cardFor(page, /^Bash: npm test/);
      await card.getByText('Make the cart total use cents, then run the tests.').waitFor();
      expect(await card.locator('aside a').count()).toBe(0);
      await shoot(page, `agent-context-${width}`);
      expect(await horizontalOverflow(page)).toBe(0);
      const done = harness.broker.add(
        sessionDoneRequest(
          'claude-code',
          hookEvent('claude-stop', {
            session_id: 'aaaabbbb-1',
            last_assistant_message:
              'All 42 tests pass. The cart total is now in cents (src/cart/total.ts), and the README says so.',
          }) as DecisionEvent,
          Date.now() + 60_000,
        ),
      );
      await page
        .getByText(/^Finished: All 42 tests pass/)
        .first()
        .click();
      await cardFor(page, /^Finished: All 42 tests pass/)
        .getByText(/The agent finished its turn\. Nothing to answer/)
        .waitFor();
      await shoot(page, `agent-finished-${width}`);
      expect(harness.broker.get(done.id)?.status).toBe('pending');
    },
  );
});
