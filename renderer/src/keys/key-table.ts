import type { Language } from '../i18n/translate';
import type { KeyStringKey } from './key-strings';

/** One row of the keys: what the operator presses, what it does, and how the hint line says it. */
export interface KeyRow {
  /** The keys as shown (the overlay's `<kbd>`, the hint line). */
  label: string;
  /** `KeyboardEvent.key` values the inbox or the popover handles for it (Shift + X: `X`). */
  keys: readonly string[];
  /** The overlay's description (key-strings). */
  what: KeyStringKey;
  /** The hint line's word for it. */
  hint: Record<Language, string>;
  /** Handled by the popover only (the inbox's hint line leaves it out). */
  popoverOnly?: true;
  /** Kept on a narrow window's hint line (the others are left to `?`, and screen readers). */
  brief?: true;
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * Every key of the inbox, the main window and the popover, in one table: the `?` overlay
 * (KeyHelp) and the hint line under the card (KeyHint) are both made from it, and a test checks
 * that every key the inbox or popover handles is in it (test/renderer/keys/key-table.test.tsx).
 */
export const KEY_TABLE: readonly KeyRow[] = [
  {
    label: 'j / k · ↓ / ↑',
    keys: ['j', 'k', 'J', 'K', 'ArrowDown', 'ArrowUp'],
    what: 'keyMove',
    hint: { en: 'move', zh: '移动' },
  },
  {
    label: 'Enter',
    keys: ['Enter'],
    what: 'keyAnswer',
    hint: { en: 'answers', zh: '回答' },
    brief: true,
  },
  {
    label: 'Y / A',
    keys: ['y', 'Y', 'a'],
    what: 'keyYes',
    hint: { en: 'approves', zh: '批准' },
    brief: true,
  },
  {
    label: 'N',
    keys: ['n', 'N'],
    what: 'keyNo',
    hint: { en: 'declines', zh: '拒绝' },
    brief: true,
  },
  { label: '1–9', keys: DIGITS, what: 'keyPick', hint: { en: 'picks', zh: '选择' } },
  { label: 'x', keys: ['x'], what: 'keyTick', hint: { en: 'selects', zh: '选中' } },
  {
    label: 'Shift + X',
    keys: ['X'],
    what: 'keyTickAll',
    hint: { en: 'selects all', zh: '全选' },
  },
  {
    label: 'Shift + D',
    keys: ['D'],
    what: 'keyBulk',
    hint: { en: 'denies selected', zh: '拒绝选中' },
  },
  {
    label: 'Shift + A',
    keys: ['A'],
    what: 'keyBulkApprove',
    hint: { en: 'approves selected', zh: '批准选中' },
  },
  { label: '/', keys: ['/'], what: 'keySearch', hint: { en: 'searches', zh: '搜索' } },
  { label: 'U', keys: ['u'], what: 'keyUndo', hint: { en: 'undoes', zh: '撤销' } },
  { label: 'S', keys: ['s'], what: 'keySnooze', hint: { en: 'snoozes', zh: '暂缓' } },
  { label: 'E', keys: ['e'], what: 'keyDone', hint: { en: 'marks done', zh: '标记完成' } },
  { label: 'Ctrl/⌘ + Enter', keys: [], what: 'keySend', hint: { en: 'sends', zh: '发送' } },
  { label: 'Esc', keys: ['Escape'], what: 'keyBack', hint: { en: 'goes back', zh: '返回' } },
  {
    label: 'O',
    keys: ['o', 'O'],
    what: 'keyOpen',
    hint: { en: 'opens in window', zh: '在窗口打开' },
    popoverOnly: true,
  },
  {
    label: '?',
    keys: ['?'],
    what: 'keyHelp',
    hint: { en: 'all keys', zh: '全部按键' },
    brief: true,
  },
];

/** A row's keys as the hint line shows them: `j/k`, `Shift+X`. */
export function hintLabel(row: KeyRow): string {
  return row.label.replace(/ · .*/, '').replace(/ /g, '');
}

/** The inbox's hint line: every key of KEY_TABLE the inbox handles, with its word. */
export function keyHints(language: Language): { text: string; brief: boolean }[] {
  return KEY_TABLE.filter((row) => !row.popoverOnly).map((row) => ({
    text: `${hintLabel(row)} ${row.hint[language]}`,
    brief: row.brief === true,
  }));
}
