import type { UnreadableItem } from '@contract/unreadable';
import { escapeControls } from '@contract/printable';
import { useI18n } from '../i18n/I18nProvider';
import './undelivered.css';

// Loaded with the problem lists (on first use): its strings stay out of the first load too.
const STRINGS = {
  en: {
    title: 'Answered — not yet delivered ({n})',
    answer: 'Answer',
    dismiss: 'Dismiss',
    dismissLabel: 'Dismiss the undelivered answer to {origin}',
  },
  zh: {
    title: '已回答 — 尚未送达（{n}）',
    answer: '回答',
    dismiss: '忽略',
    dismissLabel: '忽略发给 {origin} 的未送达回答',
  },
};

interface Props {
  items: UnreadableItem[];
  onDismiss: (id: string) => void;
}

/**
 * Answers the operator gave that have not reached their agent (a failing answer file, an agent
 * that hung up before its reply went out, …): the request, why, and the answer itself. Each goes
 * by itself once delivered; one that can never be delivered says so and can be dismissed.
 */
export function UndeliveredItems({ items, onDismiss }: Props) {
  const { language } = useI18n();
  const s = language === 'zh' ? STRINGS.zh : STRINGS.en;
  if (items.length === 0) return null;
  return (
    <section className="unreadable undelivered" aria-labelledby="undelivered-title">
      <h2 id="undelivered-title" className="unreadable-title">
        <span aria-hidden="true">⟳ </span>
        {s.title.replace('{n}', String(items.length))}
      </h2>
      <ul className="unreadable-list">
        {items.map((item) => {
          const origin = escapeControls(item.origin);
          return (
            <li key={item.id} className="unreadable-item" data-request-id={item.requestId}>
              <div className="unreadable-text">
                <div className="unreadable-origin">
                  <strong>{origin}</strong>
                  <span className="unreadable-source">{item.source}</span>
                </div>
                <div className="unreadable-reason">{escapeControls(item.reason)}</div>
                <div className="undelivered-answer">
                  <span className="undelivered-answer-label">{s.answer}</span>
                  <span className="undelivered-answer-text">
                    {escapeControls(item.answer ?? '')}
                  </span>
                </div>
              </div>
              <button
                type="button"
                className="secondary"
                onClick={() => onDismiss(item.id)}
                aria-label={s.dismissLabel.replace('{origin}', origin)}
              >
                {s.dismiss}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
