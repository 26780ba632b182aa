import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { escapeControls } from '@contract/printable';
import type { HitlRequest } from '@contract/request';
import { pageStorage } from '../attention/attention-prefs';
import { useI18n } from '../i18n/I18nProvider';
import { UndoContext, type UndoScope } from './undo-context';
import { loadUndoSeconds, saveUndoSeconds } from './undo-prefs';
import { useUndoQueue } from './use-undo-queue';
import './undo.css';

/**
 * The undo window of the web inbox: an approval or confirm answered from the card waits a few
 * seconds (the setting, 5 s unless changed; 0 sends at once) in a toast with Undo (or the U key),
 * and goes out when the window closes. Automation (rules, the CLI, the API) never waits.
 */
export function UndoProvider({ now, children }: { now: number; children: ReactNode }) {
  const { t } = useI18n();
  const queue = useUndoQueue();
  const [seconds, setStoredSeconds] = useState(() => loadUndoSeconds(pageStorage()));
  const [error, setError] = useState<string | undefined>();
  const setSeconds = useCallback((next: number) => {
    saveUndoSeconds(pageStorage(), next);
    setStoredSeconds(next);
  }, []);
  const failed = useCallback(
    (request: HitlRequest, e: unknown) =>
      setError(
        t('undoSendFailed', {
          key: escapeControls(request.title ?? request.key),
          error: e instanceof Error ? e.message : String(e),
        }),
      ),
    [t],
  );
  const { held, hiddenIds, hold, undo, drop } = queue;
  const scope = useMemo<UndoScope>(
    () => ({
      seconds,
      setSeconds,
      heldIds: hiddenIds,
      hold: (request, ms, send) => {
        setError(undefined);
        hold(request, ms, send);
      },
      undo,
      drop,
      failed,
    }),
    [seconds, setSeconds, hiddenIds, hold, undo, drop, failed],
  );
  return (
    <UndoContext.Provider value={scope}>
      {children}
      <div className="undo-toasts" role="status" aria-live="polite">
        {held.map(({ request, due, ms }) => (
          <div key={request.id} className="undo-toast">
            <span>
              {t('undoPending', {
                key: escapeControls(request.title ?? request.key),
                // `now` ticks once a second: never more than the window itself.
                n: Math.min(ms / 1000, Math.max(1, Math.ceil((due - now) / 1000))),
              })}
            </span>
            <button type="button" className="secondary" onClick={() => undo(request.id)}>
              {t('undo')}
            </button>
          </div>
        ))}
        {error ? (
          <div className="undo-toast error" role="alert">
            <span>{error}</span>
            <button type="button" className="link" onClick={() => setError(undefined)}>
              {t('dismiss')}
            </button>
          </div>
        ) : null}
      </div>
    </UndoContext.Provider>
  );
}
