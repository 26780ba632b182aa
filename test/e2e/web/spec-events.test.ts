import { describe, expect, it } from 'vitest';
import { useBrowser } from './harness';

const web = useBrowser();

describe("Chromium's own EventSource, written against the Clarity spec (onmessage only)", () => {
  it('receives new_question for what is pending, then new_question and answered live', async () => {
    const harness = await web.startBroker();
    harness.broker.add({ source: 'clarity-http', key: 'waiting', prompt: 'Earlier?' });
    const page = await web.newPage();
    await page.goto(harness.url);
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seen: unknown[] }).seen = seen;
      const source = new EventSource('/events');
      source.onmessage = (event) => seen.push(JSON.parse(event.data as string));
    });
    const seen = () => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
    await page.waitForFunction(() => (window as unknown as { seen: unknown[] }).seen.length >= 1);
    const live = harness.broker.add({
      source: 'clarity-http',
      key: 'review-step-3',
      prompt: 'Ok?',
    });
    harness.broker.answer(live.id, { text: 'Looks good' });
    await page.waitForFunction(() => (window as unknown as { seen: unknown[] }).seen.length >= 3);
    expect(
      ((await seen()) as Array<{ type: string; key: string }>).map((m) => `${m.type}:${m.key}`),
    ).toEqual(['new_question:waiting', 'new_question:review-step-3', 'answered:review-step-3']);
    expect((await seen())[2]).toMatchObject({ response: 'Looks good' });
  });
});
