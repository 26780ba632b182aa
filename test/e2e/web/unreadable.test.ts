import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser } from './harness';

const web = useBrowser();

describe('"could not read" items in the web inbox', () => {
  it('a bad .question file shows file, field and reason; fixing it brings the question', async () => {
    const { harness, page } = await web.openInbox({ open: true });
    const file = join(harness.dir, 'deploy_prod.question');
    await writeFile(
      file,
      JSON.stringify({ key: 'deploy/prod', question: 'Ship it?', timestamp: 'last tuesday' }),
    );
    const region = page.getByRole('region', { name: /Could not read/ });
    await region.waitFor();
    const text = await region.innerText();
    expect(text).toContain(file);
    expect(text).toMatch(/Field:\s*timestamp/);
    expect(text).toContain('timestamp: must be a time');
    // Nobody is claimed to be waiting-free while an agent is blocked on an unreadable file.
    expect(await page.getByRole('heading', { name: 'No agent is waiting for you' }).count()).toBe(
      0,
    );

    await writeFile(
      file,
      JSON.stringify({
        key: 'deploy/prod',
        question: 'Ship it?',
        timestamp: new Date().toISOString(),
      }),
    );
    await page.getByRole('heading', { name: 'deploy/prod' }).waitFor();
    await until(async () => (await region.count()) === 0, 'the item to go by itself');
  });

  it('a bad HTTP request shows up, can be dismissed; screenshots light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { harness, page } = await web.openInbox({ open: true, colorScheme });
      harness.broker.add({
        source: 'clarity-http',
        key: 'naïve 日本語 🚀 ' + 'very long key '.repeat(12),
        prompt: 'A question that did arrive, beside the ones that did not.',
      });
      await writeFile(join(harness.dir, 'broken.question'), '{"key": "broken", "question": ');
      await writeFile(
        join(harness.dir, 'empty-key.question'),
        JSON.stringify({ key: '', question: 'q' }),
      );
      const reply = await fetch(new URL('questions', harness.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'ci/step\u001b[2J', question: 42 }),
      });
      expect(reply.status).toBe(400);
      expect(await reply.json()).toMatchObject({ field: 'question' });
      const region = page.getByRole('region', { name: /Could not read \(3\)/ });
      await region.waitFor({ timeout: 10_000 });
      const text = await region.innerText();
      expect(text).toContain('POST /questions ("ci/step\\u001b[2J")');
      expect(text).not.toContain('×');
      expect(text).toContain('invalid question: question:');
      await screenshot(page, `unreadable-${colorScheme}`);

      await page
        .getByRole('button', { name: /Dismiss the could-not-read item POST \/questions/ })
        .click();
      await page.getByRole('region', { name: /Could not read \(2\)/ }).waitFor();
      expect(harness.broker.unreadable.list()).toHaveLength(2);
      await rm(join(harness.dir, 'broken.question'));
      await page.getByRole('region', { name: /Could not read \(1\)/ }).waitFor();
    }
  });
});
