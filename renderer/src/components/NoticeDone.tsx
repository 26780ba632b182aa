import { useI18n } from '../i18n/I18nProvider';

/** The reason a notice marked done is resolved with (kept in the history). */
export const MARKED_DONE_REASON = 'Marked done';

/**
 * "Mark done" on a notice (nothing to answer, no agent waits on it): one click or E, no second
 * step, worded unlike cancelling a question. `data-mark-done` is what the E key presses.
 */
export function NoticeDone({ busy, done }: { busy: boolean; done: () => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="primary" data-mark-done disabled={busy} onClick={done}>
      {t('markDone')}
    </button>
  );
}
