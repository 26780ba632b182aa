import { escapeControls } from '@contract/printable';
import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useEffect, useImperativeHandle, useRef, type CSSProperties } from 'react';
import { formatAge } from '../format/age';
import { rowPreview } from '../format/row-preview';
import { localizedPrompt, localizedTitle } from '@contract/hook-prompt';
import { useI18n } from '../i18n/I18nProvider';
import { urgencyOf } from '../state/urgency';
import { Countdown } from './Countdown';
import type { InboxRow } from '../state/group-requests';
import { whereDisconnected, whereOf } from '../client/multi-broker-client';
import type { HitlRequest } from '@contract/request';

const GROUP_HEIGHT = 34;
const ROW_HEIGHT = 64;

interface Props {
  rows: InboxRow[];
  selectedId: string | undefined;
  now: number;
  onSelect: (id: string) => void;
  /** Rows of requests resolved elsewhere whose cards are held (marked "resolved"). */
  resolvedIds?: ReadonlyMap<string, unknown>;
  /** Requests ticked for a bulk action. */
  checked: ReadonlySet<string>;
  /** Tick or untick one (`range`: shift, from the last ticked one). */
  onCheck: (id: string, range: boolean) => void;
  /** The rows are the newest page only (the rest is loading): group counts read "n+". */
  loadingMore?: boolean;
}

export interface RequestListHandle {
  focus(): void;
}

/** The virtualised pending list (10,000 rows stay fast): group headers and request rows. */
export const RequestList = forwardRef<RequestListHandle, Props>(function RequestList(
  { rows, selectedId, now, onSelect, checked, onCheck, loadingMore, resolvedIds },
  ref,
) {
  const { t } = useI18n();
  const scrollRef = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => scrollRef.current?.focus() }), []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT),
    overscan: 12,
  });
  const selectedIndex = rows.findIndex((r) => r.kind === 'request' && r.request.id === selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  return (
    <div
      ref={scrollRef}
      className="request-list"
      role="listbox"
      tabIndex={0}
      aria-label={t('requestList')}
      aria-multiselectable={checked.size > 0 || undefined}
      aria-activedescendant={selectedId ? `row-${selectedId}` : undefined}
      aria-busy={loadingMore || undefined}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const style = {
            position: 'absolute' as const,
            top: 0,
            left: 0,
            right: 0,
            height: item.size,
            transform: `translateY(${item.start}px)`,
          };
          if (row.kind === 'group') {
            return (
              <GroupHeader
                key={`g-${row.groupKey}`}
                row={row}
                style={style}
                loadingMore={loadingMore}
              />
            );
          }
          const r = row.request;
          return (
            <RequestRow
              key={r.id}
              request={r}
              style={style}
              now={now}
              selected={r.id === selectedId}
              resolved={resolvedIds?.has(r.id) ?? false}
              ticked={checked.has(r.id)}
              onSelect={onSelect}
              onCheck={onCheck}
            />
          );
        })}
      </div>
    </div>
  );
});

/** A group's header row: its agent (or source), the agent's runtime and folder, its count. */
function GroupHeader({
  row,
  style,
  loadingMore,
}: {
  row: Extract<InboxRow, { kind: 'group' }>;
  style: CSSProperties;
  loadingMore: boolean | undefined;
}) {
  const { t } = useI18n();
  const label = row.agent ? (row.agent.name ?? row.agent.id) : row.source;
  const detail = row.agent
    ? [row.agent.runtime, row.agent.projectDir].filter(Boolean).join(' · ')
    : '';
  return (
    <div role="presentation" className="group-header" style={style}>
      <span className="group-label">{label}</span>
      {detail ? <span className="group-detail">{detail}</span> : null}
      {loadingMore ? (
        <span className="count" title={t('loadingMore')}>{`${row.count}+`}</span>
      ) : (
        <span className="count">{row.count}</span>
      )}
    </div>
  );
}

/** A request row's classes: selected, ticked, held as resolved, urgent. */
function rowClasses(selected: boolean, ticked: boolean, resolved: boolean, urgent: boolean) {
  const classes = ['request-row'];
  if (selected) classes.push('selected');
  if (ticked) classes.push('checked');
  if (resolved) classes.push('resolved');
  if (urgent) classes.push('urgent');
  return classes.join(' ');
}

interface RowProps {
  request: HitlRequest;
  style: CSSProperties;
  now: number;
  selected: boolean;
  resolved: boolean;
  ticked: boolean;
  onSelect: (id: string) => void;
  onCheck: (id: string, range: boolean) => void;
}

/** One request's row: its tick box, title, where it is from, countdown, age and preview. */
function RequestRow({
  request: r,
  style,
  now,
  selected,
  resolved,
  ticked,
  onSelect,
  onCheck,
}: RowProps) {
  const { t, language } = useI18n();
  return (
    <div
      id={`row-${r.id}`}
      role="option"
      aria-selected={selected}
      aria-checked={ticked}
      className={rowClasses(selected, ticked, resolved, urgencyOf(r, now) === 'urgent')}
      style={style}
      onClick={(e) => {
        if (e.shiftKey || e.ctrlKey || e.metaKey) {
          e.preventDefault();
          onCheck(r.id, e.shiftKey);
        } else onSelect(r.id);
      }}
    >
      <span
        className="row-check"
        aria-hidden="true"
        title={t('selectRow', { key: r.title ?? r.key })}
        onClick={(e) => {
          e.stopPropagation();
          onCheck(r.id, e.shiftKey);
        }}
      >
        {ticked ? '✓' : ''}
      </span>
      <div className="row-body">
        <div className="row-top">
          <span className="row-key">{escapeControls(localizedTitle(r, language) ?? r.key)}</span>
          {resolved ? <span className="badge resolved-badge">{t('resolvedRow')}</span> : null}
          <RowWhere request={r} />
          <Countdown request={r} now={now} />
          <span className="row-age">{formatAge(now - r.createdAt, t)}</span>
        </div>
        <div className="row-prompt">
          {r.agent ? <span className="row-agent">{r.agent.name ?? r.agent.id} · </span> : null}
          {rowPreview(r.title, localizedPrompt(r, language))}
        </div>
      </div>
    </div>
  );
}

/** Which broker a request is on (several brokers shown at once), and whether it is offline. */
function RowWhere({ request: r }: { request: HitlRequest }) {
  const { t } = useI18n();
  const where = whereOf(r);
  if (!where) return null;
  const off = whereDisconnected(r);
  return (
    <span
      className={off ? 'row-where disconnected' : 'row-where'}
      title={off ? `${t('where')}: ${t('whereDisconnected')}` : t('where')}
    >
      {escapeControls(where)}
      {off ? ` · ${t('whereOffline')}` : null}
    </span>
  );
}
