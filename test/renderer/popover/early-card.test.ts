// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { DesktopSettings } from '@contract/desktop-settings';
import type { HitlBridge } from '@contract/ipc/bridge';
import type { HitlRequest } from '@contract/request';
import { showEarlyCard } from '../../../renderer/src/popover/early-card';
import { pendingRequest } from '../client/fixtures';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A bridge that notes the answers and hides; only what the early card calls. */
function fakeBridge() {
  const answers: unknown[] = [];
  let hides = 0;
  const bridge = {
    answer: (payload: unknown) => {
      answers.push(payload);
      return Promise.resolve({ ok: true, value: {} });
    },
    hidePopover: () => {
      hides++;
      return Promise.resolve({ ok: true, value: undefined });
    },
  } as unknown as HitlBridge;
  return { bridge, answers, hides: () => hides };
}

async function paint(request: HitlRequest | undefined, language: DesktopSettings['language']) {
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root')!;
  const fake = fakeBridge();
  await showEarlyCard(fake.bridge, root, {
    first: Promise.resolve({ ok: true, value: { requests: request ? [request] : [] } }),
    settings: Promise.resolve({
      ok: true,
      value: { theme: 'dark', language } as DesktopSettings,
    }),
  });
  return { root, ...fake };
}

const press = (key: string) =>
  (document.activeElement ?? document.body).dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
  );

const confirm = pendingRequest('c1', {
  title: 'Deploy to production?',
  prompt: 'All checks passed. Deploy **v2.3.1** now?',
  input: { kind: 'confirm', confirmLabel: 'Deploy', cancelLabel: 'Hold' },
});

describe('the popover’s early card (before the app has loaded)', () => {
  it('shows the first request whole, focuses its confirm button, and Y answers it', async () => {
    const { answers } = await paint(confirm, 'en');
    const card = document.querySelector('.early-card .popover-card')!;
    expect(card.querySelector('h1')?.textContent).toBe('Deploy to production?');
    expect(card.textContent).toContain('All checks passed. Deploy **v2.3.1** now?');
    expect(document.activeElement?.textContent).toBe('Deploy');
    expect(document.documentElement.dataset.theme).toBe('dark');
    press('y');
    expect(answers).toEqual([{ id: 'c1', input: { value: { kind: 'confirm', confirmed: true } } }]);
    // One answer: a second key while it is on its way sends nothing more.
    press('y');
    expect(answers).toHaveLength(1);
  });

  it('N declines; a button click answers as its key does', async () => {
    const { answers } = await paint(confirm, 'en');
    press('n');
    expect(answers).toEqual([
      { id: 'c1', input: { value: { kind: 'confirm', confirmed: false } } },
    ]);
    const second = await paint(confirm, 'en');
    (document.querySelector('.early-card button.decline') as HTMLButtonElement).click();
    expect(second.answers).toEqual(answers);
  });

  it('a digit picks a single choice; Esc hides the popover', async () => {
    const choice = pendingRequest('ch', {
      input: {
        kind: 'choice',
        multiple: false,
        options: [
          { value: 'a', label: 'Alpha' },
          { value: 'b', label: 'Beta' },
        ],
      },
    });
    const { answers, hides } = await paint(choice, 'en');
    press('Escape');
    expect(hides()).toBe(1);
    press('2');
    expect(answers).toEqual([{ id: 'ch', input: { value: { kind: 'choice', selected: ['b'] } } }]);
  });

  it('answers nothing where the app would not: a text question, a risky confirm', async () => {
    const text = pendingRequest('t1', { input: { kind: 'text' }, source: 'clarity-http' });
    const risky = pendingRequest('r1', {
      title: 'Delete the database?',
      input: { kind: 'confirm' },
    });
    for (const request of [text, risky]) {
      const { answers } = await paint(request, 'zh-CN');
      expect(document.querySelectorAll('.early-card button')).toHaveLength(0);
      expect(document.querySelector('.early-card')?.textContent).toContain('正在加载…');
      press('y');
      press('a');
      expect(answers).toEqual([]);
    }
  });

  it('paints nothing when nothing is pending; goes as soon as the app renders', async () => {
    await paint(undefined, 'en');
    expect(document.querySelector('.early-card')).toBeNull();
    const { root } = await paint(confirm, 'en');
    expect(document.querySelector('.early-card')).not.toBeNull();
    root.appendChild(document.createElement('div'));
    await new Promise((r) => setTimeout(r, 0));
    expect(document.querySelector('.early-card')).toBeNull();
  });
});
