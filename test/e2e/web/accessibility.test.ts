/// <reference lib="dom" />
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HitlRequest, NewRequest } from '@contract/request';
import { startDesktopViews } from '../electron/desktop-views-harness';
import { horizontalOverflow, seriousAxeFindings, type AxeFinding } from './a11y';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();

/** One request of every input kind (and a dangerous confirm, and a long question with a table). */
function everyKind(fileRoot: string): (NewRequest & { title: string })[] {
  const rows = Array.from(
    { length: 30 },
    (_, i) => `| svc-${i} | ${i * 3}% | eu-west-${i % 3} | ok |`,
  );
  return [
    {
      source: 'cueme',
      key: 'msg',
      title: 'Commit message?',
      agent: {
        id: 'a1',
        name: 'Claude (shop-api)',
        runtime: 'claude-code',
        projectDir: '/src/shop-api',
      },
      prompt: 'I staged **3 files**. Which commit message should I use?',
      input: { kind: 'text' },
    },
    {
      source: 'tool-server-lite',
      key: 'deploy',
      title: 'Deploy to production?',
      prompt: 'All checks passed on `main`. Deploy **v2.3.1** now?',
      input: { kind: 'confirm', confirmLabel: 'Deploy', cancelLabel: 'Hold' },
    },
    {
      source: 'clarity-http',
      key: 'drop-db',
      title: 'Drop the staging database?',
      prompt: 'The migration failed half way. Drop `staging` and start again?',
      input: { kind: 'confirm', danger: true, confirmLabel: 'Drop it', cancelLabel: 'Keep it' },
    },
    {
      source: 'questfoundry',
      key: 'world',
      title: 'Which worldbuilding?',
      context: 'The Showrunner plans the next TU.',
      prompt: 'Which did you mean?',
      input: {
        kind: 'choice',
        multiple: false,
        recommended: 'B',
        options: [
          { value: 'A', label: 'World Genesis', description: 'Larger scope: new regions.' },
          { value: 'B', label: 'Lore Deepening', description: 'Stays within canon.' },
        ],
      },
    },
    {
      source: 'mcp',
      key: 'release',
      title: 'Release details',
      prompt: 'Fill in the release.',
      input: {
        kind: 'form',
        fields: [
          { label: 'Version', kind: 'text', multiple: false },
          { label: 'Channel', kind: 'text', options: ['stable', 'beta'], multiple: false },
        ],
      },
    },
    {
      source: 'mcp',
      key: 'pick-file',
      title: 'Which data file?',
      prompt: 'Pick the CSV to import.',
      input: { kind: 'file', pattern: '**/*.csv', root: fileRoot },
    },
    {
      source: 'claude-code',
      key: 'bash-1',
      title: 'Run a shell command?',
      agent: { id: 'cc1', name: 'Claude Code', runtime: 'claude-code' },
      prompt: 'Claude wants to run `npm publish --tag next`.',
      input: {
        kind: 'approval',
        tool: 'Bash',
        command: 'npm publish --tag next',
        rule: { commandPrefix: 'npm publish' },
      },
    },
    {
      source: 'cueme',
      key: 'fyi',
      title: 'Waiting in the terminal',
      prompt: 'The agent is waiting for you in its terminal.',
      input: { kind: 'notice' },
    },
    {
      source: 'clarity-http',
      key: 'long',
      title: 'Rebalance these services?',
      prompt: `Load per service:\n\n| service | load | region | state |\n|---|---|---|---|\n${rows.join('\n')}\n\n${'This paragraph explains the plan in detail. '.repeat(40)}\n\n\`\`\`\nkubectl scale deployment/${'very-long-deployment-name-'.repeat(6)} --replicas=12\n\`\`\``,
      input: { kind: 'confirm' },
    },
  ];
}

function expectClean(findings: AxeFinding[], where: string) {
  expect(findings, `${where}: ${JSON.stringify(findings, null, 1)}`).toEqual([]);
}

async function seedInbox(harness: BrokerHarness, fileRoot: string): Promise<HitlRequest[]> {
  const now = Date.now();
  return everyKind(fileRoot).map((r, i) =>
    harness.broker.add({ ...r, createdAt: now - (i + 1) * 60_000 }),
  );
}

/** Selects the request's row and waits for its card. */
async function showCard(page: Page, request: HitlRequest): Promise<void> {
  await page.locator(`#row-${request.id}`).click();
  await page.locator(`article.card[data-request-id="${request.id}"]`).waitFor();
}

async function fileRoot(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-a11y-files-'));
  await mkdir(path.join(root, 'data'));
  await writeFile(path.join(root, 'data/a.csv'), 'a');
  await writeFile(path.join(root, 'data/b.csv'), 'b');
  return root;
}

const views = ['History', 'Runs', 'Rules'] as const;

describe('axe in Chromium on every view: 0 critical, 0 serious', () => {
  it('the web inbox: each input kind’s card, history, runs, rules and the key help, light and dark', async () => {
    const root = await fileRoot();
    web.onCleanup(() => rm(root, { recursive: true, force: true }));
    const harness = await web.startBroker();
    const page = await web.newPage({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
    const requests = await seedInbox(harness, root);
    // Something in history and a run, so those views show rows.
    const answered = harness.broker.add({ source: 'cueme', key: 'old', prompt: 'Old one?' });
    harness.broker.answer(answered.id, { text: 'yes' }, 'ui');
    const runs = harness.server.context.runs;
    const run = runs.start({
      command: ['python', 'agent.py'],
      agent: 'writing_agent',
      task: 'Draft',
    });
    runs.append(run.id, [{ kind: 'text', text: 'Collecting sources… found 10 papers.' }]);
    await page.goto(harness.url);
    await page.getByRole('listbox', { name: 'Pending requests' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const request of requests) {
        await showCard(page, request);
        expectClean(await seriousAxeFindings(page), `${scheme} card ${request.key}`);
      }
      for (const view of views) {
        await page.getByRole('button', { name: new RegExp(`^${view}`) }).click();
        await page.waitForTimeout(300);
        expectClean(await seriousAxeFindings(page), `${scheme} ${view}`);
      }
      await page.getByRole('button', { name: /^Inbox/ }).click();
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      expectClean(await seriousAxeFindings(page), `${scheme} key help`);
      await page.keyboard.press('Escape');
    }
  });

  it('the empty inbox, in English and 简体中文', async () => {
    const harness = await web.startBroker();
    for (const locale of ['en-US', 'zh-CN']) {
      const page = await web.newPage({ bypassCSP: true, locale });
      await page.goto(harness.url);
      await page.locator('.empty-state').waitFor();
      expectClean(await seriousAxeFindings(page), `empty inbox ${locale}`);
    }
  });

  it('the desktop popover (each kind, the key help) and the settings view', async () => {
    const root = await fileRoot();
    web.onCleanup(() => rm(root, { recursive: true, force: true }));
    const page = await web.newPage({ bypassCSP: true, viewport: { width: 420, height: 360 } });
    const h = await startDesktopViews(page, web.rendererDir);
    web.onCleanup(async () => {
      await page.context().close();
      await h.close();
    });
    const now = Date.now();
    const count = everyKind(root).length;
    everyKind(root).forEach((r, i) => h.broker.add({ ...r, createdAt: now - (count - i) * 1000 }));
    await page.goto(`${h.url}#popover`);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (let i = 0; i < count; i++) {
        await until(() => page.locator('#popover-title').isVisible(), 'a popover card');
        const title = await page.locator('#popover-title').textContent();
        expectClean(await seriousAxeFindings(page), `${scheme} popover ${title}`);
        await screenshot(page, `popover-${scheme}-${i}`);
        expect(await horizontalOverflow(page), `popover ${title}`).toBeLessThanOrEqual(0);
        await page.getByRole('button', { name: 'Next request' }).click();
      }
      // Not on the text request, whose quick field takes letters: ? on a card without a field.
      if ((await page.locator('#popover-title').textContent()) === 'Commit message?') {
        await page.getByRole('button', { name: 'Next request' }).click();
        await until(
          async () => (await page.locator('#popover-title').textContent()) !== 'Commit message?',
          'the next card',
        );
      }
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      expectClean(await seriousAxeFindings(page), `${scheme} popover key help`);
      await page.keyboard.press('Escape');
    }
    await page.setViewportSize({ width: 800, height: 640 });
    await page.goto('about:blank');
    await page.goto(`${h.url}#settings`);
    await until(() => page.getByLabel('HTTP port').isVisible(), 'the settings form');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expectClean(await seriousAxeFindings(page), `${scheme} settings`);
    }
  });
});

describe('works on every size: 420 / 800 / 1280 px, light and dark, no horizontal scroll', () => {
  it('inbox (a long question with a table), history, runs, rules and the key help', async () => {
    const root = await fileRoot();
    web.onCleanup(() => rm(root, { recursive: true, force: true }));
    const harness = await web.startBroker();
    const page = await web.newPage({ bypassCSP: true });
    const requests = await seedInbox(harness, root);
    const long = requests.find((r) => r.key === 'long')!;
    const danger = requests.find((r) => r.key === 'drop-db')!;
    const approval = requests.find((r) => r.key === 'bash-1')!;
    await page.goto(harness.url);
    await page.getByRole('listbox', { name: 'Pending requests' }).waitFor();
    for (const width of [420, 800, 1280]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme: scheme });
        for (const request of [long, danger, approval]) {
          await showCard(page, request);
          await screenshot(page, `size-${width}-${scheme}-${request.key}`);
          expect(
            await horizontalOverflow(page),
            `${width} ${scheme} ${request.key}`,
          ).toBeLessThanOrEqual(0);
        }
        for (const view of views) {
          await page.getByRole('button', { name: new RegExp(`^${view}`) }).click();
          await page.waitForTimeout(200);
          await screenshot(page, `size-${width}-${scheme}-${view.toLowerCase()}`);
          expect(await horizontalOverflow(page), `${width} ${scheme} ${view}`).toBeLessThanOrEqual(
            0,
          );
        }
        await page.getByRole('button', { name: /^Inbox/ }).click();
        await page.keyboard.press('?');
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        await screenshot(page, `size-${width}-${scheme}-help`);
        expect(await horizontalOverflow(page), `${width} ${scheme} help`).toBeLessThanOrEqual(0);
        await page.keyboard.press('Escape');
      }
    }
  });

  it('简体中文 at 420 px and the popover size: the cards, the views and the help fit, axe clean', async () => {
    const root = await fileRoot();
    web.onCleanup(() => rm(root, { recursive: true, force: true }));
    const harness = await web.startBroker();
    const page = await web.newPage({ bypassCSP: true, locale: 'zh-CN' });
    const requests = await seedInbox(harness, root);
    await page.goto(harness.url);
    await page.getByRole('listbox', { name: '待处理请求' }).waitFor();
    for (const [width, height] of [
      [420, 800],
      [420, 360],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        for (const request of requests) {
          await showCard(page, request);
          expect(
            await horizontalOverflow(page),
            `zh ${width}x${height} ${request.key}`,
          ).toBeLessThanOrEqual(0);
        }
        await screenshot(page, `size-zh-${width}x${height}-${scheme}-card`);
        expectClean(await seriousAxeFindings(page), `zh ${width}x${height} ${scheme}`);
        await page.keyboard.press('?');
        await page.getByRole('dialog', { name: '键盘快捷键' }).waitFor();
        await screenshot(page, `size-zh-${width}x${height}-${scheme}-help`);
        expect(await horizontalOverflow(page), `zh ${width} help`).toBeLessThanOrEqual(0);
        await page.keyboard.press('Escape');
      }
    }
  });
});
