import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';
import type { TimelineItem } from './run-format';
import { HilLink } from './HilLink';

type EventItem = Extract<TimelineItem, { kind: 'event' }>;

interface Props {
  item: EventItem;
  /** Pending Tool Server Lite request ids by hil_id. */
  hilIndex: ReadonlyMap<string, string>;
  client: InboxClient;
  onOpenRequest: (id: string) => void;
}

/** One non-token event of the timeline: start, progress, notice, artifact, HIL, result or end. */
export function RunEventItem({ item, hilIndex, client, onOpenRequest }: Props) {
  const { t } = useI18n();
  const e = item.event;
  switch (e.type) {
    case 'start':
      return (
        <Line kind="start" label={t('runEventStart')}>
          {[e.agent, e.task].filter(Boolean).join(' · ')}
          {e.project ? <span className="hint"> · {e.project}</span> : null}
        </Line>
      );
    case 'progress':
      return (
        <Line kind="progress" label={t('runEventProgress')}>
          {[e.phase, e.pct === undefined ? undefined : `${Math.round(e.pct)}%`]
            .filter(Boolean)
            .join(' · ')}
        </Line>
      );
    case 'notice':
      return (
        <Line kind="notice" label={t('runEventNotice')}>
          {e.text}
        </Line>
      );
    case 'artifact':
      return (
        <Line kind="artifact" label={t('runEventArtifact')}>
          {e.kind ? <span className="badge">{e.kind}</span> : null} <code>{e.path}</code>
          {e.summary ? <span> — {e.summary}</span> : null}
        </Line>
      );
    case 'human_in_loop':
      return (
        <Line kind="hil" label={t('runEventHil')}>
          <strong>{e.title ?? e.hil_id}</strong>
          {e.message ? <span> — {e.message}</span> : null}{' '}
          <HilLink
            hilId={e.hil_id}
            pendingId={hilIndex.get(e.hil_id)}
            client={client}
            onOpenRequest={onOpenRequest}
          />
        </Line>
      );
    case 'result':
      return (
        <Line
          kind={e.ok === false ? 'result-failed' : 'result-ok'}
          label={e.ok === false ? t('runEventResultFailed') : t('runEventResultOk')}
        >
          {e.summary}
          {e.artifacts?.length ? (
            <ul className="run-artifacts">
              {e.artifacts.map((a) => (
                <li key={a}>
                  <code>{a}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </Line>
      );
    case 'end':
      return (
        <Line kind="end" label={t('runEventEnd')}>
          {e.status}
        </Line>
      );
  }
}

function Line({
  kind,
  label,
  children,
}: {
  kind: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`run-event run-event-${kind}`}>
      <span className="run-event-label">{label}</span>
      <div className="run-event-body">{children}</div>
    </div>
  );
}
