import { useI18n } from '../i18n/I18nProvider';
import type { NotifyState } from './use-attention';

interface Props {
  notify: NotifyState;
  toggleNotify: () => void;
  sound: boolean;
  setSound: (on: boolean) => void;
}

/** "Notify me" and the sound toggle of the web inbox's top bar. */
export function AttentionControls({ notify, toggleNotify, sound, setSound }: Props) {
  const { t } = useI18n();
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
      {notify === 'blocked' ? <span className="hint">{t('notifyBlocked')}</span> : null}
      <label className="sound-toggle" title={t('soundHint')}>
        <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} />
        {t('soundLabel')}
      </label>
    </div>
  );
}
