import type { NotifyEvents } from '@contract/notify-events';
import { useI18n } from '../i18n/I18nProvider';
import { notifyEventsStrings } from './notify-events-strings';
import './notify-events.css';

/** The events, in display order (kept here: the inbox's first load has no use for the list). */
const NAMES: readonly (keyof NotifyEvents)[] = ['finished', 'failed', 'waiting'];

/**
 * The setting "which events notify" as checkboxes: questions and approvals always (shown, not
 * changeable), then a finished session, a failed session and an agent waiting in its terminal.
 * `disabled` greys it all (notifications are off altogether).
 */
export function NotifyEventsChoice({
  value,
  onChange,
  disabled = false,
}: {
  value: NotifyEvents;
  onChange: (next: NotifyEvents) => void;
  disabled?: boolean;
}) {
  const { language } = useI18n();
  const s = notifyEventsStrings(language);
  return (
    <fieldset className="notify-events" disabled={disabled}>
      <legend>{s.legend}</legend>
      <label className="check">
        <input type="checkbox" checked disabled /> {s.questions}
      </label>
      {NAMES.map((name) => (
        <label className="check" key={name}>
          <input
            type="checkbox"
            checked={value[name]}
            onChange={(e) => onChange({ ...value, [name]: e.target.checked })}
          />{' '}
          {s[name]}
        </label>
      ))}
    </fieldset>
  );
}
