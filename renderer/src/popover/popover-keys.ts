import type { InputKind } from '@contract/request';

/** What a key press does in the popover. */
export type PopoverKeyAction =
  | { type: 'hide' }
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'approve' }
  | { type: 'decline' }
  | { type: 'pick'; index: number; value?: string }
  | { type: 'open-window' }
  | { type: 'help' };

export interface PopoverKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export interface PopoverKeyContext {
  /** The current request's input kind (undefined when nothing is pending). */
  kind: InputKind | undefined;
  /** Focus is in a single-line text field (letters type, arrows still move). */
  inTextField: boolean;
  /** Focus is in a multi-line field or a select (arrows stay there). */
  inMultiline: boolean;
  /** Lower-cased one-letter option values of a choice request (e.g. a, b, c). */
  optionKeys?: string[];
}

/**
 * The answer keys of the popover and of the web inbox and main window (one map for both). Esc hides; ↑/↓ move between pending requests (j/k too outside a
 * field); outside a field one key answers: y/a approve, n declines a confirm, 1–9 (or an option's own letter) pick a choice,
 * o opens the request in the main window, ? shows the keys. Enter in the quick answer field is handled by its form.
 */
export function popoverKeyAction(
  event: PopoverKey,
  context: PopoverKeyContext,
): PopoverKeyAction | undefined {
  if (event.key === 'Escape') return { type: 'hide' };
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  if (!context.inMultiline && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
    return { type: 'move', delta: event.key === 'ArrowDown' ? 1 : -1 };
  }
  if (context.inTextField || context.inMultiline) return undefined;
  if (event.key === '?') return { type: 'help' };
  if (context.kind === undefined) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'j') return { type: 'move', delta: 1 };
  if (key === 'k') return { type: 'move', delta: -1 };
  if (key === 'o') return { type: 'open-window' };
  if (key === '?') return { type: 'help' };
  const kind = context.kind;
  if (
    (key === 'y' || key === 'a') &&
    (kind === 'confirm' || kind === 'text' || kind === 'approval')
  )
    return { type: 'approve' };
  if (key === 'n' && (kind === 'confirm' || kind === 'approval')) return { type: 'decline' };
  if (context.kind === 'choice' && /^[1-9]$/.test(key))
    return { type: 'pick', index: Number(key) - 1 };
  // A choice's own one-letter keys (QuestFoundry's A/B/C) pick too.
  if (context.kind === 'choice' && /^[a-z]$/.test(key) && context.optionKeys?.includes(key))
    return { type: 'pick', index: -1, value: key };
  return undefined;
}

/** The index after moving `delta` through `count` items, wrapping around. */
export function wrapIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}
