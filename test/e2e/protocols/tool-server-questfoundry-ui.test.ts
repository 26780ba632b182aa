import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screenshot, useBrowser, type BrokerHarness } from '../web/harness';

const web = useBrowser();
let harness: BrokerHarness;
let page: Page;
const held = new Set<AbortController>();

beforeEach(async () => {
  ({ harness, page } = await web.openInbox({ viewport: { width: 1280, height: 820 }, open: true }));
});
afterEach(async () => {
  for (const a of held) a.abort();
  held.clear();
});

/** POSTs JSON the way an agent does; the call stays open until the operator answers. */
function post(
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const abort = new AbortController();
  held.add(abort);
  return fetch(new URL(path, harness.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: abort.signal,
  }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  }));
}

describe('other protocols answered from the web inbox', () => {
  it('Tool Server Lite: a held execute with ui confirm returns 人类任务已完成: confirmed', async () => {
    const call = post('/api/tool/execute', {
      task_id: '/path',
      tool_name: 'human_in_loop',
      params: {
        hil_id: 'HIL-001',
        instruction: '已找到10篇论文，是否继续？',
        ui: { type: 'confirm' },
      },
    });
    await page.getByRole('heading', { name: 'HIL-001' }).waitFor();
    await screenshot(page, 'tool-server-lite-confirm');
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect(await call).toEqual({
      status: 200,
      body: {
        success: true,
        data: { status: 'success', output: '人类任务已完成: confirmed', error: '' },
      },
    });
  });

  it('QuestFoundry: options with implication and recommendation; the reply is a human.response', async () => {
    const call = post('/api/questfoundry/questions', {
      protocol: 'questfoundry/1.0.0',
      id: 'msg-20251112-093000-sr123',
      time: '2025-11-12T09:30:00Z',
      sender: 'SR',
      receiver: 'human',
      intent: 'human.question',
      context: { tu_id: 'TU-20251112-SR01' },
      payload: {
        type: 'question',
        data: {
          question_text: "I see you want to work on 'worldbuilding.' Which did you mean?",
          options: [
            {
              key: 'A',
              label: 'Proactively build a new part of the world (World Genesis)',
              implication: 'Larger scope',
            },
            {
              key: 'B',
              label: 'Fleshen out an existing idea (Lore Deepening)',
              implication: 'Stays within canon',
            },
          ],
          recommendation: 'B',
          context_summary: 'The Showrunner is planning the next TU.',
        },
      },
    });
    await page.getByRole('radio', { name: /Lore Deepening/ }).waitFor();
    expect(await page.locator('.choice.recommended').textContent()).toContain('Lore Deepening');
    await screenshot(page, 'questfoundry-question');
    await page.getByRole('radio', { name: /World Genesis/ }).check();
    await page.getByLabel('Other (free text)').fill('start with the coast');
    await page.getByRole('button', { name: 'Send' }).click();
    const { status, body } = await call;
    expect(status).toBe(200);
    expect(body).toMatchObject({
      intent: 'human.response',
      sender: { role: 'SR' },
      receiver: { role: 'SR' },
      reply_to: 'msg-20251112-093000-sr123',
      context: {
        reply_to: 'msg-20251112-093000-sr123',
        correlation_id: 'msg-20251112-093000-sr123',
        tu_id: 'TU-20251112-SR01',
      },
      payload: {
        type: 'none',
        data: { answer: 'start with the coast', choice: 'A', free_text: 'start with the coast' },
      },
    });
  });
});
