import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeProofKey } from '../../../main/service/broker-proof';
import { hookEvent, schemaErrors } from '../../support/hook-fixtures';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const web = useBrowser();

/**
 * `clarity-hitl hook <agent>` from the built bin, as the agent runs it, with `event` on stdin; its
 * state dir holds the broker's proof key (derived from its operator secret), which it checks.
 */
function startHook(harness: BrokerHarness, agent: string, event: unknown) {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'hitl-e2e-hook-'));
  writeProofKey(stateDir, harness.operatorSecret);
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/clarity-hitl.js'), 'hook', agent], {
    env: {
      ...process.env,
      CLARITY_HITL_BROKER_URL: harness.url,
      CLARITY_HITL_STATE_DIR: stateDir,
    },
  });
  child.on('close', () => rmSync(stateDir, { recursive: true, force: true }));
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.end(JSON.stringify(event));
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { exit, stdout: () => stdout, stderr: () => stderr };
}

describe('coding-agent hooks in the web inbox', () => {
  it('hook started → the request appears → the operator clicks Allow once → the hook prints the decision', async () => {
    const { harness, page } = await web.openInbox({ open: true });
    const hook = startHook(harness, 'claude-code', hookEvent('claude-bash'));
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Bash: npm test -- --run' }) });
    await card.waitFor();
    await card.locator('pre code').first().waitFor();
    expect((await card.locator('pre code').first().textContent())?.trim()).toBe(
      'npm test -- --run',
    );
    // The safe default: the form's submit (Enter, Ctrl/⌘+Enter) is Deny, never an approval.
    expect(await card.locator('form.approval button[type="submit"]').textContent()).toBe('Deny');
    await screenshot(page, 'hook-approval-bash-light');
    await card.getByRole('button', { name: 'Allow once' }).click();
    expect(await hook.exit).toBe(0);
    const printed = JSON.parse(hook.stdout());
    expect(printed).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    expect(schemaErrors('codex-permission-request.command.output.schema.json', printed)).toEqual(
      [],
    );
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
  });

  it('an edit shows as a coloured diff (light and dark); Deny with a reason reaches the agent', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const harness = await web.startBroker();
      const page = await web.newPage({ colorScheme });
      await page.goto(harness.url);
      const hook = startHook(harness, 'claude-code', hookEvent('claude-multiedit'));
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'MultiEdit: src/cart/total.ts' }) });
      await card.locator('.diff-add').first().waitFor();
      expect(await card.locator('.diff-del').allTextContents()).toEqual([
        '-let sum = 0;',
        '-return sum;',
      ]);
      await screenshot(page, `hook-approval-diff-${colorScheme}`);
      await card
        .getByLabel('Reason (sent to the agent when you deny)')
        .fill('Keep totals in cents');
      await card.getByLabel('Reason (sent to the agent when you deny)').press('Control+Enter');
      expect(await hook.exit).toBe(0);
      expect(JSON.parse(hook.stdout()).hookSpecificOutput.decision).toEqual({
        behavior: 'deny',
        message: 'Keep totals in cents',
      });
    }
  });

  it('Always allow adds a rule, the next matching call is decided without asking, the Rules tab lists it and revokes it', async () => {
    const { harness, page } = await web.openInbox({ open: true });
    await page.getByRole('button', { name: 'Rules' }).click();
    await page.getByText('No rules yet').waitFor();
    await screenshot(page, 'hook-rules-empty');
    await page.getByRole('button', { name: /^Inbox/ }).click();

    const first = startHook(harness, 'claude-code', hookEvent('claude-bash'));
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Bash: npm test -- --run' }) });
    await card.getByRole('button', { name: 'Always allow…' }).click();
    await card.getByLabel(/^Commands starting with npm test/).check();
    await screenshot(page, 'hook-approval-always');
    await card.getByRole('button', { name: 'Allow and remember' }).click();
    expect(await first.exit).toBe(0);
    expect(JSON.parse(first.stdout()).hookSpecificOutput.decision.behavior).toBe('allow');

    const second = startHook(
      harness,
      'claude-code',
      hookEvent('claude-bash', { session_id: 'a-second-session' }),
    );
    expect(await second.exit).toBe(0);
    expect(JSON.parse(second.stdout()).hookSpecificOutput.decision.behavior).toBe('allow');
    expect(harness.broker.pending()).toEqual([]);
    expect(harness.broker.resolved().at(-1)).toMatchObject({ resolvedBy: 'auto' });

    for (let i = 0; i < 2; i += 1)
      harness.server.context.rules.add({
        agent: i ? 'codex' : 'claude-code',
        tool: i ? 'Bash' : 'Edit',
        project: i
          ? '/home/dev/a-project-with-a-rather-long-name/packages/checkout-service'
          : '/home/dev/shop-api',
        ...(i ? { commandPrefix: 'cargo build' } : { pathGlob: 'src/cart/**' }),
      });
    await page.getByRole('button', { name: 'Rules' }).click();
    const list = page.getByRole('list', { name: 'Always-allow rules' });
    await until(async () => (await list.getByRole('listitem').count()) === 3, 'three rules');
    expect(await list.getByRole('listitem').first().textContent()).toContain('npm test …');
    expect(await list.getByRole('listitem').first().textContent()).toContain('used 1×');
    await screenshot(page, 'hook-rules-list-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'hook-rules-list-dark');
    const id = harness.server.context.rules.list()[0]!.id;
    await list.getByRole('button', { name: `Revoke ${id}` }).click();
    await until(async () => (await list.getByRole('listitem').count()) === 2, 'the rule gone');
    expect(harness.server.context.rules.list().map((r) => r.id)).not.toContain(id);
  });

  it('a Notification shows as an informational item and leaves when the session goes on; Stop shows Finished', async () => {
    const { harness, page } = await web.openInbox({ open: true });
    const note = startHook(harness, 'claude-code', hookEvent('claude-notification'));
    expect(await note.exit).toBe(0);
    expect(note.stdout()).toBe('');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Claude is waiting for your input' }) });
    await card.getByText('Nothing to answer here').waitFor();
    await screenshot(page, 'hook-notice');
    const stop = startHook(harness, 'claude-code', hookEvent('claude-stop'));
    expect(await stop.exit).toBe(0);
    // Stop ends the turn: the waiting item leaves, a "Finished" item of that session takes its place.
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Finished' }) })
      .getByText(/The agent finished its turn/)
      .waitFor();
    expect(await card.count()).toBe(0);
  });
});
