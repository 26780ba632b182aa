import { useI18n } from '../i18n/I18nProvider';
import { keyText } from '../keys/key-strings';
import type { PopoverKeyAction } from './popover-keys';
import { popoverText } from './popover-strings';

/** The popover's top bar: the request's place among the pending ones, ↑ ↓, open in window, ?. */
export function PopoverBar({
  index,
  count,
  canMove,
  act,
}: {
  index: number;
  count: number;
  /** Whether ↑ ↓ may move (more than one pending, no held card on screen). */
  canMove: boolean;
  act: (action: PopoverKeyAction) => void;
}) {
  const { language } = useI18n();
  return (
    <header className="popover-bar">
      <span className="popover-count">
        {count ? popoverText(language, 'position', { i: index + 1, n: count }) : '—'}
      </span>
      <button
        type="button"
        className="link"
        aria-label={popoverText(language, 'previous')}
        disabled={!canMove}
        onClick={() => act({ type: 'move', delta: -1 })}
      >
        ↑
      </button>
      <button
        type="button"
        className="link"
        aria-label={popoverText(language, 'next')}
        disabled={!canMove}
        onClick={() => act({ type: 'move', delta: 1 })}
      >
        ↓
      </button>
      <button
        type="button"
        className="link popover-open"
        onClick={() => act({ type: 'open-window' })}
      >
        {popoverText(language, 'openWindow')}
      </button>
      <button
        type="button"
        className="link"
        aria-label={keyText(language, 'helpOpen')}
        title={keyText(language, 'helpOpen')}
        onClick={() => act({ type: 'help' })}
      >
        ?
      </button>
    </header>
  );
}
