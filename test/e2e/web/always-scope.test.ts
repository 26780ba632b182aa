import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DecisionEvent } from '../../../main/adapters/coding-agents/hook-event';
import { approvalRequest } from '../../../main/adapters/coding-agents/hook-request';
import { loginUrl } from '../../../main/http/routes/login-routes';
import { hookEvent } from '../../support/hook-fixtures';
import { horizontalOverflow, seriousAxeFindings } from './a11y';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();

/** A project with real files, so the chooser's examples are files that exist. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-api-'));
  mkdirSync(path.join(root, 'src/cart'), { recursive: true });
  for (const file of [
    'src/cart/total.ts',
    'src/cart/tax.ts',
    'src/cart/discount.ts',
    'src/main.ts',
  ])
    writeFileSync(path.join(root, file), 'export {};\n');
  return root;
}

function ask(harness: BrokerHarness, patch: Record<string, unknown>) {
  const event = hookEvent('claude-bash', patch) as DecisionEvent;
  return harness.broker.add(approvalRequest('claude-code', event).request);
}

/** A broker and a page logged in to its inbox (the operator's one-time login link). */
async function inbox(width: number) {
  const { harness, page } = await web.openInbox({
    viewport: { width, height: width > 500 ? 900 : 1400 },
    // axe is injected as a script tag, which the inbox's CSP would refuse.
    bypassCSP: true,
  });
  await page.goto(loginUrl(harness.url, harness.server.context));
  await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
  return { harness, page };
}

/** Light and dark screenshots, each axe-clean (no serious or critical finding). */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `${name}-${scheme}`);
    expect(await seriousAxeFindings(page), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the "always" scope chooser in the web inbox', () => {
  it.each([1280, 420])(
    'at %i px: the exact command is preselected; the operator picks the suggested prefix, with its examples in view',
    async (width) => {
      const { harness, page } = await inbox(width);
      const git = ask(harness, {
        tool_input: { command: 'git status -s', description: 'Show what changed' },
        permission_suggestions: [
          {
            type: 'addRules',
            rules: [{ toolName: 'Bash', ruleContent: 'git status:*' }],
            behavior: 'allow',
            destination: 'localSettings',
          },
        ],
      });
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Bash: git status -s' }) });
      await card.getByRole('button', { name: 'Always allow…' }).click();
      const group = card.getByRole('radiogroup', { name: 'What to allow from now on' });
      await group.waitFor(); // the rule's code loads when first opened
      expect(await group.getByRole('radio').count()).toBe(2);
      expect(await group.getByRole('radio').first().isChecked()).toBe(true);
      await card.getByText('Would not allow:').first().scrollIntoViewIfNeeded();
      await shoot(page, `always-scope-command-${width}`);
      expect(await horizontalOverflow(page)).toBe(0);
      await group.getByLabel(/^Commands starting with git status/).check();
      await card.getByRole('button', { name: 'Allow and remember' }).click();
      await until(() => harness.broker.get(git.id)?.status === 'answered', 'the answer');
      expect(harness.broker.get(git.id)?.answer?.value).toEqual({
        kind: 'approval',
        decision: 'always',
        rule: { commandPrefix: 'git status' },
      });
    },
  );

  it.each([1280, 420])(
    'at %i px: an edit offers the file, its folder and subtrees with real files; rm only itself',
    async (width) => {
      const { harness, page } = await inbox(width);
      const root = project();
      ask(harness, {
        cwd: root,
        tool_name: 'Edit',
        tool_input: {
          file_path: path.join(root, 'src/cart/total.ts'),
          old_string: 'let sum = 0;',
          new_string: 'let cents = 0;',
        },
        permission_suggestions: [],
      });
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Edit: src/cart/total.ts' }) });
      await card.getByRole('button', { name: 'Always allow…' }).click();
      const group = card.getByRole('radiogroup');
      await group.waitFor();
      expect(await group.getByRole('radio').count()).toBe(4);
      await group.getByLabel(/^Any file under src\/cart\/\*\*$/).check();
      const examples = await card
        .locator('.scope-choice.picked .scope-examples li')
        .allTextContents();
      expect(examples.slice(0, 3)).toEqual([
        'src/cart/total.ts',
        'src/cart/discount.ts',
        'src/cart/tax.ts',
      ]);
      await group.scrollIntoViewIfNeeded();
      await shoot(page, `always-scope-edit-${width}`);
      expect(await horizontalOverflow(page)).toBe(0);

      const rm = ask(harness, {
        tool_input: { command: 'rm -rf build' },
        permission_suggestions: [],
      });
      await page.getByText('Bash: rm -rf build').first().click();
      const rmCard = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Bash: rm -rf build' }) });
      await rmCard.getByRole('button', { name: 'Always allow…' }).click();
      await rmCard.getByRole('radiogroup').waitFor();
      expect(await rmCard.getByRole('radio').count()).toBe(1);
      await rmCard.getByText(/Nothing wider is offered: rm destroys/).waitFor();
      await shoot(page, `always-scope-rm-${width}`);
      expect(harness.broker.get(rm.id)?.status).toBe('pending');
    },
  );
});
