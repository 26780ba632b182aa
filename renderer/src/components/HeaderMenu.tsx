import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider';

/**
 * The top bar's preferences (notifications, sound, theme, language, the key help...). On a wide
 * window they sit in the bar; on a narrow one (≤ 720 px, where they would wrap the bar to three
 * rows) they fold behind a ⋯ button and open as a menu under it. Esc or a click elsewhere closes
 * it (Esc returns focus to the button), as does choosing an item marked `data-close-menu`.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey, { capture: true });
    };
  }, [open]);
  return (
    <div ref={boxRef} className={open ? 'header-menu open' : 'header-menu'}>
      <button
        ref={buttonRef}
        type="button"
        className="link header-menu-toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('moreMenu')}
        title={t('moreMenu')}
        onClick={() => setOpen((o) => !o)}
      >
        ⋯
      </button>
      {/* An item that leaves for another view (data-close-menu) closes the menu behind it. */}
      <div
        id={id}
        className="prefs"
        onClick={(e) => {
          if ((e.target as Element).closest('[data-close-menu]')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
