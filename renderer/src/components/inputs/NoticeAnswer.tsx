import type { HitlRequest } from '@contract/request';
import { useI18n } from '../../i18n/I18nProvider';

/**
 * An informational item: a coding agent waiting in its terminal, or a session that finished (or
 * failed) its turn. Nothing to answer here; it can be dismissed.
 */
export function NoticeAnswer({ request }: { request?: Pick<HitlRequest, 'input'> }) {
  const { t } = useI18n();
  const session = request?.input.kind === 'notice' ? request.input.session : undefined;
  const key =
    session === 'finished'
      ? 'noticeFinishedHint'
      : session === 'failed'
        ? 'noticeFailedHint'
        : 'noticeHint';
  return <p className="hint notice-hint">{t(key)}</p>;
}
