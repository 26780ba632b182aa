import { useEffect, useMemo, useRef } from 'react';
import type { HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';
import { RunList } from './RunList';
import { RunsEmptyState } from './RunsEmptyState';
import { RunTimeline } from './RunTimeline';
import { useRuns } from './use-runs';
import './runs.css';

interface Props {
  client: InboxClient;
  /** The inbox's pending requests, to link `human_in_loop` entries to theirs. */
  pending: ReadonlyMap<string, HitlRequest>;
  now: number;
  /** Shows a pending request in the Inbox. */
  onOpenRequest: (id: string) => void;
}

/** The agent runs of `clarity-hitl run`: the list beside the selected run's live timeline. */
export function RunsView({ client, pending, now, onOpenRequest }: Props) {
  const { t } = useI18n();
  const { state, error, select } = useRuns(client);
  const detailRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const hilIndex = useMemo(() => {
    const index = new Map<string, string>();
    for (const r of pending.values()) if (r.source === 'tool-server-lite') index.set(r.key, r.id);
    return index;
  }, [pending]);
  const firstId = state.runs[0]?.id;
  useEffect(() => {
    if (!state.selectedId && firstId) select(firstId);
  }, [state.selectedId, firstId, select]);

  if (error && !state.loaded) return <p className="error center">{error}</p>;
  if (!state.loaded) return <p className="hint center">{t('loading')}</p>;
  if (state.runs.length === 0) return <RunsEmptyState />;
  return (
    <div className="runs">
      <RunList
        runs={state.runs}
        selectedId={state.selectedId}
        now={now}
        onSelect={select}
        onEnter={() => detailRef.current?.focus()}
        listRef={listRef}
      />
      {state.detail ? (
        <RunTimeline
          ref={detailRef}
          detail={state.detail}
          now={now}
          hilIndex={hilIndex}
          client={client}
          onOpenRequest={onOpenRequest}
          onBack={() => listRef.current?.focus()}
        />
      ) : (
        <p className={error ? 'error center' : 'hint center'}>
          {error ?? (state.selectedId ? t('runLoading') : t('runSelect'))}
        </p>
      )}
    </div>
  );
}
