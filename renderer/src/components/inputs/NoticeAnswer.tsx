import { useI18n } from '../../i18n/I18nProvider';

/** An informational item (a coding agent waiting in its terminal): nothing to answer here. */
export function NoticeAnswer() {
  const { t } = useI18n();
  return <p className="hint notice-hint">{t('noticeHint')}</p>;
}
