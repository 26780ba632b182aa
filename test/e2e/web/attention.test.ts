import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();

/**
 * Wraps window.Notification before the app loads: records every notification constructed and
 * every permission prompt, and keeps them so a test can "click" one.
 */
/**
 * Plays the browser's part for notifications: some Chromium builds (the headless shell an npm
 * package ships, used on a machine without a system browser) deny notifications whatever the page
 * was granted. Permission starts "default"; a requestPermission is the operator clicking Allow
 * (counted in `__prompts`, remembered for the origin as a browser does); every notification the
 * page shows is recorded in `__notes`.
 */
const RECORD_NOTIFICATIONS = () => {
  const w = window as unknown as {
    __notes: { title: string; body?: string; tag?: string; note: Notification }[];
    __prompts: number;
  };
  const granted = '__test_notification_permission';
  w.__notes = [];
  w.__prompts = 0;
  class Recorded extends EventTarget {
    onclick: ((event: Event) => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      super();
      w.__notes.push({
        title,
        body: options?.body,
        tag: options?.tag,
        note: this as unknown as Notification,
      });
    }
    close(): void {}
    static requestPermission(): Promise<NotificationPermission> {
      w.__prompts++;
      localStorage.setItem(granted, 'granted');
      return Promise.resolve('granted');
    }
    static get permission(): NotificationPermission {
      return localStorage.getItem(granted) === 'granted' ? 'granted' : 'default';
    }
  }
  window.Notification = Recorded as unknown as typeof Notification;
};

const notes = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __notes: { title: string; body?: string }[] }).__notes.map(
      ({ title, body }) => ({ title, body }),
    ),
  );

async function postQuestion(
  harness: BrokerHarness,
  key: string,
  question: string,
  extra: object = {},
) {
  const res = await fetch(new URL('/questions', harness.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, question, ...extra }),
  });
  expect(res.status).toBe(200);
}

/** The count drawn on the favicon (the SVG data URL's badge text), or '' without a badge. */
const faviconCount = (page: Page) =>
  page.evaluate(() => {
    const href = document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? '';
    const svg = decodeURIComponent(href.replace(/^data:image\/svg\+xml,/, ''));
    return /<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1] ?? '';
  });

describe('attention while the inbox is in the background', () => {
  it('serves /favicon.ico and /favicon.svg as images', async () => {
    const harness = await web.startBroker();
    for (const [file, type] of [
      ['favicon.ico', /^image\//],
      ['favicon.svg', /^image\/svg\+xml/],
    ] as const) {
      const res = await fetch(new URL(file, harness.url));
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(type);
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
    const ico = Buffer.from(await (await fetch(new URL('favicon.ico', harness.url))).arrayBuffer());
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // the ICO header
  });

  it('the favicon and the title carry the pending count', async () => {
    const { harness, page } = await web.openInbox({ open: true });
    expect(await faviconCount(page)).toBe('');
    expect(await page.title()).toBe('HITL Broker');
    await postQuestion(harness, 'one', 'First?');
    await postQuestion(harness, 'two', 'Second?');
    await until(async () => (await faviconCount(page)) === '2', 'the favicon to read 2');
    expect(await page.title()).toBe('(2) HITL Broker');
    await fetch(new URL('/answer', harness.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'one', response: 'ok' }),
    });
    await until(async () => (await faviconCount(page)) === '1', 'the favicon to read 1');
    expect(await page.title()).toBe('(1) HITL Broker');
  });

  it('never asks for notification permission on load; "Notify me" turns on notifications for new requests, and clicking one opens that request', async () => {
    const harness = await web.startBroker();
    const page = await web.newPage();
    await page.context().grantPermissions(['notifications'], { origin: harness.url });
    await page.addInitScript(RECORD_NOTIFICATIONS);
    await page.goto(harness.url);
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
    await postQuestion(harness, 'before', 'Asked before Notify me');
    await page.getByRole('option', { name: /before/ }).waitFor();
    expect(await notes(page)).toEqual([]); // off until the operator asks
    expect(await page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(
      0,
    );

    const notify = page.getByRole('button', { name: 'Notify me' });
    expect(await notify.getAttribute('aria-pressed')).toBe('false');
    await notify.click();
    await until(async () => (await notify.getAttribute('aria-pressed')) === 'true', 'Notify me on');

    // The operator is looking at the inbox: the list shows the new request, no notification.
    await postQuestion(harness, 'seen', 'Asked while the tab is in front');
    await page.getByRole('option', { name: /seen/ }).waitFor();
    expect(await notes(page)).toEqual([]);
    // The tab goes to the background (another tab in front): notifications from now on.
    await page.evaluate(() =>
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      }),
    );
    await postQuestion(harness, 'deploy-prod', 'Deploy **v2** to production?\n\nDetails below.', {
      pid: 4242,
    });
    await until(async () => (await notes(page)).length === 1, 'a notification');
    const [note] = await notes(page);
    expect(note!.body).toBe('Deploy v2 to production?');
    expect(note!.title).toBe('pid 4242'); // the agent: here named by the runtime's pid
    // The "before" card is open; the notification's click opens the new request.
    expect(await page.getByRole('article').getByRole('heading', { name: 'before' }).count()).toBe(
      1,
    );
    await page.evaluate(() => {
      const n = (window as unknown as { __notes: { note: Notification }[] }).__notes[0]!.note;
      n.onclick?.(new Event('click'));
    });
    await page.getByRole('article').getByRole('heading', { name: 'deploy-prod' }).waitFor();

    // Remembered across a reload, still without a prompt.
    await page.reload();
    await page.getByRole('option', { name: /deploy-prod/ }).waitFor();
    expect(await notify.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(
      0,
    );
    await screenshot(page, 'attention-notify-on');

    // Off again: no more notifications.
    await notify.click();
    await postQuestion(harness, 'quiet', 'No notification for me');
    await page.getByRole('option', { name: /quiet/ }).waitFor();
    expect(await notes(page)).toEqual([]);
  });

  it('the sound is off by default; on, a new request plays it; the toggle is remembered', async () => {
    const harness = await web.startBroker();
    const page = await web.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __chimes: number; AudioContext: typeof AudioContext };
      w.__chimes = 0;
      const Real = w.AudioContext;
      w.AudioContext = class extends Real {
        constructor() {
          super();
          w.__chimes++;
        }
      };
    });
    const chimes = () => page.evaluate(() => (window as unknown as { __chimes: number }).__chimes);
    await page.goto(harness.url);
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
    const sound = page.getByRole('checkbox', { name: 'Sound' });
    expect(await sound.isChecked()).toBe(false);
    await postQuestion(harness, 'silent', 'No sound for me');
    await page.getByRole('option', { name: /silent/ }).waitFor();
    expect(await chimes()).toBe(0);

    await sound.check();
    await postQuestion(harness, 'loud', 'A sound for me');
    await page.getByRole('option', { name: /loud/ }).waitFor();
    await until(async () => (await chimes()) === 1, 'the chime');

    await page.reload();
    await page.getByRole('option', { name: /loud/ }).waitFor();
    expect(await sound.isChecked()).toBe(true);
    expect(await chimes()).toBe(0); // nothing new on load: no sound
  });
});
