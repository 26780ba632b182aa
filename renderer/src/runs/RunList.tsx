import type { KeyboardEvent, RefObject } from 'react';
import type { RunSummary } from '@contract/run-schemas';
import { useI18n } from '../i18n/I18nProvider';
import { formatDuration, runDuration, runTitle } from './run-format';
import { RunProgress } from './RunProgress';
import { RunStatusBadge } from './RunStatusBadge';

interface Props {
  runs: readonly RunSummary[];
  selectedId: string | undefined;
  now: number;
  onSelect: (id: string) => void;
  /** Enter on the list: move into the selected run's timeline. */
  onEnter: () => void;
  /** The list element (focused again on a click, and by Esc in the timeline). */
  listRef: RefObject<HTMLDivElement | null>;
}

/** The runs, newest first: title, status, progress, start and duration. ↑/↓ or j/k move. */
export function RunList({ runs, selectedId, now, onSelect, onEnter, listRef }: Props) {
  const { t, language } = useI18n();
  const time = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', { timeStyle: 'short' });
  const onKeyDown = (event: KeyboardEvent) => {
    const index = runs.findIndex((r) => r.id === selectedId);
    const step = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 }[event.key];
    if (step !== undefined) {
      const next = runs[Math.max(0, Math.min(runs.length - 1, index + step))];
      if (next) onSelect(next.id);
      document.getElementById(`run-${next?.id}`)?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') onEnter();
    else return;
    event.preventDefault();
  };
  return (
    <div
      ref={listRef}
      className="run-list"
      role="listbox"
      tabIndex={0}
      aria-label={t('runList')}
      aria-activedescendant={selectedId ? `run-${selectedId}` : undefined}
      onKeyDown={onKeyDown}
    >
      {runs.map((run) => (
        <div
          key={run.id}
          id={`run-${run.id}`}
          role="option"
          aria-selected={run.id === selectedId}
          className={run.id === selectedId ? 'run-row selected' : 'run-row'}
          data-run-status={run.status}
          onClick={() => {
            onSelect(run.id);
            listRef.current?.focus();
          }}
        >
          <div className="run-row-top">
            <span className="run-row-title" title={run.command.join(' ')}>
              {runTitle(run)}
            </span>
            <RunStatusBadge status={run.status} />
          </div>
          {run.status === 'running' ? <RunProgress phase={run.phase} pct={run.pct} /> : null}
          <div className="run-row-meta hint">
            <span>{t('runStarted', { time: time.format(run.startedAt) })}</span>
            <span>{formatDuration(runDuration(run, now))}</span>
          </div>
        </div>
      ))}
    </div>
  );
}
