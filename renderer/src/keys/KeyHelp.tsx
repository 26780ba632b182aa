import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { keyText, type KeyStringKey } from './key-strings';
import './keys.css';

const ROWS: readonly (readonly [string, KeyStringKey])[] = [
  ['j / k · ↓ / ↑', 'keyMove'],
  ['Enter', 'keyAnswer'],
  ['Y', 'keyYes'],
  ['N', 'keyNo'],
  ['1–9', 'keyPick'],
  ['x', 'keyTick'],
  ['Shift + X', 'keyTickAll'],
  ['/', 'keySearch'],
  ['Ctrl/⌘ + Enter', 'keySend'],
  ['Esc', 'keyBack'],
  ['?', 'keyHelp'],
  ['O', 'keyOpen'],
];

/**
 * The keyboard help overlay (opened with ?): a modal dialog listing the keys; Esc, the Close
 * button or ? again closes it (every other key is held inside it), and focus returns where it was.
 */
export function KeyHelp({ onClose }: { onClose: () => void }) {
  const { language } = useI18n();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // No key reaches the inbox or popover behind the overlay (Enter still presses Close).
      event.stopImmediatePropagation();
      // Close is the dialog's one control: Tab stays on it.
      if (event.key === 'Tab') {
        event.preventDefault();
        closeRef.current?.focus();
        return;
      }
      if (event.key !== 'Escape' && event.key !== '?') return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKey, { capture: true });
    return () => {
      document.removeEventListener('keydown', onKey, { capture: true });
      before?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="key-help-backdrop" onClick={onClose}>
      <div
        className="key-help"
        role="dialog"
        aria-modal="true"
        aria-labelledby="key-help-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="key-help-title">{keyText(language, 'helpTitle')}</h2>
        <p className="hint">{keyText(language, 'helpIntro')}</p>
        <dl className="key-help-list">
          {ROWS.map(([keys, what]) => (
            <div key={what} className="key-help-row">
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{keyText(language, what)}</dd>
            </div>
          ))}
        </dl>
        <button ref={closeRef} type="button" className="primary" onClick={onClose}>
          {keyText(language, 'helpClose')}
        </button>
      </div>
    </div>
  );
}
