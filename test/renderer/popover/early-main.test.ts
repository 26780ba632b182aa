// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HitlBridge } from '@contract/ipc/bridge';
import { POPOVER_DATA_ID, type PopoverPageData } from '@contract/popover-page';
import type { HitlRequest } from '@contract/request';
import { readPopoverData } from '../../../renderer/src/popover/popover-data';
import { TRIAGE_STORAGE_KEY } from '../../../renderer/src/state/saved-view';
import { pendingRequest } from '../client/fixtures';

const ok = <T>(value: T) => ({ ok: true as const, value });
const confirm = (id: string, title: string) =>
  pendingRequest(id, { title, input: { kind: 'confirm' } });

/** A bridge that notes what the early card asks of it (only what it calls). */
function fakeBridge(first: HitlRequest | undefined) {
  const asked: string[] = [];
  const answers: unknown[] = [];
  const bridge = {
    listPending: (payload: unknown) => {
      asked.push(`listPending ${JSON.stringify(payload)}`);
      return Promise.resolve(ok({ requests: first ? [first] : [] }));
    },
    getSettings: () => {
      asked.push('getSettings');
      return Promise.resolve(ok({ theme: 'light', language: 'en' }));
    },
    answer: (payload: unknown) => {
      answers.push(payload);
      return Promise.resolve(ok({}));
    },
    hidePopover: () => Promise.resolve(ok(null)),
  } as unknown as HitlBridge;
  return { bridge, asked, answers };
}

/** The page as served: the data block the desktop app writes in (if any), then the root. */
function page(data?: PopoverPageData | string) {
  const json = typeof data === 'string' ? data : JSON.stringify(data);
  document.body.innerHTML =
    (data === undefined
      ? ''
      : `<script type="application/json" id="${POPOVER_DATA_ID}">${json}</script>`) +
    '<div id="root"></div>';
}

/** Runs the page's inline script (early-main.ts) as the page would, once. */
async function runInlineScript(bridge?: HitlBridge) {
  (globalThis as { hitl?: HitlBridge }).hitl = bridge;
  vi.resetModules();
  await import('../../../renderer/src/popover/early-main');
}

/** Waits until the script has marked its card done (early-card-state.ts). */
const cardDone = () =>
  vi.waitFor(() => expect(document.documentElement.dataset.earlyCard).toBe('done'));

const press = (key: string) =>
  (document.activeElement ?? document.body).dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
  );

beforeEach(() => {
  delete document.documentElement.dataset.earlyCard;
  delete document.documentElement.dataset.theme;
  localStorage.clear();
});
afterEach(() => {
  delete (globalThis as { hitl?: HitlBridge }).hitl;
  document.body.innerHTML = '';
});

describe('the popover page’s inline script (early-main.ts)', () => {
  it('paints the request written into the page, in the saved order, with no IPC before it; Y answers it', async () => {
    localStorage.setItem(TRIAGE_STORAGE_KEY, JSON.stringify({ order: 'newest' }));
    page({
      first: {
        urgent: ok({ requests: [confirm('u', 'Urgent one')] }),
        newest: ok({ requests: [confirm('n', 'Newest one')] }),
      },
      settings: ok({ theme: 'dark', language: 'zh-CN' }),
    } as unknown as PopoverPageData);
    const fake = fakeBridge(confirm('ipc', 'From IPC'));
    await runInlineScript(fake.bridge);
    // Painted and focused as the script ran (its data needs only a microtask).
    await cardDone();
    expect(document.querySelector('.early-card h1')?.textContent).toBe('Newest one');
    expect(document.activeElement?.textContent).toBe('确认');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(fake.asked).toEqual([]);
    press('y');
    expect(fake.answers).toEqual([
      { id: 'n', input: { value: { kind: 'confirm', confirmed: true } } },
    ]);
  });

  it('asks over IPC when the page came without data (or its order is missing from it)', async () => {
    for (const data of [undefined, { first: {} } as PopoverPageData]) {
      page(data);
      delete document.documentElement.dataset.earlyCard;
      const fake = fakeBridge(confirm('ipc', 'From IPC'));
      await runInlineScript(fake.bridge);
      await cardDone();
      expect(fake.asked).toContain('listPending {"limit":1,"order":"urgent"}');
      expect(document.querySelector('.early-card h1')?.textContent).toBe('From IPC');
      document.querySelector('.early-card')?.remove();
    }
  });

  it('outside the desktop app (no bridge) paints nothing and is done at once', async () => {
    page();
    await runInlineScript(undefined);
    expect(document.documentElement.dataset.earlyCard).toBe('done');
    expect(document.querySelector('.early-card')).toBeNull();
  });

  it('loads the app’s entry the page names once the card is up, and once only', async () => {
    const g = globalThis as { appLoads?: number };
    g.appLoads = 0;
    const entry = 'data:text/javascript,globalThis.appLoads%2B%2B';
    page({ first: { urgent: ok({ requests: [confirm('u', 'Urgent one')] }) } } as never);
    document.body.insertAdjacentHTML('afterbegin', `<link rel="hitl-app-entry" href="${entry}">`);
    await runInlineScript(fakeBridge(undefined).bridge);
    await vi.waitFor(() => expect(g.appLoads).toBe(1));
    expect(document.querySelector('.early-card h1')?.textContent).toBe('Urgent one');
    // The fallback timer (600 ms) finds it loaded already.
    await new Promise((r) => setTimeout(r, 700));
    expect(g.appLoads).toBe(1);
  });
});

describe('reading the page’s data (readPopoverData)', () => {
  it('is undefined without a block, or with one that does not parse or has no first requests', () => {
    page();
    expect(readPopoverData()).toBeUndefined();
    for (const bad of ['{not json', 'null', '{"settings":{"ok":true,"value":{}}}', '[]']) {
      page(bad);
      expect(readPopoverData(), bad).toBeUndefined();
    }
  });

  it('keeps only what is shaped as an IPC envelope', () => {
    page(
      JSON.stringify({
        first: { urgent: { ok: true, value: { requests: [] } }, oldest: 'x', newest: null },
        settings: 42,
      }),
    );
    expect(readPopoverData()).toEqual({
      first: { urgent: { ok: true, value: { requests: [] } } },
      settings: undefined,
    });
  });
});
