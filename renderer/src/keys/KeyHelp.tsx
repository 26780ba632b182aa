import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { keyText } from './key-strings';
import { KEY_TABLE, keyHints } from './key-table';
import { UndoSetting } from '../undo/UndoSetting';
import './keys.css';

/**
 * The keyboard help overlay (opened with ?): a modal dialog listing the keys; Esc, the Close
 * button or ? again closes it (every other key is held inside it), and focus returns where it was.
 */
export function KeyHelp({ onClose }: { onClose: () => void }) {
  const { language } = useI18n();
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // No key reaches the inbox or popover behind the overlay (Enter still presses Close).
      event.stopImmediatePropagation();
      // Tab cycles through the dialog's own controls (the undo setting, Close), never behind it.
      if (event.key === 'Tab') {
        event.preventDefault();
        cycleFocus(dialogRef.current, event.shiftKey);
        return;
      }
      // Keys typed on the setting stay there (its arrows, letters); Esc and ? still close.
      if ((event.target as HTMLElement | null)?.tagName === 'SELECT' && event.key !== 'Escape')
        return;
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
        ref={dialogRef}
        className="key-help"
        role="dialog"
        aria-modal="true"
        aria-labelledby="key-help-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="key-help-title">{keyText(language, 'helpTitle')}</h2>
        <p className="hint">{keyText(language, 'helpIntro')}</p>
        <dl className="key-help-list">
          {KEY_TABLE.map(({ label, what }) => (
            <div key={what} className="key-help-row">
              <dt>
                <kbd>{label}</kbd>
              </dt>
              <dd>{keyText(language, what)}</dd>
            </div>
          ))}
        </dl>
        <UndoSetting />
        <button ref={closeRef} type="button" className="primary" onClick={onClose}>
          {keyText(language, 'helpClose')}
        </button>
      </div>
    </div>
  );
}

/**
 * The hint line under the inbox's card: every key the inbox handles (KEY_TABLE), briefly. A
 * narrow window shows only the brief ones (keys.css); the rest stay for screen readers and `?`.
 */
export function KeyHint() {
  const { language } = useI18n();
  return (
    <p className="hint keyboard-help">
      {keyHints(language).map(({ text, brief }) => (
        <span key={text} className={brief ? 'brief' : undefined}>
          {text}
        </span>
      ))}
    </p>
  );
}

/** Moves focus to the next (or previous) control inside `box`, wrapping around. */
function cycleFocus(box: HTMLElement | null, back: boolean): void {
  const controls = [...(box?.querySelectorAll<HTMLElement>('button, select') ?? [])];
  if (!controls.length) return;
  const at = controls.indexOf(document.activeElement as HTMLElement);
  const next = (at + (back ? -1 : 1) + controls.length) % controls.length;
  controls[next]?.focus();
}
