import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { NotifyEvents } from '@contract/notify-events';
import { useI18n } from '../i18n/I18nProvider';
import type { NotifyState } from './use-attention';
// Loaded when first opened: it stays out of the inbox's first load.
const NotifyEventsPanel = lazy(() =>
  import('./NotifyEventsPanel').then((m) => ({ default: m.NotifyEventsPanel })),
);

interface Props {
  notify: NotifyState;
  toggleNotify: () => void;
  sound: boolean;
  setSound: (on: boolean) => void;
  events: NotifyEvents;
  setEvents: (events: NotifyEvents) => void;
}

/** "Notify me", which events notify, and the sound toggle of the web inbox's top bar. */
export function AttentionControls({
  notify,
  toggleNotify,
  sound,
  setSound,
  events,
  setEvents,
}: Props) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  }, []);
  return (
    <div className="notify-controls">
      {notify === 'unsupported' ? null : (
        <button
          type="button"
          className="secondary notify-me"
          aria-pressed={notify === 'on'}
          disabled={notify === 'blocked'}
          title={notify === 'blocked' ? t('notifyBlockedHint') : t('notifyHint')}
          onClick={toggleNotify}
        >
          {t('notifyMe')}
        </button>
      )}
      <span className="notify-events-anchor">
        <button
          ref={toggle}
          type="button"
          className="secondary notify-events-toggle"
          aria-expanded={open}
          aria-controls={open ? 'notify-events-panel' : undefined}
          aria-label={t('notifyEvents')}
          title={t('notifyEvents')}
          onClick={() => setOpen(!open)}
        >
          ▾
        </button>
        {open ? (
          <Suspense fallback={null}>
            <NotifyEventsPanel value={events} onChange={setEvents} onClose={close} />
          </Suspense>
        ) : null}
      </span>
      {notify === 'blocked' ? <span className="hint">{t('notifyBlocked')}</span> : null}
      <label className="sound-toggle" title={t('soundHint')}>
        <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} />
        {t('soundLabel')}
      </label>
    </div>
  );
}
