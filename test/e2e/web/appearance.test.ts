import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();
let harness: BrokerHarness | undefined;

async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  let page: Page;
  ({ harness, page } = await web.openInbox(options));
  return page;
}

function seed(h: BrokerHarness): void {
  const agent = {
    id: 'agent-7',
    name: 'claude-code',
    runtime: 'claude-code',
    projectDir: '~/src/shop',
  };
  h.broker.add({
    source: 'clarity-file',
    key: 'review-step-3',
    prompt: 'Does this summary look correct?\n\n| table | rows |\n|---|---|\n| orders | 1.2M |',
    createdAt: Date.now() - 600_000,
  });
  h.broker.add({
    source: 'cueme',
    key: 'deploy-prod',
    agent,
    prompt: 'Deploy **v1.2.0** to production?',
    input: { kind: 'confirm', confirmLabel: 'Deploy', cancelLabel: 'Hold' },
    expiresAt: Date.now() + 600_000, // the soonest deadline: its card opens first
  });
}

/** Browser-side code as strings: this project's node tsconfig has no DOM types. */
const background = (p: Page) =>
  p.evaluate<string>('getComputedStyle(document.body).backgroundColor');

describe('appearance', () => {
  it('follows a dark system theme, and the switch pins light or dark', async () => {
    const p = await openPage({ colorScheme: 'dark' });
    seed(harness!);
    await p.goto(harness!.url);
    await p.getByRole('heading', { name: 'deploy-prod' }).waitFor();
    expect(await background(p)).toBe('rgb(15, 19, 24)');
    await screenshot(p, 'dark-mode');
    await p.getByLabel('Theme', { exact: true }).selectOption('light');
    expect(await background(p)).toBe('rgb(246, 247, 249)');
    await p.reload();
    await p.getByRole('heading', { name: 'deploy-prod' }).waitFor();
    expect(await background(p)).toBe('rgb(246, 247, 249)'); // the choice is remembered
  });

  it('speaks Simplified Chinese when the system does, and switches language', async () => {
    const p = await openPage({ locale: 'zh-CN' });
    seed(harness!);
    await p.goto(harness!.url);
    await p.getByRole('button', { name: /收件箱/ }).waitFor();
    await p.getByRole('button', { name: '取消请求' }).waitFor();
    expect(await p.evaluate<string>('document.documentElement.lang')).toBe('zh-CN');
    await p.getByRole('article').locator('strong').first().waitFor(); // the code-split markdown has rendered
    await screenshot(p, 'chinese');
    await p.getByLabel('语言', { exact: true }).selectOption('en');
    await p.getByRole('button', { name: 'Cancel request' }).waitFor();
  });

  it('renders a long question readably (wide table and long code scroll inside the card)', async () => {
    const p = await openPage();
    const rows = Array.from(
      { length: 30 },
      (_, i) => `| ${i} | ${'very-long-cell-'.repeat(6)}${i} | ok |`,
    ).join('\n');
    const prompt = `# Migration plan\n\n${'This paragraph explains the change in detail. '.repeat(20)}\n\n| # | step | status |\n|---|---|---|\n${rows}\n\n\`\`\`sh\n${'echo "a long command line that does not wrap" && '.repeat(8)}true\n\`\`\`\n\n1. first\n2. second\n   - nested`;
    harness!.broker.add({ source: 'mcp', key: 'long-question', prompt });
    await p.goto(harness!.url);
    await p.getByRole('heading', { name: 'long-question' }).waitFor();
    const overflow = await p.evaluate<boolean>(
      'document.documentElement.scrollWidth > document.documentElement.clientWidth',
    );
    expect(overflow).toBe(false);
    await screenshot(p, 'long-question');
  });

  it('a very long agent name, project dir and unbroken key stay on one header row and inside the list', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const p = await openPage({ colorScheme });
      const agent = {
        id: 'agent-long',
        name: `an-agent-with-a-very-long-name-${'that-keeps-going-'.repeat(8)}end`,
        runtime: 'claude-code',
        projectDir: `/home/operator/src/${'deeply/nested/'.repeat(12)}project`,
      };
      const key = `unbroken-key-${'x'.repeat(160)}`;
      harness!.broker.add({
        source: 'cueme',
        key,
        agent,
        prompt: 'Does a long name break the list?',
      });
      harness!.broker.add({
        source: 'cueme',
        key: 'second-request',
        agent: { ...agent, id: 'agent-2', name: 'short' },
        prompt: 'Still readable?',
        createdAt: Date.now() - 60_000,
      });
      await p.goto(harness!.url);
      await p.getByRole('heading', { name: 'second-request' }).waitFor(); // the older one first
      await p.getByLabel('Group by agent').check();
      const list = p.getByRole('listbox', { name: 'Pending requests' });
      const header = list.locator('.group-header').first();
      const otherHeader = list.locator('.group-header').nth(1);
      const [headerBox, otherBox] = [await header.boundingBox(), await otherHeader.boundingBox()];
      // The header text stays inside its own fixed-height row.
      expect(await header.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
      expect(
        await header.locator('.group-label').evaluate((el) => el.getBoundingClientRect().height),
      ).toBeLessThanOrEqual(headerBox!.height);
      expect(headerBox!.height).toBe(otherBox!.height);
      expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(
        await p.evaluate<boolean>(
          'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
        ),
      ).toBe(true);
      await screenshot(p, `long-agent-name-${colorScheme}`);
      await p.context().close();
      await harness!.close();
    }
  });

  it('10,000 pending requests render through the virtualised list', async () => {
    const p = await openPage();
    const now = Date.now();
    for (let i = 0; i < 10_000; i++) {
      harness!.broker.add({
        source: i % 3 ? 'clarity-http' : 'mcp',
        key: `bulk-${i}`,
        prompt: `Question ${i}: proceed?`,
        createdAt: now - i * 1000,
      });
    }
    const started = Date.now();
    await p.goto(harness!.url);
    // Oldest first (no deadlines); the first page is the top 200 in that order, the rest follows.
    await p.getByRole('heading', { name: 'bulk-9999' }).waitFor();
    console.log(`10,000 pending: oldest card visible ${Date.now() - started} ms after navigation`);
    expect(await p.title()).toBe('(10000) HITL Broker');
    const rendered = await p.locator('.request-row').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    for (let i = 0; i < 5; i++) await p.keyboard.press('j');
    await p.getByRole('heading', { name: 'bulk-9994' }).waitFor();
    await p.getByLabel('Group by agent').check();
    // bulk-9994's group (clarity-http, 6,666 of them) is scrolled into view.
    await p.locator('.group-header .count').getByText('6666', { exact: true }).waitFor();
    expect(await p.title()).toBe('(10000) HITL Broker');
    await screenshot(p, 'ten-thousand');
  });

  it('the dev preview (?preview) shows fake requests of every kind and never touches the broker', async () => {
    const p = await openPage();
    await p.goto(`${harness!.url}?preview`);
    await p.getByRole('heading', { name: 'pick-data' }).waitFor();
    expect(await p.evaluate<string>('document.documentElement.dataset.preview')).toBe('true');
    expect(
      await p.getByRole('listbox', { name: 'Pending requests' }).getByRole('option').count(),
    ).toBe(5);
    await p.getByRole('option', { name: /deploy-prod/ }).click();
    await p
      .getByRole('complementary', { name: 'Agent context' })
      .locator('[data-tool-status="running"]')
      .waitFor();
    await screenshot(p, 'preview');
    await p.getByRole('button', { name: 'Deploy' }).click();
    await p.getByRole('status').getByText('Answer sent for “deploy-prod”.').waitFor();
    expect(harness!.broker.pendingCount + harness!.broker.resolved().length).toBe(0);
  });

  it('shows a connection-lost banner when the broker goes away', async () => {
    const p = await openPage();
    await p.goto(harness!.url);
    await p.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
    await harness!.server.close();
    await p.getByRole('alert').getByText('Connection to the broker lost').waitFor();
    await until(async () => (await p.getByRole('alert').count()) === 1, 'one banner');
    await screenshot(p, 'connection-lost');
  });
});
