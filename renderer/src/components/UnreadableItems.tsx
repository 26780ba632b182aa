import type { UnreadableItem } from '@contract/unreadable';
import { escapeControls } from '@contract/printable';
import { useI18n } from '../i18n/I18nProvider';

interface Props {
  items: UnreadableItem[];
  onDismiss: (id: string) => void;
}

/**
 * What agents sent that the broker could not read (a bad `.question` file, a bad request): the
 * file or request, the field and the reason, each dismissable. A file's item also goes by itself
 * once the file is fixed or removed.
 */
export function UnreadableItems({ items, onDismiss }: Props) {
  const { t } = useI18n();
  if (items.length === 0) return null;
  return (
    <section className="unreadable" aria-labelledby="unreadable-title">
      <h2 id="unreadable-title" className="unreadable-title">
        <span aria-hidden="true">⚠ </span>
        {t('unreadableTitle', { n: items.length })}
      </h2>
      <ul className="unreadable-list">
        {items.map((item) => (
          <li key={item.id} className="unreadable-item">
            <div className="unreadable-text">
              <div className="unreadable-origin">
                <code>{escapeControls(item.origin)}</code>
                <span className="unreadable-source">{item.source}</span>
                {item.count > 1 ? (
                  <span className="unreadable-count">
                    {t('unreadableTimes', { n: item.count })}
                  </span>
                ) : null}
              </div>
              {item.field ? (
                <div className="unreadable-field">
                  {t('unreadableField')} <code>{escapeControls(item.field)}</code>
                </div>
              ) : null}
              <div className="unreadable-reason">{escapeControls(item.reason)}</div>
            </div>
            <button
              type="button"
              className="secondary"
              onClick={() => onDismiss(item.id)}
              aria-label={t('unreadableDismissLabel', { origin: escapeControls(item.origin) })}
            >
              {t('unreadableDismiss')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
