import { useState } from 'react';
import type { HitlRequest } from '@contract/request';
import { useI18n } from '../i18n/I18nProvider';
import { onDemandText, type OnDemandKey } from '../i18n/on-demand-strings';
import './snooze.css';

interface Props {
  asleep: readonly HitlRequest[];
  until: (id: string) => number | undefined;
  unsnooze: (id: string) => void;
}

/** "N snoozed": a toggle that shows the snoozed requests, each with when it comes back and Unsnooze. */
export function SnoozedList({ asleep, until, unsnooze }: Props) {
  const { language } = useI18n();
  const ot = (key: OnDemandKey, vars?: Record<string, string | number>) =>
    onDemandText(language, key, vars);
  const [open, setOpen] = useState(false);
  if (!asleep.length) return null;
  const time = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <div className="snoozed">
      <button
        type="button"
        className="secondary snoozed-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {ot('snoozedCount', { n: asleep.length })}
      </button>
      {open ? (
        <ul className="snoozed-list" aria-label={ot('snoozedListLabel')}>
          {asleep.map((r) => (
            <li key={r.id}>
              <span className="snoozed-title">{r.title ?? r.key}</span>
              <span className="hint">
                {ot('snoozedUntil', { time: time.format(until(r.id) ?? Date.now()) })}
              </span>
              <button type="button" className="secondary" onClick={() => unsnooze(r.id)}>
                {ot('unsnooze')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
