import { useId, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { onDemandText, type OnDemandKey } from '../i18n/on-demand-strings';
import { snoozeChoices } from './snooze-store';
import { ModalDialog } from '../components/ModalDialog';

interface Props {
  /** The request's title, so the operator sees which one leaves the list. */
  title: string;
  now: number;
  /** Chosen: until when; undefined when the operator kept it (Esc, Cancel). */
  onClose: (until: number | undefined) => void;
}

/** "YYYY-MM-DDTHH:MM" in local time, what a datetime-local input holds. */
function localInput(at: number): string {
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/**
 * Snooze one request: 15 minutes, 1 hour, tomorrow 9:00 (also keys 1–3) or a custom time later
 * than now. Esc or Cancel keeps it in the list.
 */
export function SnoozeDialog({ title, now, onClose }: Props) {
  const { language } = useI18n();
  const ot = (key: OnDemandKey, vars?: Record<string, string | number>) =>
    onDemandText(language, key, vars);
  const titleId = useId();
  const customId = useId();
  const [choices] = useState(() => snoozeChoices(now));
  const [custom, setCustom] = useState(() => localInput(now + 2 * 60 * 60_000));
  const customAt = new Date(custom).getTime();
  const customOk = Number.isFinite(customAt) && customAt > Date.now();
  const time = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <ModalDialog
      titleId={titleId}
      className="bulk-dialog snooze-dialog"
      onDismiss={() => onClose(undefined)}
      onKeyDown={(e) => {
        // 1–3 pick a length unless typing the custom time.
        const pick = /^[1-3]$/.test(e.key) && (e.target as HTMLElement).tagName !== 'INPUT';
        if (pick) {
          e.preventDefault();
          onClose(choices[Number(e.key) - 1]!.until);
        }
      }}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (customOk) onClose(customAt);
        }}
      >
        <h2 id={titleId}>{ot('snoozeTitle')}</h2>
        <p className="hint">{title}</p>
        <div className="snooze-choices">
          {choices.map((c, i) => (
            <button
              key={c.label}
              type="button"
              className="secondary"
              autoFocus={i === 0}
              onClick={() => onClose(c.until)}
            >
              <kbd>{i + 1}</kbd> {ot(c.label)} <span>· {time.format(c.until)}</span>
            </button>
          ))}
        </div>
        <label htmlFor={customId}>{ot('snoozeCustom')}</label>
        <input
          id={customId}
          type="datetime-local"
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
        />
        <div className="bulk-actions">
          <button type="submit" className="primary" disabled={!customOk}>
            {ot('snoozeAtCustom')}
          </button>
          <button type="button" className="secondary" onClick={() => onClose(undefined)}>
            {ot('snoozeKeep')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
