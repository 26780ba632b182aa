// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  paintEarly,
  removeWhenAppRenders,
  servedEarlyList,
} from '../../../renderer/src/client/early-paint';

/** A page as the broker serves it: its early list (if any) right before the app's root. */
function servedPage(titles: string[]): HTMLElement {
  document.body.innerHTML =
    (titles.length
      ? `<div class="early-paint" aria-busy="true">${titles
          .map((t) => `<div class="early-row"><div class="early-title">${t}</div></div>`)
          .join('')}</div>`
      : '') + '<div id="root"></div>';
  return document.getElementById('root')!;
}

const shownTitles = () =>
  [...document.querySelectorAll('.early-paint .early-title')].map((e) => e.textContent);

/** Lets the MutationObserver callbacks run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the early list', () => {
  it('paints the snapshot in the order, when the page came without a list', () => {
    const root = servedPage([]);
    const pending = [
      { id: '1', key: 'old', prompt: '**Deploy?**', createdAt: 1 },
      { id: '2', key: 'due', createdAt: 2, expiresAt: 99 },
    ];
    paintEarly({ pending }, root, 'urgent');
    expect(shownTitles()).toEqual(['due', 'old']);
    expect(document.querySelector('.early-prompt')?.textContent).toBe('Deploy?');
    expect(servedEarlyList(root)).toBeDefined();
  });

  it('replaces the list the broker served with the fresher snapshot, and only one shows', () => {
    const root = servedPage(['answered meanwhile', 'still here']);
    paintEarly({ pending: [{ id: '2', key: 'still here', createdAt: 2 }] }, root);
    expect(shownTitles()).toEqual(['still here']);
    expect(document.querySelectorAll('.early-paint')).toHaveLength(1);
  });

  it('takes the served list away when the snapshot has nothing pending', () => {
    const root = servedPage(['answered meanwhile']);
    paintEarly({ pending: [] }, root);
    expect(document.querySelectorAll('.early-paint')).toHaveLength(0);
  });

  it('leaves the served list alone for a snapshot it cannot read', () => {
    const root = servedPage(['kept']);
    paintEarly({ pending: 'nope' }, root);
    expect(shownTitles()).toEqual(['kept']);
  });

  it('goes as soon as the app renders into the root', async () => {
    const root = servedPage(['served']);
    removeWhenAppRenders(servedEarlyList(root)!, root);
    await settle();
    expect(shownTitles()).toEqual(['served']);
    root.appendChild(document.createElement('main'));
    await settle();
    expect(document.querySelectorAll('.early-paint')).toHaveLength(0);
  });
});
