import type { ConnectionState } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';

/** A banner while the live connection to the broker is down (ages and lists may be stale). */
export function ConnectionBanner({ state }: { state: ConnectionState }) {
  const { t } = useI18n();
  if (state === 'open' || state === 'connecting') return null;
  return (
    <div className="banner" role="alert">
      {t('connectionLost')}
    </div>
  );
}
