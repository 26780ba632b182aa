import { useEffect } from 'react';
import { useI18n } from '../i18n/I18nProvider';

export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'success';
}

const NOTICE_MS = 6000;

/** Short-lived notices ("answered elsewhere"), announced politely to screen readers. */
export function Notices({
  notices,
  dismiss,
}: {
  notices: Notice[];
  dismiss: (id: number) => void;
}) {
  const { t } = useI18n();
  const first = notices[0];
  useEffect(() => {
    if (!first) return;
    const timer = setTimeout(() => dismiss(first.id), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [first, dismiss]);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice ${n.tone}`}>
          <span>{n.text}</span>
          <button
            type="button"
            className="link"
            aria-label={t('dismiss')}
            onClick={() => dismiss(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
