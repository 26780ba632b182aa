import type { IpcEnvelope } from '@contract/ipc/channels';
import { POPOVER_DATA_ID, type PopoverPageData } from '@contract/popover-page';

const isEnvelope = (value: unknown): value is IpcEnvelope<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { ok?: unknown }).ok === 'boolean';

/**
 * The data the desktop app wrote into the popover's page (main/desktop/popover/popover-page.ts),
 * or undefined: no such block (a browser, the dev server), or one that does not parse. Checked by
 * hand, not with zod: this runs in the page's inline script, before anything else has loaded.
 */
export function readPopoverData(): PopoverPageData | undefined {
  const text = document.getElementById(POPOVER_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<PopoverPageData> | null;
    if (!data || typeof data.first !== 'object' || data.first === null) return undefined;
    const first = Object.fromEntries(Object.entries(data.first).filter(([, v]) => isEnvelope(v)));
    return { first, settings: isEnvelope(data.settings) ? data.settings : undefined };
  } catch {
    return undefined;
  }
}
