import { forwardRef, useEffect, useMemo, useRef } from 'react';
import type { RunDetail } from '@contract/run-schemas';
import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';
import { formatDuration, runDuration, runTitle, timelineItems } from './run-format';
import { RunEventItem } from './RunEventItem';
import { RunProgress } from './RunProgress';
import { RunStatusBadge } from './RunStatusBadge';

interface Props {
  detail: RunDetail;
  now: number;
  hilIndex: ReadonlyMap<string, string>;
  client: InboxClient;
  onOpenRequest: (id: string) => void;
  /** Esc: back to the run list. */
  onBack: () => void;
}

/** The selected run: its header (status, progress, command, exit) and its live timeline. */
export const RunTimeline = forwardRef<HTMLElement, Props>(function RunTimeline(
  { detail, now, hilIndex, client, onOpenRequest, onBack },
  ref,
) {
  const { t } = useI18n();
  const { run, entries } = detail;
  const items = useMemo(() => timelineItems(entries), [entries]);
  const dropped = entries[0]?.n ?? 0;
  const endRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);
  // Follow the stream while the operator is at the bottom; leave them be once they scroll up.
  useEffect(() => {
    if (followRef.current) endRef.current?.scrollIntoView({ block: 'end' });
  }, [items]);
  return (
    <section
      ref={ref}
      className="run-detail"
      aria-label={t('runTimeline')}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onBack();
      }}
      onScroll={(e) => {
        const el = e.currentTarget;
        followRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      <RunHeader run={run} now={now} />
      {dropped > 0 ? <p className="hint">{t('runOlderDropped', { n: dropped })}</p> : null}
      <ol className="run-timeline" aria-live="polite" aria-relevant="additions">
        {items.map((item) => (
          <li key={item.key} className={`run-item run-item-${item.kind}`}>
            <TimelineBody
              item={item}
              hilIndex={hilIndex}
              client={client}
              onOpenRequest={onOpenRequest}
            />
          </li>
        ))}
      </ol>
      <div ref={endRef} />
    </section>
  );
});

/** The run's header: title and status, progress, command, project, start, duration and exit. */
function RunHeader({ run, now }: { run: RunDetail['run']; now: number }) {
  const { t, language } = useI18n();
  const when = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const exit =
    run.signal != null
      ? t('runSignal', { signal: run.signal })
      : run.exitCode != null
        ? t('runExitCode', { code: run.exitCode })
        : undefined;
  return (
    <header className="run-header">
      <h2>
        {runTitle(run)} <RunStatusBadge status={run.status} />
      </h2>
      <RunProgress phase={run.phase} pct={run.pct} />
      <dl className="meta">
        <div>
          <dt>{t('runCommand')}</dt>
          <dd>
            <code>{run.command.join(' ')}</code>
          </dd>
        </div>
        {run.project ? (
          <div>
            <dt>{t('runProject')}</dt>
            <dd>{run.project}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('runEventStart')}</dt>
          <dd>{when.format(run.startedAt)}</dd>
        </div>
        <div>
          <dt>{t('runDurationLabel')}</dt>
          <dd>
            {formatDuration(runDuration(run, now))}
            {exit ? ` · ${exit}` : ''}
          </dd>
        </div>
      </dl>
    </header>
  );
}

/** One timeline item's body: a stream line, a block of output, or an event. */
function TimelineBody({
  item,
  hilIndex,
  client,
  onOpenRequest,
}: {
  item: ReturnType<typeof timelineItems>[number];
  hilIndex: ReadonlyMap<string, string>;
  client: InboxClient;
  onOpenRequest: (id: string) => void;
}) {
  const { t } = useI18n();
  if (item.kind === 'stream') return <p className="run-stream">{item.text}</p>;
  if (item.kind === 'log') {
    return (
      <pre className="run-log" aria-label={t('runOutput')}>
        {item.lines.join('\n')}
      </pre>
    );
  }
  return (
    <RunEventItem item={item} hilIndex={hilIndex} client={client} onOpenRequest={onOpenRequest} />
  );
}
