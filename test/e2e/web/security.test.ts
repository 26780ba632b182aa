import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './harness';

const web = useBrowser();

const XSS = [
  'Payloads below must stay inert:',
  '<script>window.__xss = "script"; alert("script")</script>',
  '<img src="x" onerror="window.__xss = \'img\'; alert(\'img\')">',
  '[click me](javascript:window.__xss=%22link%22;alert(1))',
  '[data link](data:text/html,<script>alert(1)</script>)',
  '![pixel](javascript:alert(1))',
  '<a href="javascript:alert(1)">raw anchor</a>',
  '[safe link](https://example.com/docs)',
].join('\n\n');

describe('web UI security in Chromium', () => {
  it('agent markdown with XSS payloads never executes: no dialog, no global, no raw HTML', async () => {
    const harness = await web.startBroker();
    const page = await web.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(harness.url);
    harness.broker.add({
      source: 'clarity-http',
      key: 'xss',
      title: '<img src=x onerror=alert("title")>',
      prompt: XSS,
      context: '<script>alert("ctx")</script>',
    });
    const card = page.getByRole('article');
    await card.getByText('Payloads below must stay inert:').waitFor();
    // The markdown renderer is code-split: until it has loaded the card shows the text as is.
    await card.getByRole('link', { name: 'safe link' }).waitFor();
    await screenshot(page, 'xss-inert');

    expect(await card.locator('script, img, iframe, object, embed').count()).toBe(0);
    expect(await card.locator('[onerror], [onclick]').count()).toBe(0);
    // javascript:/data: links render as inert text, not anchors.
    const hrefs = await card
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['https://example.com/docs']);
    const safe = card.getByRole('link', { name: 'safe link' });
    expect(await safe.getAttribute('target')).toBe('_blank');
    expect(await safe.getAttribute('rel')).toBe('noopener noreferrer');
    await card.getByText('click me').click();
    await card
      .getByText('raw anchor', { exact: false })
      .first()
      .click()
      .catch(() => undefined);

    expect(await page.evaluate<string | undefined>('window.__xss')).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(page.url()).toBe(harness.url);
  });

  it('login: the inbox opens only from a one-time link (the agent token is not enough); then the UI lists and answers', async () => {
    const token = 'e2e-secret-token';
    const harness = await web.startBroker({ token });
    const page = await web.newPage({ loggedIn: false });
    const denied = await page.goto(harness.url);
    expect(denied?.status()).toBe(401);
    await page.getByRole('heading', { name: 'Log in to HITL Broker' }).waitFor();
    await screenshot(page, 'login-page');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'login-page-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The agents' token swaps for a cookie as before, but it does not open the operator's inbox.
    const withToken = await page.goto(`${harness.url}?token=${token}`);
    expect(page.url()).toBe(harness.url);
    expect(withToken?.status()).toBe(401);
    await page.getByRole('heading', { name: 'Log in to HITL Broker' }).waitFor();

    const link = harness.loginUrl();
    await page.goto(link);
    expect(page.url()).toBe(harness.url);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'clarity_hitl_operator');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(session!.value).not.toContain(harness.operatorSecret);
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
    // The empty state's examples follow GET /api/info (the operator's, real port) once it answers.
    await page
      .locator('.empty-state')
      .getByText(/Authorization: Bearer/)
      .first()
      .waitFor();
    expect(await page.locator('.empty-state').textContent()).toContain(harness.url.slice(0, -1));

    // The link worked once: another browser gets the "no longer works" page.
    const other = await web.newPage({ loggedIn: false });
    expect((await other.goto(link))?.status()).toBe(401);
    await other.getByRole('heading', { name: 'This login link no longer works' }).waitFor();

    const res = await fetch(new URL('/questions', harness.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ key: 'with-token', question: 'Token flow works?' }),
    });
    expect(res.status).toBe(200);
    await page.getByRole('heading', { name: 'with-token' }).waitFor();
    await page.getByLabel('Your answer').fill('yes');
    await page.getByRole('button', { name: 'Send' }).click();
    const request = harness.broker.findByKey('with-token');
    expect((await harness.broker.waitForResolution(request!.id)).answer?.text).toBe('yes');
  });
});
