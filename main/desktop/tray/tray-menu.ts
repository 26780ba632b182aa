import type { HitlRequest } from '@contract/request';
import type { DesktopStrings } from '../desktop-strings';
import type { MenuItemSpec } from '../electron-api';

/** How many pending requests the tray menu lists (oldest first). */
export const TRAY_MENU_REQUESTS = 5;

export interface TrayMenuActions {
  openInbox: () => void;
  /** Opens the web inbox in the system browser, logged in by a fresh one-time link. */
  openInBrowser?: () => void;
  openRequest: (id: string) => void;
  setDoNotDisturb: (on: boolean) => void;
  setStartAtLogin: (on: boolean) => void;
  /** Restart into the downloaded update. */
  installUpdate?: () => void;
  quit: () => void;
}

export interface TrayMenuState {
  pending: HitlRequest[];
  doNotDisturb: boolean;
  startAtLogin: boolean;
  /** A downloaded update waiting for a restart. */
  updateReady?: string;
}

/** One line for a request in the menu: who asks and the start of the question. */
export function requestMenuLabel(request: HitlRequest): string {
  const who = request.agent?.name ?? request.agent?.id ?? request.key;
  const firstLine = (request.title ?? request.prompt).split('\n').find((l) => l.trim()) ?? '';
  const text = firstLine.trim();
  const short = text.length > 48 ? `${text.slice(0, 47)}…` : text;
  return short ? `${who}: ${short}` : who;
}

/** The tray's context menu. Always complete, because Linux trays often ignore plain clicks. */
export function buildTrayMenu(
  state: TrayMenuState,
  strings: DesktopStrings,
  actions: TrayMenuActions,
): MenuItemSpec[] {
  const items: MenuItemSpec[] = [
    { id: 'open-inbox', label: strings.openInbox, click: actions.openInbox },
  ];
  if (actions.openInBrowser)
    items.push({ id: 'open-browser', label: strings.openInBrowser, click: actions.openInBrowser });
  if (state.updateReady && actions.installUpdate)
    items.push({
      id: 'install-update',
      label: strings.updateReady(state.updateReady),
      click: actions.installUpdate,
    });
  items.push({ type: 'separator' });
  if (state.pending.length === 0)
    items.push({ id: 'none', label: strings.noPending, enabled: false });
  for (const request of state.pending.slice(0, TRAY_MENU_REQUESTS)) {
    items.push({
      id: `request:${request.id}`,
      label: requestMenuLabel(request),
      click: () => actions.openRequest(request.id),
    });
  }
  const rest = state.pending.length - TRAY_MENU_REQUESTS;
  if (rest > 0) items.push({ id: 'more', label: strings.more(rest), click: actions.openInbox });
  items.push({ type: 'separator' });
  items.push({
    id: 'dnd',
    label: strings.doNotDisturb,
    type: 'checkbox',
    checked: state.doNotDisturb,
    click: () => actions.setDoNotDisturb(!state.doNotDisturb),
  });
  items.push({
    id: 'start-at-login',
    label: strings.startAtLogin,
    type: 'checkbox',
    checked: state.startAtLogin,
    click: () => actions.setStartAtLogin(!state.startAtLogin),
  });
  items.push({ type: 'separator' });
  items.push({ id: 'quit', label: strings.quit, click: actions.quit });
  return items;
}
