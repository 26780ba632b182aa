import type { HitlBridge } from '@contract/ipc/bridge';
import { APP_ENTRY_REL } from '@contract/popover-page';
import { savedView } from '../state/saved-view';
import { showEarlyCard } from './early-card';
import { markEarlyCard } from './early-card-state';
import { readPopoverData } from './popover-data';

/** The longest the app waits for the first card (its request asked for over IPC). */
const EARLY_CARD_WAIT_MS = 600;

/**
 * The popover page's inline script (built into popover.html with its CSP hash by
 * scripts/vite/inline-early-card.ts; the dev server's page has none): paints
 * the first request as the early card as the page is parsed. Its request and the settings come
 * written into the page by the desktop app (popover-data.ts), so the card paints and takes focus
 * with no fetch and no IPC round trip; without them it asks over IPC. Then marks the card done
 * (early-card-state.ts) and loads the page's module entry, which starts the app.
 */
function runEarlyCard(): void {
  const hitl = (globalThis as { hitl?: HitlBridge }).hitl;
  const root = document.getElementById('root');
  if (!hitl || !root) {
    markEarlyCard('done');
    return loadApp();
  }
  markEarlyCard('pending');
  const order = savedView().order;
  const data = readPopoverData();
  const first = data?.first[order];
  const done = () => {
    markEarlyCard('done');
    loadApp();
  };
  showEarlyCard(hitl, root, {
    first: first ? Promise.resolve(first) : hitl.listPending({ limit: 1, order }),
    settings: data?.settings ? Promise.resolve(data.settings) : hitl.getSettings(),
  }).then(done, done);
  // An IPC reply that never comes holds the app no longer than this (the entry then starts it).
  setTimeout(loadApp, EARLY_CARD_WAIT_MS);
}

let appLoading = false;
/**
 * Loads the page's module entry (popover-main.ts, which starts the app), named by the build in a
 * `<link rel="hitl-app-entry">`, once; the dev server's page loads it as a module script itself.
 */
function loadApp(): void {
  const href = document.querySelector<HTMLLinkElement>(`link[rel="${APP_ENTRY_REL}"]`)?.href;
  if (appLoading || !href) return;
  appLoading = true;
  void import(/* @vite-ignore */ href);
}

runEarlyCard();
